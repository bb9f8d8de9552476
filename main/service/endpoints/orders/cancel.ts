import { api } from '../../../../shared/endpoints/index.js';
import { localDate } from '../../../../shared/domain/calendar.js';
import { rupees } from '../../../../shared/domain/money.js';
import { canTransition, RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../../shared/contract/statuses.js';
import { badRequest } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { cancellationReasons } from '../../store/cancellation-reason.js';
import { creditNotes } from '../../store/credit-note.js';
import { numberSeries } from '../../store/number-series.js';
import { purchaseOrders } from '../../store/purchase-order.js';
import { receiptStatuses } from '../../store/receipt-status.js';
import { salesOrders } from '../../store/sales-order.js';
import { stock } from '../../store/stock.js';
import { stockMovements } from '../../store/stock-movement.js';
import { calendarDate } from '../customer/dates.js';
import { orderFromPath } from './order-view.js';
import { statusName } from './status.js';

/**
 * One immediate transaction: refuse what cannot be cancelled, put back every unit the sale took
 * (to the batch it came from, with a 'cancel' movement), settle the received receipts as
 * receiptStatusId says — a credit note per receipt when moved, so each note names the money it
 * came from — cancel the open lab order, and mark the order. A failure anywhere leaves all as it was.
 */
export const cancelOrder = implement(api.Orders.cancel, ({ params, body }, ctx) =>
  ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, params.salesOrderId);
      if (!canTransition(order.status_id, SALES_ORDER_STATUS.Cancelled)) {
        throw badRequest(`Order ${order.order_no} is ${statusName(order.status_id)} and cannot be cancelled`, {
          salesOrderId: [`${statusName(order.status_id)} → Cancelled is not allowed`],
        });
      }
      if (order.invoiced) {
        // A GST invoice cannot be withdrawn by cancelling the order; it needs a credit note against the invoice.
        throw badRequest(`Order ${order.order_no} has been invoiced and cannot be cancelled`, { salesOrderId: ['Invoiced'] });
      }
      const reasonId = body.cancellationReasonID ?? null;
      if (reasonId !== null && !cancellationReasons(ctx.db).exists(reasonId)) {
        throw badRequest('Unknown cancellation reason', { cancellationReasonID: ['One of cancellation-reasons'] });
      }
      const at = ctx.now();
      const stamp = at.toISOString();
      const day = calendarDate(body.date ?? body.transactionDate ?? null, body.date ? 'date' : 'transactionDate') ?? localDate(at);

      const moves = stockMovements(ctx.db);
      const shelf = stock(ctx.db);
      let units = 0;
      for (const m of moves.netOfOrder(order.id)) {
        if (m.delta >= 0) continue;
        shelf.putBack(m.item_id, m.branch_id, m.batch_no, -m.delta);
        moves.record(ctx.ids.next('stock_movement'), { ...m, delta: -m.delta }, order.id, 'cancel', stamp);
        units += -m.delta;
      }

      const receipts = receiptStatuses(ctx.db);
      const notes: string[] = [];
      let settled = 0;
      for (const r of receipts.receivedOfOrder(order.id)) {
        receipts.set(r.id, body.receiptStatusId, ctx.user.id, stamp);
        settled += r.amount;
        if (body.receiptStatusId !== RECEIPT_STATUS.MovedToCreditNote) continue;
        const no = numberSeries(ctx.db).next('credit_note', ctx.user.branchId, ctx.user.yearId);
        creditNotes(ctx.db).insert({
          id: ctx.ids.next('credit_note'), company_id: ctx.user.companyId, branch_id: ctx.user.branchId, year_id: ctx.user.yearId,
          credit_note_no: no, credit_note_date: day, customer_id: r.customer_id, sales_order_id: order.id,
          source_receipt_id: r.id, amount: r.amount, created_by: ctx.user.id, created_at: stamp,
        });
        notes.push(no);
      }
      purchaseOrders(ctx.db).cancelOpenOfOrder(order.id);
      if (!salesOrders(ctx.db).cancel(order.id, ctx.user.id, stamp, reasonId, body.cancellReason?.trim() || null)) throw badRequest(`Order ${order.order_no} is already cancelled`);

      const money =
        settled === 0
          ? 'no payments to settle'
          : body.receiptStatusId === RECEIPT_STATUS.MovedToCreditNote
            ? `₹${rupees(settled).toFixed(2)} moved to credit note ${notes.join(', ')}`
            : `₹${rupees(settled).toFixed(2)} ${body.receiptStatusId === RECEIPT_STATUS.Refunded ? 'refunded' : 'cancelled'}`;
      return { message: `Order ${order.order_no} cancelled; ${units} unit(s) back in stock; ${money}` };
    })
    .immediate(),
);
