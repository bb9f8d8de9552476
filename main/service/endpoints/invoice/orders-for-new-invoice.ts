import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { invoiceBeforeFullPayment } from '../../sale/invoice.js';
import { invoices } from '../../store/invoice.js';

/** The body's int32 ids cannot hold ours; the caller's branch is the token's. */
export const ordersForNewInvoice = implement(api.Invoice.ordersForNewInvoice, (_req, ctx) =>
  invoices(ctx.db)
    .openOrders(ctx.user.companyId, ctx.user.branchId, invoiceBeforeFullPayment(ctx), null)
    .map((o) => ({ salesOrderID: ctx.enc.encode('salesOrder', o.id), salesOrderNO: o.order_no })),
);
