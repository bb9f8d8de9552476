import { api } from '../../../../shared/endpoints/index.js';
import { SALES_ORDER_STATUS } from '../../../../shared/contract/statuses.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { salesOrders } from '../../store/sales-order.js';
import { checkAgainstBalance, orderBalance, readPayment, writeReceipt } from '../../sale/receipt.js';

/** A payment against an order; the balance is read in the same immediate transaction, so two tills cannot both take it. */
export const saveReceipt = implement(api.QuickSale.saveReceipt, ({ body }, ctx) => {
  const field = body.salesOrderID?.trim() ? 'salesOrderID' : 'salesOrderIDStr';
  const idText = body.salesOrderID?.trim() || body.salesOrderIDStr?.trim();
  if (!idText) throw invalid('salesOrderID is required', { salesOrderID: ['Required'] });
  const orderId = ctx.decode('salesOrder', idText, field);
  const payment = readPayment(ctx, body, '');
  const amountField = body.amount !== null && body.amount !== undefined ? 'amount' : 'receiptAmount';
  if (payment.amount <= 0) throw invalid('Enter the amount received', { [amountField]: ['More than 0'] });
  return ctx.db
    .transaction(() => {
      const order = salesOrders(ctx.db).payer(ctx.user.companyId, orderId);
      if (!order) throw notFound('No such order');
      if (order.status_id === SALES_ORDER_STATUS.Cancelled) throw invalid('The order is cancelled', { [field]: ['A cancelled order takes no payment'] });
      checkAgainstBalance(ctx, payment.amount, orderBalance(ctx, orderId), amountField);
      const receipt = writeReceipt(ctx, orderId, order.customer_id, payment, 'creditNoteID');
      return { receiptID: ctx.enc.encode('receipt', receipt.id), receiptNo: receipt.no };
    })
    .immediate();
});
