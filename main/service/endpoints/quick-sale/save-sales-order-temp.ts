import { randomUUID } from 'node:crypto';
import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { carts } from '../../store/cart.js';
import { findOpenCart } from '../../sale/cart-view.js';
import { checkLine, readLineFigures } from '../../sale/line.js';
import { applyPricePolicy } from '../../sale/price-policy.js';
import { checkShelf } from '../../sale/shelf.js';

const asIs = (field: string) => field;

/**
 * Adds one line to the cart, opening a cart (and issuing its sessionID) when none is given.
 * Price defaults to the item's sale price and MRP is always the item's. A lens pair is two calls
 * with the same pairNo: the first line is the right eye, the second the left. The checks are
 * sale/line.ts, shared with SaveSale's listed lines so both take the same lines.
 */
export const saveSalesOrderTemp = implement(api.QuickSale.saveSalesOrderTemp, ({ body }, ctx) => {
  const figures = readLineFigures(ctx, body.itemID, 'itemID', body, asIs);
  const at = ctx.now().toISOString();

  return ctx.db
    .transaction(() => {
      const store = carts(ctx.db);
      let sessionID = body.sessionID?.trim() ?? '';
      const pairNo = body.pairNo?.trim() || null;
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
      line.price_approval_id = applyPricePolicy(ctx, item, { ...line, orderedItem: body.isOrdered === true && item.made_to_order !== 1 }, body.priceApprovalID, 'price');
      if (sessionID) {
        store.touch(sessionID, at);
      } else {
        sessionID = randomUUID();
        store.create({ session_id: sessionID, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, user_id: ctx.user.id, till_id: ctx.till, customer_id: null, created_at: at }, ctx.now());
      }
      store.addLine({ ...line, id: ctx.ids.next('cart_line'), session_id: sessionID, created_at: at });
      return { sessionID, message: 'Added to the cart' };
    })
    .immediate();
});
