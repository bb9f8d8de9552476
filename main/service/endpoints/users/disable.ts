import { api } from '../../../../shared/endpoints/index.js';
import { setUserActive } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/disable: auth/user-admin.ts switches the user off and ends their sessions. */
export const usersDisable = implement(api.Users.disable, ({ body }, ctx) => setUserActive(ctx, body.userID, false));
