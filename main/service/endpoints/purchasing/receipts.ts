import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { asHtml, asPdf } from '../../print/output.js';
import { goodsReceiptDocument } from '../../print/purchasing.js';
import { createReceipt, listReceipts, receiptDetail, receiptLabelLines } from '../../purchasing/goods-receipts.js';

/** Purchasing/receipts: goods received from suppliers (purchasing/goods-receipts.ts). */
export const goodsReceiptsList = implement(api.Purchasing.receipts, ({ query }, ctx) => listReceipts(ctx, query));

/** One immediate transaction: the receipt, its lines, their receipt movements, the order's status. */
export const goodsReceiptCreate = implement(api.Purchasing.createReceipt, ({ body }, ctx) => createReceipt(ctx, body));

export const goodsReceiptDetail = implement(api.Purchasing.receipt, ({ params }, ctx) =>
  receiptDetail(ctx, ctx.decode('goodsReceipt', params.goodsReceiptId, 'goodsReceiptId')),
);

/** Items and units of a receipt, for whoever prints its shelf labels. */
export const goodsReceiptLabelLines = implement(api.Purchasing.receiptLabelLines, ({ params }, ctx) =>
  receiptLabelLines(ctx, ctx.decode('goodsReceipt', params.goodsReceiptId, 'goodsReceiptId')),
);

export const goodsReceiptPrint = implement(api.Purchasing.receiptPrint, ({ params, query }, ctx) => {
  const doc = goodsReceiptDocument(ctx, receiptDetail(ctx, ctx.decode('goodsReceipt', params.goodsReceiptId, 'goodsReceiptId')));
  return query.format === 'html' ? asHtml(ctx, doc) : asPdf(doc);
});
