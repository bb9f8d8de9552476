import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { doctors } from '../../store/doctor.js';

/** Active doctors only: an inactive one stays on old prescriptions but is not offered for new orders. */
export const doctorsDropdown = implement(api.QuickSale.doctorsDropdown, (_input, ctx) =>
  doctors(ctx.db)
    .search({ companyId: ctx.user.companyId, isActive: true, orderBy: 'name ASC, id ASC' })
    .rows.map((d) => ({ id: ctx.enc.encode('doctor', d.id), name: d.name })),
);
