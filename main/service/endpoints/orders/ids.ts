import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { orderByNumber } from '../../order/order-view.js';

export const orderIds = implement(api.Orders.ids, async ({ params }, ctx) => {
  const order = await orderByNumber(ctx, params.salesOrderNo.trim());
  return { salesOrderID: ctx.enc.encode('salesOrder', order.id), customerID: ctx.enc.encode('customer', order.customer_id) };
});
