import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { branches } from '../../store/branch.js';
import { companies } from '../../store/company.js';
import { countries } from '../../store/country.js';
import { states } from '../../store/state.js';

/** The signed-in branch; its logo falls back to the company's, as on the login answer. */
export const branchDetails = implement(api.QuickSale.branchDetails, (_input, ctx) => {
  const branch = branches(ctx.db).byId(ctx.user.branchId)!;
  const company = companies(ctx.db).byId(ctx.user.companyId)!;
  return {
    branchID: ctx.enc.encode('branch', branch.id),
    branchName: branch.name,
    branchAddress: branch.address,
    branchCity: branch.city,
    branchMobile: branch.mobile,
    branchEmail: branch.email,
    branchTaxNO: branch.gstin,
    branchLogo: branch.logo ?? company.logo,
    branchSignature: branch.signature,
    branchCountry: countries(ctx.db).byId(branch.country_id)?.name ?? null,
    branchState: states(ctx.db).byId(branch.state_id)?.name ?? null,
    companyName: company.name,
  };
});
