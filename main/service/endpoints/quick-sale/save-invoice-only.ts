import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { orderForInvoice, raiseInvoice } from '../../sale/invoice.js';

/** customerID, when sent, must be the order's customer: a mismatch means the till is looking at the wrong order. */
export const saveInvoiceOnly = implement(api.QuickSale.saveInvoiceOnly, ({ body }, ctx) => {
  const idText = body.salesOrderID?.trim();
  if (!idText) throw invalid('salesOrderID is required', { salesOrderID: ['Required'] });
  const orderId = ctx.decode('salesOrder', idText, 'salesOrderID');
  const customerText = body.customerID?.trim();
  if (customerText) {
    const customerId = ctx.decode('customer', customerText, 'customerID');
    if (orderForInvoice(ctx, orderId).customer_id !== customerId) {
      throw invalid('The order is not that customer’s', { customerID: ['Not the order’s customer'] });
    }
  }
  return raiseInvoice(ctx, orderId, 'salesOrderID');
});
