import { api } from '../../../../shared/endpoints/index.js';
import { signIn } from '../../auth/sign-in.js';
import { implement } from '../../http/handler.js';
import { sessionAnswer } from './session-answer.js';

/** Auth/login: auth/sign-in.ts checks the user; the answer names who, where and which year. */
export const login = implement(api.Auth.login, async ({ body }, ctx) => sessionAnswer(ctx, await signIn(ctx, body.userName, body.password, body.branchID)));
