import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { moveCollection } from '../../order/any-branch.js';

/** Any branch serves any customer: where the customer collects the order (order/any-branch.ts). */
export const collectOrderAt = implement(api.Orders.collectAt, ({ params, body }, ctx) => moveCollection(ctx, params.salesOrderId, body.branchID));
