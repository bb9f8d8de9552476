import { api } from '../../../../shared/endpoints/index.js';
import { badRequest } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { invoiceData } from '../../sale/invoice.js';

export const invoiceDataBySalesOrder = implement(api.Invoice.invoiceDataBySalesOrder, ({ query }, ctx) => {
  const idText = query.salesOrderId?.trim();
  if (!idText) throw badRequest('salesOrderId is required', { salesOrderId: ['Required'] });
  return invoiceData(ctx, ctx.decode('salesOrder', idText, 'salesOrderId'));
});
