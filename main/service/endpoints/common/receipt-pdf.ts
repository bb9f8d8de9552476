import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asPdf } from '../../print/output.js';
import { findReceipt, receiptDocument } from '../../print/receipt.js';

/** The receipt on the store's receipt paper (80 mm roll unless set to A5), as PDF. */
export const receiptPdf = implement(api.Common.receiptPdf, ({ body, query }, ctx) =>
  asPdf(receiptDocument(ctx, findReceipt(ctx, body, query.receiptNo), query.external)),
);
