import { api } from '../../../../shared/endpoints/index.js';
import { ROLE_NAMES } from '../../../../shared/contract/roles.js';
import { implement } from '../../http/handler.js';
import { users } from '../../store/user.js';

export const userDetails = implement(api.Account.userDetails, (_input, ctx) => {
  const user = users(ctx.db).byId(ctx.user.id)!;
  return {
    userID: ctx.enc.encode('user', user.id),
    userName: user.user_name,
    userEmail: user.email,
    userRole: ROLE_NAMES[user.role],
    companyID: ctx.enc.encode('company', ctx.user.companyId),
    branchID: ctx.enc.encode('branch', ctx.user.branchId),
  };
});
