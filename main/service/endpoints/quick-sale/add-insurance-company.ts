import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { insuranceCompanies } from '../../store/insurance-company.js';

/** Names compare without regard to case or runs of spaces: "Star  health" is Star Health again. */
export const addInsuranceCompany = implement(api.QuickSale.addInsuranceCompany, ({ body }, ctx) => {
  const name = body.insuranceCompanyName.replace(/\s+/g, ' ').trim();
  const store = insuranceCompanies(ctx.db);
  const id = ctx.db
    .transaction(() => {
      if (store.byName(ctx.user.companyId, name)) {
        throw invalid('This insurance company already exists', { insuranceCompanyName: [`${name} already exists`] });
      }
      return store.insert(ctx.ids, ctx.user.companyId, { name, code: null, active: body.isActive ?? true }, ctx.now().toISOString());
    })
    .immediate();
  return { message: `${name} added`, id: ctx.enc.encode('insuranceCompany', id) };
});
