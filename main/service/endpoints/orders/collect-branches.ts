import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { collectBranches } from '../../order/any-branch.js';

/** The branches an order can be collected at (order/any-branch.ts). */
export const orderCollectBranches = implement(api.Orders.collectBranches, (_input, ctx) => collectBranches(ctx));
