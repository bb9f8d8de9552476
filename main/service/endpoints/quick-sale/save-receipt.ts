import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { takePayment } from '../../order/payment.js';
import { readPayment } from '../../sale/receipt.js';

/** QuickSale/SaveReceipt: order/payment.ts takes the payment against the order's balance. */
export const saveReceipt = implement(api.QuickSale.saveReceipt, ({ body }, ctx) => {
  const field = body.salesOrderID?.trim() ? 'salesOrderID' : 'salesOrderIDStr';
  const idText = body.salesOrderID?.trim() || body.salesOrderIDStr?.trim();
  if (!idText) throw invalid('salesOrderID is required', { salesOrderID: ['Required'] });
  const orderId = ctx.decode('salesOrder', idText, field);
  const amount = body.amount !== null && body.amount !== undefined ? 'amount' : 'receiptAmount';
  const receipt = takePayment(ctx, orderId, readPayment(ctx, body, ''), { order: field, amount });
  return { receiptID: ctx.enc.encode('receipt', receipt.id), receiptNo: receipt.no };
});
