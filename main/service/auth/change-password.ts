/**
 * A user changes their own password (issue 14, part 8), giving the current one: a wrong one is a
 * 403 WRONG_PASSWORD (a 401 would sign the till out) and counts toward the sign-in lockout. The
 * change ends every other session of the user (token epoch) and answers a fresh token for this
 * one, so the till carries on; the forced change after a reset or a real store's first sign-in
 * is this same call.
 */
import type { ChangePasswordRequest } from '../../../shared/models/users.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid, tooMany, unauthenticated } from '../errors.js';
import { users } from '../store/user.js';
import { hashPassword, verifyPassword } from './password.js';

export async function changeOwnPassword(ctx: RequestContext, body: ChangePasswordRequest): Promise<{ message: string; token: string }> {
  const me = ctx.user;
  const wait = ctx.throttle.waitFor(me.userName, ctx.address);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw tooMany(`Too many wrong passwords. Try again in ${seconds} s.`, seconds, 'LOGIN_LOCKED');
  }
  const before = users(ctx.db).byId(me.id);
  if (!before) throw unauthenticated('Invalid token');
  if (!(await verifyPassword(body.currentPassword, before.password_hash))) {
    ctx.throttle.failed(me.userName, ctx.address);
    throw forbidden('The current password is wrong', { currentPassword: ['Wrong password'] }, 'WRONG_PASSWORD');
  }
  ctx.throttle.succeeded(me.userName, ctx.address);
  if (body.newPassword === body.currentPassword) {
    throw invalid('Choose a new password', { newPassword: ['Must differ from the current password'] });
  }
  const hash = await hashPassword(body.newPassword);
  const after = ctx.db
    .transaction(() => {
      const row = users(ctx.db).byId(me.id);
      // Another request changed it meanwhile (a reset, a second tab): this one loses.
      if (!row || row.password_hash !== before.password_hash || row.is_active !== 1) {
        throw unauthenticated('Your session has ended (your password or access changed); sign in again', 'SESSION_ENDED');
      }
      users(ctx.db).setPassword(me.id, hash, false, ctx.now().toISOString());
      return users(ctx.db).byId(me.id)!;
    })
    .immediate();
  const { encode } = ctx.enc;
  const token = await ctx.tokens.issue({
    sub: encode('user', me.id),
    role: after.role,
    company: encode('company', me.companyId),
    branch: encode('branch', me.branchId),
    year: encode('year', me.yearId),
    epoch: after.token_epoch,
  });
  return { message: 'Password changed; you are signed out everywhere else', token };
}
