import { api } from '../../../../shared/endpoints/index.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { carts } from '../../store/cart.js';
import { findOpenCart } from '../../sale/cart-view.js';

/** Removes one line by salesOrderTempId, or a whole lens pair by pairNo (both eyes go together). */
export const deleteSalesOrderTemp = implement(api.QuickSale.deleteSalesOrderTemp, ({ body }, ctx) => {
  const cart = findOpenCart(ctx, body.sessionID, 'sessionID');
  const store = carts(ctx.db);
  const lineText = body.salesOrderTempId?.trim();
  const pairNo = body.pairNo?.trim();
  let removed: number;
  if (lineText) {
    if (!/^\d{1,16}$/.test(lineText)) throw invalid('Invalid salesOrderTempId', { salesOrderTempId: ['A cart line id'] });
    removed = store.deleteLine(Number(lineText), cart.session_id);
  } else if (pairNo) {
    removed = store.deletePair(pairNo, cart.session_id);
  } else {
    throw invalid('Say which line or pair to remove', { salesOrderTempId: ['salesOrderTempId or pairNo is required'] });
  }
  if (removed === 0) throw notFound('No such cart line');
  store.touch(cart.session_id, ctx.now().toISOString());
  return { message: removed === 1 ? 'Line removed' : `${removed} lines removed` };
});
