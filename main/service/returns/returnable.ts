/**
 * What an order can take back (returns/): only a delivered order's goods, each line up to what was
 * sold less what has come back already; at any branch (the return is the fact of the branch that
 * takes it, and the goods come back into its stock); not an insured order (the insurer's share is settled with the insurer, not at
 * the counter), nor one with money still due (take it, or cancel the order instead).
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { ReturnableOrder } from '../../../shared/models/returns.js';
import { rupees } from '../../../shared/domain/money.js';
import { divRound } from '../../../shared/domain/gst.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { salesOrders } from '../store/sales-order.js';
import { salesReturns, type ReturnableLineRow, type ReturnOrderRow } from '../store/sales-return.js';
import { returnWindowDays, windowOf } from './window.js';

export interface OrderForReturn {
  order: ReturnOrderRow;
  lines: ReturnableLineRow[];
  deliveredAt: string | null;
  window: ReturnType<typeof windowOf> | null;
  /** Why no return can be taken; null when one can. */
  refusal: string | null;
}

export function orderForReturn(ctx: RequestContext, orderId: number): OrderForReturn {
  const store = salesReturns(ctx.db);
  const order = store.order(orderId, ctx.user.companyId);
  if (!order) throw notFound('No such order');
  const delivered = order.status_id === SALES_ORDER_STATUS.Delivered;
  // The journal knows when it was delivered; an order delivered before the journal existed counts from its last change.
  const deliveredAt = delivered ? store.deliveredAt(order.id) ?? order.modified_at ?? `${order.order_date}T00:00:00.000Z` : null;
  const window = deliveredAt ? windowOf(ctx, deliveredAt) : null;
  let refusal: string | null = null;
  if (!delivered) refusal = `Order ${order.order_no} is not delivered: only delivered goods come back (cancel an order not yet delivered)`;
  else if (order.insurance_amount > 0) refusal = `Order ${order.order_no} was part-paid by an insurer: its return is settled with the insurer, not at the counter`;
  else if (salesOrders(ctx.db).balance(order.id) > 0) refusal = `Order ${order.order_no} still has money due: take the balance before taking a return`;
  return { order, lines: store.lines(order.id), deliveredAt, window, refusal };
}

export function returnableOrder(ctx: RequestContext, orderIdText: string): ReturnableOrder {
  const { order, lines, window, refusal } = orderForReturn(ctx, ctx.decode('salesOrder', orderIdText, 'salesOrderId'));
  const store = salesReturns(ctx.db);
  return {
    salesOrderID: ctx.enc.encode('salesOrder', order.id),
    salesOrderNo: order.order_no,
    orderDate: order.order_date,
    customerName: order.customer_name,
    delivered: order.status_id === SALES_ORDER_STATUS.Delivered,
    deliveredOn: window?.deliveredOn ?? null,
    windowEnds: window?.windowEnds ?? null,
    pastWindow: window?.pastWindow ?? false,
    windowDays: window?.days ?? returnWindowDays(ctx),
    invoiceNo: order.invoice_no,
    refusal,
    lines: lines.map((l) => ({
      salesOrderLineID: ctx.enc.encode('salesOrderLine', l.id),
      lineNo: l.line_no,
      name: l.eye ? `${l.name} (${l.eye === 'R' ? 'right' : 'left'})` : l.name,
      code: l.code,
      qty: l.qty,
      returned: l.returned,
      returnable: refusal ? 0 : l.qty - l.returned,
      unitValue: rupees(divRound(l.total, l.qty)),
      fromShelf: l.stock_counted === 1,
    })),
    returns: store.ofOrder(order.id).map((id) => {
      const r = store.byId(id, ctx.user.companyId)!;
      return { salesReturnID: ctx.enc.encode('salesReturn', r.id), returnNo: r.return_no, returnDate: r.return_date, amount: rupees(r.amount) };
    }),
  };
}
