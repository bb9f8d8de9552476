import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { toSettleList } from '../../order/any-branch.js';

/** Orders two branches acting apart left for a person (order/any-branch.ts says which and why). */
export const ordersToSettle = implement(api.Orders.toSettle, (_input, ctx) => toSettleList(ctx));
