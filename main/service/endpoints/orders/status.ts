import { api } from '../../../../shared/endpoints/index.js';
import { canTransition, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../../shared/contract/statuses.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { salesOrders } from '../../store/sales-order.js';
import { orderFromPath } from '../../order/order-view.js';

export const statusName = (id: number) => SALES_ORDER_STATUS_NAMES[id as SalesOrderStatusId] ?? `status ${id}`;

/** Read and write in one immediate transaction, so two tills cannot both move the same order. */
export const changeStatus = implement(api.Orders.status, ({ params, body }, ctx) =>
  ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, params.salesOrderId);
      const from = order.status_id;
      const to = body.statusId;
      if (!canTransition(from, to)) {
        const why = `Order ${order.order_no} cannot move from ${statusName(from)} to ${statusName(to)}`;
        throw invalid(why, { statusId: [`${statusName(from)} → ${statusName(to)} is not allowed`] });
      }
      salesOrders(ctx.db).setStatus(order.id, to, ctx.user.id, ctx.now().toISOString());
      return { message: `Order ${order.order_no} is now ${statusName(to)}` };
    })
    .immediate(),
);
