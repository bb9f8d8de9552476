import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { invoiceBeforeFullPayment } from '../../sale/invoice.js';
import { invoices } from '../../store/invoice.js';

export const customersForInvoice = implement(api.Invoice.customersForInvoice, (_req, ctx) => ({
  data: invoices(ctx.db)
    .openCustomers(ctx.user.companyId, ctx.user.branchId, invoiceBeforeFullPayment(ctx))
    .map((c) => ({ id: ctx.enc.encode('customer', c.id), customerName: c.name })),
}));
