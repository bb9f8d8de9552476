import { api } from '../../../../shared/endpoints/index.js';
import { updateUser } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/update: auth/user-admin.ts sets name, role and branches in one immediate transaction. */
export const usersUpdate = implement(api.Users.update, ({ body }, ctx) => updateUser(ctx, body));
