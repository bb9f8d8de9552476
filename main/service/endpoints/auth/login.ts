import { api } from '../../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../../shared/models/auth.js';
import { ROLE_NAMES } from '../../../../shared/contract/roles.js';
import { signIn } from '../../auth/sign-in.js';
import { implement } from '../../http/handler.js';
import { modules } from '../../store/module.js';

/** Auth/login: auth/sign-in.ts checks the user; the answer names who, where and which year. */
export const login = implement(api.Auth.login, async ({ body }, ctx) => {
  const { user, company, branch, year } = await signIn(ctx, body.userName, body.password, body.branchID);
  const { encode, encodeNullable } = ctx.enc;

  const ids = {
    sub: encode('user', user.id),
    company: encode('company', company.id),
    branch: encode('branch', branch.id),
    year: encode('year', year.id),
  };
  const response: LoginResponse = {
    token: await ctx.tokens.issue({ ...ids, role: user.role, epoch: user.token_epoch }),
    id: ids.sub,
    userName: user.user_name,
    userEmail: user.email,
    userRole: ROLE_NAMES[user.role],
    yearId: ids.year,
    companyID: ids.company,
    companyName: company.name,
    companyEmail: company.email,
    branchID: ids.branch,
    branchName: branch.name,
    branchCity: branch.city,
    branchStateID: encodeNullable('state', branch.state_id),
    branchCountryID: encodeNullable('country', branch.country_id),
    logo: branch.logo ?? company.logo,
    signature: branch.signature,
    languageID: 1,
    languageCode: company.language_code,
    languageName: 'English',
    dashBoardUserSettings: null,
    maskCustomerMobileNumber: company.mask_customer_mobile === 1 && user.sees_full_mobile === 0,
    modules: modules(ctx.db)
      .ofCompany(company.id)
      .map((m) => ({ moduleID: m.id, moduleName: m.name, isActive: m.is_active === 1 })),
    mustChangePassword: user.must_change_password === 1,
  };
  return response;
});
