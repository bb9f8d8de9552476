import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml } from '../../print/output.js';
import { findReceipt, receiptDocument } from '../../print/receipt.js';

/** The receipt as one self-contained HTML page, for the desktop print bridge or a browser. */
export const receiptPdfHtml = implement(api.Common.receiptPdfHtml, ({ body, query }, ctx) =>
  asHtml(ctx, receiptDocument(ctx, findReceipt(ctx, body, query.receiptNo), query.external)),
);
