import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { cartView, findCart } from '../../sale/cart-view.js';
import { paiseField } from '../../input/money.js';

/** The cart with the counter's charges added to its net amount (the charges are not stored: SaveSale sends them). */
export const getSalesOrderTemp = implement(api.QuickSale.getSalesOrderTemp, ({ body }, ctx) => {
  const cart = findCart(ctx, body.sessionId, 'sessionId');
  return cartView(ctx, cart, {
    jobCharges: paiseField(body.jobCharges, 'jobCharges') ?? 0,
    shippingCharges: paiseField(body.shippingCharges, 'shippingCharges') ?? 0,
    otherCharges: paiseField(body.otherCharges, 'otherCharges') ?? 0,
    serviceTax: paiseField(body.serviceTax, 'serviceTax') ?? 0,
  });
});
