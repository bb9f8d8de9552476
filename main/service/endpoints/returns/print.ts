import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { findReturn, gstCreditNoteDocument, returnReceiptDocument } from '../../print/sales-return.js';

/** Returns/{id}/receipt: the return receipt, PDF or HTML. */
export const returnReceiptPrint = implement(api.Returns.receiptPrint, ({ params, query }, ctx) => {
  const doc = returnReceiptDocument(ctx, findReturn(ctx, params.salesReturnId));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});

/** Returns/{id}/gst-credit-note: the GST credit note against the invoice, PDF or HTML. */
export const gstCreditNotePrint = implement(api.Returns.creditNotePrint, ({ params, query }, ctx) => {
  const doc = gstCreditNoteDocument(ctx, findReturn(ctx, params.salesReturnId));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
