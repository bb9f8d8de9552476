import { api } from '../../../../shared/endpoints/index.js';
import { changeOwnPassword } from '../../auth/change-password.js';
import { implement } from '../../http/handler.js';

/** Users/change-password: auth/change-password.ts checks the current password and answers a new token. */
export const usersChangePassword = implement(api.Users.changePassword, ({ body }, ctx) => changeOwnPassword(ctx, body));
