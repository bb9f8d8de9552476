/** What several Orders endpoints share: finding an order in the caller's company, names, balances. */
import type { RequestContext } from '../context.js';
import { notFound, unavailable } from '../errors.js';
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

/**
 * An order by its number, as a cashier types it. A branch PC holds its own branches' orders (and
 * those it fetched before); another branch's it fetches from the hub now and keeps (sync/worker.ts
 * fetchOrder: a few seconds at most). Unknown everywhere: 404; the hub out of reach: 503 saying so.
 */
export async function orderByNumber(ctx: RequestContext, orderNo: string): Promise<OrderHeaderRow> {
  const store = salesOrders(ctx.db);
  const held = store.byNo(ctx.user.companyId, orderNo);
  if (held) return held;
  const fetched = ctx.sync?.fetchOrder ? await ctx.sync.fetchOrder(orderNo) : 'absent';
  if (fetched === 'unreachable') {
    throw unavailable(`Order ${orderNo} is not on this PC, and the head-office hub cannot be reached just now to fetch it: check the network and try again, or ask the branch that booked it`, 'ORDER_NOT_FETCHED');
  }
  const order = fetched === 'fetched' ? store.byNo(ctx.user.companyId, orderNo) : undefined;
  if (!order) throw notFound('No such sales order');
  return order;
}
