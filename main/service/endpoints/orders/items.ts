import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { salesOrders } from '../../store/sales-order.js';
import { orderOr404 } from '../../order/order-view.js';

/** The spec declares this id int64, so it is the row id, not an ENC id. */
export const orderItems = implement(api.Orders.items, ({ params }, ctx) => {
  const order = orderOr404(ctx, ctx.rowId('salesOrder', params.salesOrderId, 'salesOrderId'));
  return salesOrders(ctx.db)
    .lines(order.id)
    .map((l) => ({
      itemID: ctx.enc.encode('item', l.item_id),
      itemName: l.name,
      itemTypeName: l.item_type_name,
      qty: l.qty,
      price: rupees(l.price),
      mrp: rupees(l.mrp),
      totalAmount: rupees(l.total),
    }));
});
