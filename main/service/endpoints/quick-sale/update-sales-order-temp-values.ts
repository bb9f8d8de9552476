import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { carts } from '../../store/cart.js';
import { items } from '../../store/item.js';
import { applyPricePolicy } from '../../sale/price-policy.js';
import { cartView, findOpenCart } from '../../sale/cart-view.js';
import { paiseField } from '../../input/money.js';

/**
 * Changes a line's quantity, price or discount; fields left out keep their value. A discount
 * amount replaces a discount rate and the other way round, so the line never carries both.
 */
export const updateSalesOrderTempValues = implement(api.QuickSale.updateSalesOrderTempValues, ({ body }, ctx) => {
  if (body.id === null || body.id === undefined) throw invalid('id is required', { id: ['Required'] });
  const lineId = body.id;
  return ctx.db
    .transaction(() => {
      const store = carts(ctx.db);
      const sessionId = store.sessionOfLine(lineId);
      const cart = sessionId === undefined ? undefined : findOpenCart(ctx, sessionId, 'id');
      const line = cart ? store.line(lineId, cart.session_id) : undefined;
      if (!cart || !line) throw notFound('No such cart line');
      const errors: Record<string, string[]> = {};
      const qty = body.qty ?? line.qty;
      if (!Number.isInteger(qty) || qty < 1 || qty > 9999) errors.qty = ['A whole number from 1 to 9999'];
      const price = paiseField(body.price, 'price') ?? line.price;
      if (price > line.mrp) errors.price = [`At most the MRP, ${rupees(line.mrp)}`];
      const rate = body.discountRate ?? null;
      if (rate !== null && (rate < 0 || rate > 100)) errors.discountRate = ['A percent from 0 to 100'];
      const amount = paiseField(body.discountAmount, 'discountAmount');
      if (amount !== null && amount > qty * price) errors.discountAmount = ['Not more than the line'];
      if (Object.keys(errors).length > 0) throw invalid('The cart line has errors', errors);
      const discount =
        amount !== null ? { discount_amount: amount, discount_bp: null }
        : rate !== null ? { discount_amount: null, discount_bp: Math.round(rate * 100) }
        : { discount_amount: line.discount_amount, discount_bp: line.discount_bp };
      // The store's price policy (sale/price-policy.ts): beyond the user's limit, a manager's approval.
      const item = items(ctx.db).byId(ctx.user.companyId, line.item_id)!;
      const changed = price !== line.price || discount.discount_bp !== line.discount_bp || discount.discount_amount !== line.discount_amount || qty !== line.qty;
      // A changed line answers to the policy again (its old approval was for the old figures).
      const approval = changed ? applyPricePolicy(ctx, item, { qty, price, ...discount }, body.priceApprovalID, 'price') : line.price_approval_id;
      store.updateLine({ id: line.id, qty, price, ...discount, price_approval_id: approval });
      store.touch(cart.session_id, ctx.now().toISOString());
      return { message: 'Cart line updated', netAmount: cartView(ctx, cart).netAmount };
    })
    .immediate();
});
