import { api } from '../../../../shared/endpoints/index.js';
import { localDate } from '../../../../shared/domain/calendar.js';
import { rupees } from '../../../../shared/domain/money.js';
import { canTransition, RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../../shared/contract/statuses.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { cancellationReasons } from '../../store/cancellation-reason.js';
import { purchaseOrders } from '../../store/purchase-order.js';
import { salesOrders } from '../../store/sales-order.js';
import { stock } from '../../store/stock.js';
import { stockMovements } from '../../store/stock-movement.js';
import { settleReceipts } from '../../sale/settle-receipts.js';
import { calendarDate } from '../../input/dates.js';
import { orderFromPath } from '../../order/order-view.js';
import { statusName } from './status.js';

/**
 * One immediate transaction: refuse what cannot be cancelled, put back every unit the sale took
 * (to the batch it came from, with a 'cancel' movement), settle the received receipts as
 * receiptStatusId and their payment kind say (sale/settle-receipts.ts: money from a credit note
 * always goes back on that note), cancel the open lab order, and mark the order. A failure anywhere leaves all as it was.
 */
export const cancelOrder = implement(api.Orders.cancel, ({ params, body }, ctx) =>
  ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, params.salesOrderId);
      if (!canTransition(order.status_id, SALES_ORDER_STATUS.Cancelled)) {
        throw invalid(`Order ${order.order_no} is ${statusName(order.status_id)} and cannot be cancelled`, {
          salesOrderId: [`${statusName(order.status_id)} → Cancelled is not allowed`],
        });
      }
      if (order.invoiced) {
        // A GST invoice cannot be withdrawn by cancelling the order; it needs a credit note against the invoice.
        throw invalid(`Order ${order.order_no} has been invoiced and cannot be cancelled`, { salesOrderId: ['Invoiced'] });
      }
      const reasonId = body.cancellationReasonID ?? null;
      if (reasonId !== null && !cancellationReasons(ctx.db).exists(reasonId)) {
        throw invalid('Unknown cancellation reason', { cancellationReasonID: ['One of cancellation-reasons'] });
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

      const settled = settleReceipts(ctx, order.id, body.receiptStatusId, day, stamp);
      purchaseOrders(ctx.db).cancelOpenOfOrder(order.id);
      if (!salesOrders(ctx.db).cancel(order.id, ctx.user.id, stamp, reasonId, body.cancellReason?.trim() || null)) throw invalid(`Order ${order.order_no} is already cancelled`);

      const money = [
        settled.byChoice === 0
          ? null
          : body.receiptStatusId === RECEIPT_STATUS.MovedToCreditNote
            ? `₹${rupees(settled.byChoice).toFixed(2)} moved to credit note ${settled.newNotes.join(', ')}`
            : `₹${rupees(settled.byChoice).toFixed(2)} ${body.receiptStatusId === RECEIPT_STATUS.Refunded ? 'refunded' : 'cancelled'}`,
        settled.returnedToNotes === 0 ? null : `₹${rupees(settled.returnedToNotes).toFixed(2)} back on credit note ${settled.notesRestored.join(', ')}`,
      ].filter(Boolean).join('; ') || 'no payments to settle';
      return { message: `Order ${order.order_no} cancelled; ${units} unit(s) back in stock; ${money}` };
    })
    .immediate(),
);
