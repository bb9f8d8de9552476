import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { stockTakeDocument } from '../../print/stock-take.js';

/** StockTake/{id}/report: the variance report on A4, as PDF or HTML. */
export const stockTakeReport = implement(api.StockTake.report, ({ params, query }, ctx) => {
  const doc = stockTakeDocument(ctx, params.stockTakeId);
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
