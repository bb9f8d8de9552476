import { api } from '../../../../shared/endpoints/index.js';
import type { LoginResponse } from '../../../../shared/models/auth.js';
import { ROLE_NAMES } from '../../../../shared/contract/roles.js';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { localDate } from '../../../../shared/domain/calendar.js';
import { tooMany, unauthenticated } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { branches } from '../../store/branch.js';
import { companies } from '../../store/company.js';
import { financialYears } from '../../store/financial-year.js';
import { modules } from '../../store/module.js';
import { users } from '../../store/user.js';

const WRONG = 'Wrong user name or password';

export const login = implement(api.Auth.login, async ({ body }, ctx) => {
  const wait = ctx.throttle.waitFor(body.userName);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw tooMany(`Too many failed sign-ins for this user. Try again in ${seconds} s.`, seconds, 'LOGIN_LOCKED');
  }

  const user = users(ctx.db).byName(body.userName);
  const ok =
    user && user.is_active
      ? await verifyPassword(body.password, user.password_hash)
      : (await verifyPassword(body.password, await decoyHash)) && false;
  if (!user || !ok) {
    ctx.throttle.failed(body.userName);
    throw unauthenticated(WRONG, 'LOGIN_FAILED');
  }
  ctx.throttle.succeeded(body.userName);

  const company = companies(ctx.db).byId(user.company_id)!;
  const branch = branches(ctx.db).byId(user.branch_id)!;
  const year = ctx.db
    .transaction(() => financialYears(ctx.db).ensure(company.id, localDate(ctx.now()), ctx.ids))
    .immediate();
  const { encode, encodeNullable } = ctx.enc;

  const ids = {
    sub: encode('user', user.id),
    company: encode('company', company.id),
    branch: encode('branch', branch.id),
    year: encode('year', year.id),
  };
  const response: LoginResponse = {
    token: await ctx.tokens.issue({ ...ids, role: user.role }),
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
  };
  return response;
});
