/**
 * An order's life after the sale (issue 13: the rules' home): moving it along its statuses and
 * cancelling it, each one command in one immediate transaction, so two tills cannot both move the
 * same order. Refusals are coded: ORDER_ILLEGAL_TRANSITION, ORDER_ALREADY_INVOICED,
 * ORDER_ALREADY_CANCELLED.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { rupees } from '../../../shared/domain/money.js';
import { canTransition, RECEIPT_STATUS, SALES_ORDER_STATUS, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import type { CancelSalesOrderRequest } from '../../../shared/models/order.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { cancellationReasons } from '../store/cancellation-reason.js';
import { purchaseOrders } from '../store/purchase-order.js';
import { salesOrders } from '../store/sales-order.js';
import { stockMovements } from '../store/stock-movement.js';
import { settleReceipts } from '../sale/settle-receipts.js';
import { orderFromPath } from './order-view.js';
import { changedHere, collectedHere } from '../auth/ownership.js';
import { anyBranchOrders } from '../store/any-branch.js';
import { optionalText } from '../input/text.js';
import { extend } from '../../../shared/extend.js';

export const statusName = (id: number) => SALES_ORDER_STATUS_NAMES[id as SalesOrderStatusId] ?? `status ${id}`;

/** Read and write in one immediate transaction, so two tills cannot both move the same order. */
export function changeStatus(ctx: RequestContext, salesOrderId: string, to: number): { message: string } {
  return ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, salesOrderId);
      // The job moves where the customer collects it (the booking branch unless another was chosen).
      collectedHere(ctx, order);
      const from = order.status_id;
      if (!canTransition(from, to)) {
        const why = `Order ${order.order_no} cannot move from ${statusName(from)} to ${statusName(to)}`;
        throw invalid(why, { statusId: [`${statusName(from)} → ${statusName(to)} is not allowed`] }, 'ORDER_ILLEGAL_TRANSITION');
      }
      const stamp = ctx.now().toISOString();
      salesOrders(ctx.db).setStatus(order.id, to, ctx.user.id, stamp);
      if (to === SALES_ORDER_STATUS.Delivered) anyBranchOrders(ctx.db).markDelivered(order.id, ctx.user.branchId, stamp);
      return { message: `Order ${order.order_no} is now ${statusName(to)}` };
    })
    .immediate();
}

/**
 * One immediate transaction: refuse what cannot be cancelled, put back every unit the sale took
 * (to the batch it came from, with a 'cancel' movement), settle the received receipts as
 * receiptStatusId and their payment kind say (sale/settle-receipts.ts: money from a credit note
 * always goes back on that note), cancel the open lab order, and mark the order. A failure anywhere leaves all as it was.
 */
export function cancelOrder(ctx: RequestContext, salesOrderId: string, body: CancelSalesOrderRequest): { message: string } {
  return ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, salesOrderId);
      changedHere(ctx, order);
      if (!canTransition(order.status_id, SALES_ORDER_STATUS.Cancelled)) {
        throw invalid(
          `Order ${order.order_no} is ${statusName(order.status_id)} and cannot be cancelled`,
          { salesOrderId: [`${statusName(order.status_id)} → Cancelled is not allowed`] },
          'ORDER_ILLEGAL_TRANSITION',
        );
      }
      if (order.invoiced) {
        // A GST invoice cannot be withdrawn by cancelling the order; it needs a credit note against the invoice.
        throw invalid(`Order ${order.order_no} has been invoiced and cannot be cancelled`, { salesOrderId: ['Invoiced'] }, 'ORDER_ALREADY_INVOICED');
      }
      const reasonId = body.cancellationReasonID ?? null;
      if (reasonId !== null && !cancellationReasons(ctx.db).exists(reasonId)) {
        throw invalid('Unknown cancellation reason', { cancellationReasonID: ['One of cancellation-reasons'] });
      }
      const at = ctx.now();
      const stamp = at.toISOString();
      const day = calendarDate(body.date ?? body.transactionDate ?? null, body.date ? 'date' : 'transactionDate') ?? localDate(at);

      const moves = stockMovements(ctx.db);
      let units = 0;
      for (const m of moves.netOfOrder(order.id)) {
        if (m.delta >= 0) continue;
        // Back to the batch it came from (recreated if removed since): the movement's trigger.
        moves.record(ctx.ids.next('stock_movement'), extend(m, { delta: -m.delta }), order.id, 'cancel', stamp, ctx.user.id);
        units += -m.delta;
      }

      const settled = settleReceipts(ctx, order.id, body.receiptStatusId, day, stamp);
      purchaseOrders(ctx.db).cancelOpenOfOrder(order.id);
      if (!salesOrders(ctx.db).cancel(order.id, ctx.user.id, stamp, reasonId, optionalText(body.cancellReason))) throw invalid(`Order ${order.order_no} is already cancelled`, undefined, 'ORDER_ALREADY_CANCELLED');

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
    .immediate();
}
