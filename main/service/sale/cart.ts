/**
 * The counter's cart (QuickSale/SaveSalesOrderTemp, UpdateSalesOrderTempValues): adding a line
 * and changing one, each one command in one immediate transaction.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { randomUUID } from 'node:crypto';
import { rupees } from '../../../shared/domain/money.js';
import type { SalesOrderTempModelRequest, UpdateSalesOrderRequestModel } from '../../../shared/models/cart.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { paiseField } from '../input/money.js';
import { carts } from '../store/cart.js';
import { items } from '../store/item.js';
import { cartView, findOpenCart } from './cart-view.js';
import { checkLine, readLineFigures } from './line.js';
import { applyPricePolicy } from './price-policy.js';
import { checkShelf } from './shelf.js';
import { optionalText } from '../input/text.js';
import { extend } from '../../../shared/extend.js';

const asIs = (field: string) => field;

/**
 * Adds one line to the cart, opening a cart (and issuing its sessionID) when none is given.
 * Price defaults to the item's sale price and MRP is always the item's. A lens pair is two calls
 * with the same pairNo: the first line is the right eye, the second the left. The checks are
 * sale/line.ts, shared with SaveSale's listed lines so both take the same lines.
 */
export function addToCart(ctx: RequestContext, body: SalesOrderTempModelRequest) {
  const figures = readLineFigures(ctx, body.itemID, 'itemID', body, asIs);
  const at = ctx.now().toISOString();

  return ctx.db
    .transaction(() => {
      const store = carts(ctx.db);
      let sessionID = body.sessionID?.trim() ?? '';
      const pairNo = optionalText(body.pairNo);
      if (sessionID) {
        findOpenCart(ctx, sessionID, 'sessionID');
      }
      const { line, item } = checkLine(ctx, figures, body, {
        at: asIs,
        itemField: 'itemID',
        linesBeforeInPair: sessionID && pairNo ? store.linesInPair(sessionID, pairNo) : 0,
        unknownItem: 'notFound',
      });
      // Off the shelf? Said when scanned, in the cashier's words (sale/shelf.ts).
      checkShelf(ctx, item, line.qty, body.isOrdered === true, line.batch_no, sessionID || null);
      // The store's price policy (sale/price-policy.ts): beyond the user's limit, a manager's approval.
      line.price_approval_id = applyPricePolicy(ctx, item, { orderedItem: body.isOrdered === true && item.made_to_order !== 1, ...line }, body.priceApprovalID, 'price');
      if (sessionID) {
        store.touch(sessionID, at);
      } else {
        sessionID = randomUUID();
        store.create({ session_id: sessionID, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, user_id: ctx.user.id, till_id: ctx.till, customer_id: null, created_at: at }, ctx.now());
      }
      store.addLine({ id: ctx.ids.next('cart_line'), session_id: sessionID, created_at: at, ...line });
      return { sessionID, message: 'Added to the cart' };
    })
    .immediate();
}

/**
 * Changes a line's quantity, price or discount; fields left out keep their value. A discount
 * amount replaces a discount rate and the other way round, so the line never carries both.
 */
export function changeCartLine(ctx: RequestContext, body: UpdateSalesOrderRequestModel) {
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
      // A line keeps the price it was added at: a price change since does not reach an open cart. So
      // a line whose price is not being changed, and was never an approved exception, is held to the
      // policy against that price, not the item's new one (a cashier may still change its quantity).
      const current = items(ctx.db).byId(ctx.user.companyId, line.item_id, localDate(ctx.now()))!;
      const item = price === line.price && line.price_approval_id === null ? extend(current, { sale_price: line.price }) : current;
      const changed = price !== line.price || discount.discount_bp !== line.discount_bp || discount.discount_amount !== line.discount_amount || qty !== line.qty;
      // A changed line answers to the policy again (its old approval was for the old figures).
      const approval = changed ? applyPricePolicy(ctx, item, { qty, price, ...discount }, body.priceApprovalID, 'price') : line.price_approval_id;
      store.updateLine({ id: line.id, qty, price, price_approval_id: approval, ...discount });
      store.touch(cart.session_id, ctx.now().toISOString());
      return { message: 'Cart line updated', netAmount: cartView(ctx, cart).netAmount };
    })
    .immediate();
}

/** Removes one line by salesOrderTempId, or a whole lens pair by pairNo (both eyes go together). */
export function removeFromCart(ctx: RequestContext, body: { sessionID?: string | null | undefined; salesOrderTempId?: string | null | undefined; pairNo?: string | null | undefined }) {
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
}
