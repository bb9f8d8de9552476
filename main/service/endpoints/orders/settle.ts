import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { settleOrder } from '../../order/settle.js';

/** A manager's "Settled" on an order on the To settle list (order/settle.ts, one immediate transaction). */
export const ordersSettle = implement(api.Orders.settle, ({ params, body }, ctx) => {
  const done = settleOrder(ctx, params.salesOrderId, body);
  return { settlementID: ctx.enc.encode('orderSettlement', done.id), message: done.message };
});
