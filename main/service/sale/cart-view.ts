/** The cart as the counter sees it: finding a session's cart, its priced lines and net amount. */
import { billTotals, type BillCharges } from '../../../shared/domain/gst.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { rupees } from '../../../shared/domain/money.js';
import type { SalesOrderTemp } from '../../../shared/models/cart.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { carts, CART_TTL_DAYS, type CartRow } from '../store/cart.js';
import { salesOrders } from '../store/sales-order.js';
import { priceLines } from './bill.js';
import { jobLine } from './job-charges.js';
import { extend } from '../../../shared/extend.js';

/** Whether the cart is this request's: the signed-in user's, opened at this till. */
export const ownsCart = (ctx: RequestContext, cart: CartRow): boolean => cart.user_id === ctx.user.id && cart.till_id === ctx.till;

/**
 * The signed-in user's live cart of that session at this till. A cart belongs to the user and the
 * till that opened it (or the manager who took it over): another user's or another till's cart
 * answers 404 like an unknown one, so its lines can be neither read nor changed by guessing ids.
 */
export function findCart(ctx: RequestContext, sessionId: string | null | undefined, field: string): CartRow {
  const id = sessionId?.trim();
  if (!id) throw invalid(`${field} is required`, { [field]: ['Required'] });
  const cart = carts(ctx.db).get(id, ctx.user.companyId, ctx.now());
  if (!cart || !ownsCart(ctx, cart)) throw notFound(`No such cart (carts untouched for ${CART_TTL_DAYS} days expire)`);
  return cart;
}

/**
 * findCart for a change to the cart: a cart whose sale was saved takes nothing more (409 naming
 * the order), so goods added after the sale cannot leave the store unbilled under its answer.
 */
export function findOpenCart(ctx: RequestContext, sessionId: string | null | undefined, field: string): CartRow {
  const cart = findCart(ctx, sessionId, field);
  const order = salesOrders(ctx.db).bySession(ctx.user.companyId, cart.session_id);
  if (order) throw conflict(`This cart was already saved as order ${order.order_no}: start a new sale for more items`, 'SALE_CART_ALREADY_SAVED');
  return cart;
}

/** The cart's lines priced for today; intra-state until a customer says otherwise (the total is the same either way). */
export function pricedCart(ctx: RequestContext, sessionId: string) {
  return priceLines(ctx.db, carts(ctx.db).lines(sessionId), localDate(ctx.now()), true);
}

export function cartView(ctx: RequestContext, cart: CartRow, charges: BillCharges = {}): SalesOrderTemp {
  const lines = pricedCart(ctx, cart.session_id);
  // As SaveSale bills them: job charges as a taxed service, the client's serviceTax not added.
  const job = jobLine(ctx.db, charges.jobCharges ?? 0, true);
  const totals = billTotals(lines.map((l) => extend(l.gst, { qty: l.qty })), extend(charges, { serviceTax: 0, job }));
  return {
    sessionID: cart.session_id,
    customerID: cart.customer_id === null ? null : ctx.enc.encode('customer', cart.customer_id),
    items: lines.map((l) => ({
      id: l.id,
      itemID: ctx.enc.encode('item', l.item_id),
      itemName: l.item_name,
      qty: l.qty,
      price: rupees(l.price),
      mrp: rupees(l.mrp),
      pairNo: l.pair_no,
      discountRate: (l.discount_bp ?? 0) / 100,
      discountAmount: rupees(l.gst.discount),
      totalAmount: rupees(l.gst.total),
    })),
    netAmount: rupees(totals.netAmount),
  };
}

/**
 * A manager takes over another user's open cart of their branch: it becomes theirs, and the cart
 * keeps from whom and when (migration 007). A cart of another branch reads as unknown (404); a
 * cart whose sale was saved cannot be taken (409).
 */
export function takeOverCart(ctx: RequestContext, sessionId: string | null | undefined): string {
  const id = sessionId?.trim();
  if (!id) throw invalid('Say which cart to take over', { sessionID: ['Required'] });
  const store = carts(ctx.db);
  const cart = store.get(id, ctx.user.companyId, ctx.now());
  if (!cart || cart.branch_id !== ctx.user.branchId) throw notFound(`No such cart (carts untouched for ${CART_TTL_DAYS} days expire)`);
  const order = salesOrders(ctx.db).bySession(ctx.user.companyId, cart.session_id);
  if (order) throw conflict(`This cart was already saved as order ${order.order_no}`, 'SALE_CART_ALREADY_SAVED');
  if (ownsCart(ctx, cart)) return 'This cart is already yours';
  store.takeOver(cart.session_id, ctx.user.id, ctx.till, ctx.now().toISOString());
  return 'The cart is yours now';
}
