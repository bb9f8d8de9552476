/**
 * Bearer-token check for every endpoint but login: a missing, malformed, expired or forged token
 * is a 401; a user switched off, given another role or other branches, or whose password changed
 * since the token was issued is a 401 too (the token's epoch is behind the user's), on the very
 * next request; a role the endpoint's row does not list is a 403; a user who must choose a new
 * password gets 403 PASSWORD_CHANGE_REQUIRED from everything but Users/change-password.
 */
import type { Role } from '../../../shared/contract/roles.js';
import type { ServiceDeps, SessionUser } from '../context.js';
import { forbidden, ServiceError, unauthenticated } from '../errors.js';
import { users } from '../store/user.js';
import { TokenError } from './token.js';

/** The one endpoint a user who must change their password may call. */
export const PASSWORD_CHANGE_ENDPOINT = 'Users.changePassword';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export function guard(deps: ServiceDeps) {
  const userStore = users(deps.db);

  return async function authenticate(header: string | undefined, allowed: readonly Role[], endpointName = ''): Promise<SessionUser> {
    if (!header) throw unauthenticated('Missing bearer token');
    const match = BEARER.exec(header.trim());
    if (!match) throw unauthenticated('Malformed Authorization header; expected "Bearer <token>"');
    let claims;
    try {
      claims = await deps.tokens.verify(match[1]!);
    } catch (err) {
      if (err instanceof TokenError) throw unauthenticated(err.message);
      throw err;
    }
    let session: SessionUser;
    let mustChangePassword = false;
    try {
      const id = deps.enc.decode('user', claims.sub);
      const row = userStore.byId(id);
      if (!row || !row.is_active || row.role !== claims.role) throw unauthenticated('Invalid token');
      if (row.token_epoch !== claims.epoch) throw unauthenticated('Your session has ended (your password or access changed); sign in again', 'SESSION_ENDED');
      mustChangePassword = row.must_change_password === 1;
      session = {
        id,
        userName: row.user_name,
        role: row.role,
        companyId: deps.enc.decode('company', claims.company),
        branchId: deps.enc.decode('branch', claims.branch),
        yearId: deps.enc.decode('year', claims.year),
        seesFullMobile: row.sees_full_mobile === 1,
      };
      if (session.companyId !== row.company_id) throw unauthenticated('Invalid token');
    } catch (err) {
      // A signature that verified but ids that do not decode means a token from another
      // installation's key, which cannot happen honestly: treat it as forged.
      throw err instanceof ServiceError ? err : unauthenticated('Invalid token');
    }
    if (mustChangePassword && endpointName !== PASSWORD_CHANGE_ENDPOINT) {
      throw forbidden('Choose a new password before going on', undefined, 'PASSWORD_CHANGE_REQUIRED');
    }
    if (!allowed.includes(session.role)) throw forbidden(`Your role (${session.role}) may not do this`, undefined, 'ROLE_NOT_ALLOWED');
    return session;
  };
}
