import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { returnableOrder } from '../../returns/returnable.js';

/** Returns/order/{salesOrderId}: what the order can take back (returns/returnable.ts). */
export const returnOrder = implement(api.Returns.order, ({ params }, ctx) => returnableOrder(ctx, params.salesOrderId));
