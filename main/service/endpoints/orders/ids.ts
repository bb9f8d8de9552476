import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { salesOrders } from '../../store/sales-order.js';

export const orderIds = implement(api.Orders.ids, ({ params }, ctx) => {
  const order = salesOrders(ctx.db).byNo(ctx.user.companyId, params.salesOrderNo.trim());
  if (!order) throw notFound('No such sales order');
  return { salesOrderID: ctx.enc.encode('salesOrder', order.id), customerID: ctx.enc.encode('customer', order.customer_id) };
});
