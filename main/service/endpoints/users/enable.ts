import { api } from '../../../../shared/endpoints/index.js';
import { setUserActive } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/enable: auth/user-admin.ts switches the user on again. */
export const usersEnable = implement(api.Users.enable, ({ body }, ctx) => setUserActive(ctx, body.userID, true));
