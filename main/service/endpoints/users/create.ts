import { api } from '../../../../shared/endpoints/index.js';
import { createUser } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/create: auth/user-admin.ts adds the user in one immediate transaction. */
export const usersCreate = implement(api.Users.create, ({ body }, ctx) => createUser(ctx, body));
