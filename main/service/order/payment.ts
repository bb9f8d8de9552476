/**
 * A payment against an order (QuickSale/SaveReceipt): the balance is read in the same immediate
 * transaction as the receipt is written, so two tills of one PC cannot both take it (two branches
 * apart can: the excess lands on Orders/to-settle, order/any-branch.ts).
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { checkAgainstBalance, orderBalance, writeReceipt } from '../sale/receipt.js';
import type { ReceiptPayment } from '../store/receipt.js';
import { salesOrders } from '../store/sales-order.js';

/** `fields` names the request's order and amount fields, for a refusal to point at. */
export function takePayment(ctx: RequestContext, orderId: number, payment: ReceiptPayment, fields: { order: string; amount: string }) {
  if (payment.amount <= 0) throw invalid('Enter the amount received', { [fields.amount]: ['More than 0'] });
  return ctx.db
    .transaction(() => {
      const order = salesOrders(ctx.db).payer(ctx.user.companyId, orderId);
      if (!order) throw notFound('No such order');
      // Any branch takes a payment against any branch's order: the receipt is the fact of the
      // branch and till that took it, and the order's balance falls everywhere as it syncs.
      if (order.status_id === SALES_ORDER_STATUS.Cancelled) {
        throw invalid('The order is cancelled', { [fields.order]: ['A cancelled order takes no payment'] }, 'ORDER_CANCELLED');
      }
      checkAgainstBalance(ctx, payment.amount, orderBalance(ctx, orderId), fields.amount);
      return writeReceipt(ctx, orderId, order.customer_id, payment, 'creditNoteID');
    })
    .immediate();
}
