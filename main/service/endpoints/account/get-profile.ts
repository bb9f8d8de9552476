import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { branches } from '../../store/branch.js';
import { companies } from '../../store/company.js';

export const getProfile = implement(api.Account.getProfile, (_input, ctx) => {
  const company = companies(ctx.db).byId(ctx.user.companyId)!;
  const { encode } = ctx.enc;
  return {
    profile: {
      companyID: encode('company', company.id),
      companyName: company.name,
      companyEmail: company.email,
      companyMobile: company.mobile,
      taxNO: company.gstin,
      address: company.address,
      city: company.city,
      stateID: encode('state', company.state_id),
      countryID: encode('country', company.country_id),
      logo: company.logo,
      branches: branches(ctx.db)
        .ofCompany(company.id)
        .map((b) => ({
          branchID: encode('branch', b.id),
          branchName: b.name,
          branchCity: b.city,
          branchMobile: b.mobile,
          branchEmail: b.email,
        })),
    },
  };
});
