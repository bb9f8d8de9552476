import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { renderEscPos } from '../../print/escpos.js';
import { safeFileName } from '../../print/output.js';
import { PAPERS } from '../../print/paper.js';
import { findReceipt, receiptDocument } from '../../print/receipt.js';

/**
 * The receipt as one ESC/POS print job (a declared extension), laid out for a roll whatever the
 * store's receipt paper: a thermal printer has no A5.
 */
export const receiptEscPos = implement(api.Common.receiptEscPos, ({ body, query }, ctx) => {
  const doc = receiptDocument(ctx, findReceipt(ctx, body, query.receiptNo), query.external, PAPERS['80mm']);
  return {
    contentType: 'application/octet-stream',
    bytes: renderEscPos(doc, { columns: query.width, drawer: query.drawer }),
    // .prn: what Windows and most printer tools call a file of raw printer commands.
    fileName: `${safeFileName(doc.fileName)}.prn`,
  };
});
