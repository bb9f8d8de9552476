import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { suppliers } from '../../store/supplier.js';

export const suppliersDropdown = implement(api.QuickSale.suppliersDropdown, (_input, ctx) =>
  suppliers(ctx.db)
    .active(ctx.user.companyId)
    .map((s) => ({ id: ctx.enc.encode('supplier', s.id), name: s.name })),
);
