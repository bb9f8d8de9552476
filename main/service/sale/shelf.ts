/**
 * Whether the shelf has what the counter scans (issue 11). An item off the shelf is checked when
 * it is scanned, not only when the sale is saved, and refused in the cashier's words. Goods the
 * store does not have can still be sold to order (the line marked ordered: it takes no stock and
 * goes to the supplier) where the store allows it (setting `sale.allowOrderedItems`, default off),
 * and only with a manager's approval, like a price beyond the limit.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { RequestContext } from '../context.js';
import { conflict } from '../errors.js';
import { carts } from '../store/cart.js';
import type { ItemRow } from '../store/item.js';
import { settings } from '../store/setting.js';
import { stock } from '../store/stock.js';

export const ALLOW_ORDERED_ITEMS_SETTING = 'sale.allowOrderedItems';

export function allowsOrderedItems(ctx: RequestContext): boolean {
  return settings(ctx.db).flag(ALLOW_ORDERED_ITEMS_SETTING, false);
}

/** Units of the item on this branch's shelf that can be sold today (unexpired, in the batch asked for). */
export function onShelf(ctx: RequestContext, itemId: number, batchNo: string): number {
  return stock(ctx.db)
    .sellableBatches(itemId, ctx.user.branchId, localDate(ctx.now()), batchNo)
    .reduce((s, b) => s + b.on_hand, 0);
}

/**
 * A counted line being added to a cart: the shelf must have it, counting what the cart already
 * holds of it. An ordered line of stocked goods needs the store's leave (its approval is the price
 * policy's: sale/price-policy.ts).
 */
export function checkShelf(ctx: RequestContext, item: Pick<ItemRow, 'id' | 'name' | 'made_to_order'>, qty: number, ordered: boolean, batchNo: string, sessionId: string | null): void {
  if (item.made_to_order === 1) return;
  if (ordered) {
    if (!allowsOrderedItems(ctx)) throw conflict(`${item.name} cannot be sold to order in this store: sell it from the shelf`, 'SALE_TO_ORDER_NOT_ALLOWED');
    return;
  }
  const inCart = sessionId ? carts(ctx.db).lines(sessionId).filter((l) => l.item_id === item.id && l.is_ordered === 0).reduce((s, l) => s + l.qty, 0) : 0;
  const left = onShelf(ctx, item.id, batchNo) - inCart;
  if (left < qty) {
    throw conflict(
      left <= 0
        ? `${item.name} is out of stock here${inCart ? ' (the cart has the last of it)' : ''}`
        : `Only ${left} of ${item.name} left here`,
      'STOCK_SHORT',
    );
  }
}
