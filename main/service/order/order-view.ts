/** What several Orders endpoints share: finding an order in the caller's company, names, balances. */
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { salesOrders, type OrderHeaderRow } from '../store/sales-order.js';

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** Another company's order is a 404, exactly like one that does not exist. */
export function orderOr404(ctx: RequestContext, id: number): OrderHeaderRow {
  const order = salesOrders(ctx.db).byId(ctx.user.companyId, id);
  if (!order) throw notFound('No such sales order');
  return order;
}

/** An ENC order id from the path: a tampered id is a 400 naming the field, an unknown one a 404. */
export function orderFromPath(ctx: RequestContext, salesOrderId: string): OrderHeaderRow {
  return orderOr404(ctx, ctx.decode('salesOrder', salesOrderId.trim(), 'salesOrderId'));
}
