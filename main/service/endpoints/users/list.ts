import { api } from '../../../../shared/endpoints/index.js';
import { listUsers } from '../../auth/user-admin.js';
import { implement } from '../../http/handler.js';

/** Users/list: auth/user-admin.ts reads the company's users with their branches. */
export const usersList = implement(api.Users.list, (_input, ctx) => listUsers(ctx));
