import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { fitters } from '../../store/fitter.js';

export const fittersDropdown = implement(api.QuickSale.fittersDropdown, (_input, ctx) =>
  fitters(ctx.db)
    .active(ctx.user.companyId)
    .map((f) => ({ id: ctx.enc.encode('fitter', f.id), name: f.name })),
);
