import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { debitNoteDocument } from '../../print/purchasing.js';
import { createReturn, listReturns, returnDetail } from '../../purchasing/supplier-returns.js';

/** Purchasing/returns: goods sent back to suppliers, each with its debit note (purchasing/supplier-returns.ts). */
export const supplierReturnsList = implement(api.Purchasing.returns, ({ query }, ctx) => listReturns(ctx, query));

export const supplierReturnCreate = implement(api.Purchasing.createReturn, ({ body }, ctx) => createReturn(ctx, body));

export const supplierReturnDetail = implement(api.Purchasing.return, ({ params }, ctx) =>
  returnDetail(ctx, ctx.decode('supplierReturn', params.supplierReturnId, 'supplierReturnId')),
);

/** The debit note on A4, PDF or HTML. */
export const debitNotePrint = implement(api.Purchasing.returnPrint, ({ params, query }, ctx) => {
  const doc = debitNoteDocument(ctx, returnDetail(ctx, ctx.decode('supplierReturn', params.supplierReturnId, 'supplierReturnId')));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
