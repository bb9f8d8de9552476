import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { invoiceData } from '../../sale/invoice.js';

export const invoiceDataBySalesOrder = implement(api.Invoice.invoiceDataBySalesOrder, ({ query }, ctx) => {
  const idText = query.salesOrderId?.trim();
  if (!idText) throw invalid('salesOrderId is required', { salesOrderId: ['Required'] });
  return invoiceData(ctx, ctx.decode('salesOrder', idText, 'salesOrderId'));
});
