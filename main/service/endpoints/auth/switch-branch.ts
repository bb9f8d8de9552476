import { api } from '../../../../shared/endpoints/index.js';
import { switchBranch } from '../../auth/sign-in.js';
import { implement } from '../../http/handler.js';
import { sessionAnswer } from './session-answer.js';

/** Auth/switch-branch: another of the user's branches for the rest of the session, with a new token. */
export const switchBranchHandler = implement(api.Auth.switchBranch, ({ body }, ctx) => sessionAnswer(ctx, switchBranch(ctx, body.branchID)));
