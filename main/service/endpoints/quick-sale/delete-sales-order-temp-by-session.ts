import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { carts } from '../../store/cart.js';
import { ownsCart } from '../../sale/cart-view.js';

/** Empties the cart. An unknown or expired session is already empty, so this answers 200 either way. */
export const deleteSalesOrderTempBySession = implement(api.QuickSale.deleteSalesOrderTempBySession, ({ body }, ctx) => {
  const id = body.sessionID?.trim();
  if (!id) throw invalid('sessionID is required', { sessionID: ['Required'] });
  const store = carts(ctx.db);
  const found = store.get(id, ctx.user.companyId, ctx.now());
  // Another user's cart is not this user's to empty; it reads as unknown, which is already empty.
  const cart = found && ownsCart(ctx, found) ? found : undefined;
  const removed = cart ? store.empty(cart.session_id) : 0;
  return { message: `Cart emptied (${removed} lines removed)` };
});
