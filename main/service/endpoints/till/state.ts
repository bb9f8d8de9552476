import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { everyTill, tillState } from '../../sale/till-session.js';

/** Till/state: this till's session (sale/till-session.ts). */
export const tillStateOf = implement(api.Till.state, (_input, ctx) => tillState(ctx));

/** Till/tills: every till of the branch, for the manager. */
export const everyTillOf = implement(api.Till.tills, (_input, ctx) => everyTill(ctx));
