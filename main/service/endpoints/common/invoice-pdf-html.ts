import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { findInvoice, invoiceDocument } from '../../print/invoice.js';
import { asHtml } from '../../print/output.js';

/** The A4 GST tax invoice as one self-contained HTML page. */
export const invoicePdfHtml = implement(api.Common.invoicePdfHtml, ({ body, query }, ctx) =>
  asHtml(ctx, invoiceDocument(ctx, findInvoice(ctx, body), query.external)),
);
