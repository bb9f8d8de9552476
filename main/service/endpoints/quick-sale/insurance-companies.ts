import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { insuranceCompanies as store } from '../../store/insurance-company.js';

export const insuranceCompanies = implement(api.QuickSale.insuranceCompanies, ({ query }, ctx) =>
  store(ctx.db)
    .list(ctx.user.companyId, query.activeOnly)
    .map((c) => ({ id: ctx.enc.encode('insuranceCompany', c.id), name: c.name, code: c.code, isActive: c.is_active === 1 })),
);
