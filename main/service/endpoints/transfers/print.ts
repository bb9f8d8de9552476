import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { transferDocument } from '../../print/transfer.js';
import { transferOfBranch } from '../../stock/transfer.js';

/** Transfers/{transferId}/print: the delivery challan or tax invoice, A4, as PDF or HTML. */
export const transferPrint = implement(api.Transfers.print, ({ params, query }, ctx) => {
  const doc = transferDocument(ctx, transferOfBranch(ctx, params.transferId));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
