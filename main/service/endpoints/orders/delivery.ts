import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { changeDelivery } from '../../sale/delivery.js';
import { orderFromPath } from '../../order/order-view.js';

/** Read and write in one immediate transaction, as a status move is. */
export const changeOrderDelivery = implement(api.Orders.delivery, ({ params, body }, ctx) =>
  ctx.db
    .transaction(() => ({ message: changeDelivery(ctx, orderFromPath(ctx, params.salesOrderId), body.deliveryDate, body.deliveryTime) }))
    .immediate(),
);
