import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { cancelOrder as cancel } from '../../order/lifecycle.js';

/** Orders/cancel: order/lifecycle.ts cancels in one immediate transaction. */
export const cancelOrder = implement(api.Orders.cancel, ({ params, body }, ctx) => cancel(ctx, params.salesOrderId, body));
