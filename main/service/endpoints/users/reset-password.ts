import { api } from '../../../../shared/endpoints/index.js';
import { resetPassword } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/reset-password: auth/user-admin.ts sets a temporary password and ends the user's sessions. */
export const usersResetPassword = implement(api.Users.resetPassword, ({ body }, ctx) => resetPassword(ctx, body));
