import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { findInvoice, invoiceDocument } from '../../print/invoice.js';
import { asPdf } from '../../print/output.js';

/** The A4 GST tax invoice as PDF; the original for the customer unless `external=false`. */
export const invoicePdf = implement(api.Common.invoicePdf, ({ body, query }, ctx) => asPdf(invoiceDocument(ctx, findInvoice(ctx, body), query.external)));
