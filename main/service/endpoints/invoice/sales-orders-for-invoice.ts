import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { invoiceBeforeFullPayment } from '../../sale/invoice.js';
import { invoices } from '../../store/invoice.js';

export const salesOrdersForInvoice = implement(api.Invoice.salesOrdersForInvoice, ({ query }, ctx) => {
  const customerText = query.customerId?.trim();
  const customerId = customerText ? ctx.decode('customer', customerText, 'customerId') : null;
  return {
    data: invoices(ctx.db)
      .openOrders(ctx.user.companyId, ctx.user.branchId, invoiceBeforeFullPayment(ctx), customerId)
      .map((o) => ({ salesOrderID: ctx.enc.encode('salesOrder', o.id), salesOrderNO: o.order_no })),
  };
});
