/** What Auth/login and Auth/switch-branch answer: who, where and which year, with a token for it. */
import type { LoginResponse } from '../../../../shared/models/auth.js';
import { ROLE_NAMES } from '../../../../shared/contract/roles.js';
import type { signIn } from '../../auth/sign-in.js';
import type { RequestContext } from '../../context.js';
import { branches } from '../../store/branch.js';
import { modules } from '../../store/module.js';
import { users } from '../../store/user.js';
import { extend } from '../../../../shared/extend.js';

export async function sessionAnswer(ctx: RequestContext, { user, company, branch, year }: Awaited<ReturnType<typeof signIn>>): Promise<LoginResponse> {
  const { encode, encodeNullable } = ctx.enc;
  const ids = {
    sub: encode('user', user.id),
    company: encode('company', company.id),
    branch: encode('branch', branch.id),
    year: encode('year', year.id),
  };
  // The usual branch first, then the others the user may work in.
  const theirs = [user.branch_id, ...users(ctx.db).branchesOf(user.id).filter((b) => b !== user.branch_id)];
  return {
    token: await ctx.tokens.issue(extend(ids, { role: user.role, epoch: user.token_epoch })),
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
    branches: theirs.map((id) => ({ branchID: encode('branch', id), branchName: branches(ctx.db).byId(id)?.name ?? '' })),
  };
}
