import { api } from '../../../../shared/endpoints/index.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { raiseInvoice } from '../../sale/invoice.js';
import { invoices } from '../../store/invoice.js';

/**
 * The order is salesorderModel's: salesOrderId is the row id the spec declares (a number), else
 * salesOrderNo. The rest of the composite model is not read: the invoice copies the stored order.
 */
export const saveInvoiceData = implement(api.Invoice.saveInvoiceData, ({ body }, ctx) => {
  const model = body.salesorderModel;
  const rowId = model?.salesOrderId;
  const orderNo = model?.salesOrderNo?.trim();
  if (rowId !== null && rowId !== undefined) {
    if (!Number.isSafeInteger(rowId) || rowId <= 0) {
      throw invalid('salesOrderId is not an order id', { 'salesorderModel.salesOrderId': ['A positive whole number'] });
    }
    return raiseInvoice(ctx, rowId, 'salesorderModel.salesOrderId');
  }
  if (!orderNo) throw invalid('Which order?', { 'salesorderModel.salesOrderId': ['Give salesOrderId or salesOrderNo'] });
  const id = invoices(ctx.db).orderIdByNo(orderNo, ctx.user.companyId);
  if (id === undefined) throw notFound(`No order ${orderNo}`);
  return raiseInvoice(ctx, id, 'salesorderModel.salesOrderNo');
});
