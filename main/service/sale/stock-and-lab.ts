/**
 * What a booked sale does to the branch (sale/book-sale.ts): units taken from the shelf's batches,
 * and the lab order for lines sold to order.
 */
import type { OMFastWizardModel } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { conflict } from '../errors.js';
import { type CartLineView } from '../store/cart.js';
import { numberSeries } from '../store/number-series.js';
import { purchaseOrders } from '../store/purchase-order.js';
import { stock } from '../store/stock.js';
import { stockMovements } from '../store/stock-movement.js';
import { calendarDate } from '../input/dates.js';
import { optionalText } from '../input/text.js';


/**
 * Takes a counted line's units from the branch's batches: its own batch when it names one, else
 * soonest expiry first, never from an expired batch. Selling what is not on the shelf is refused,
 * which rolls the whole sale back.
 */
export function takeStock(ctx: RequestContext, l: CartLineView, orderId: number, field: string, today: string): void {
  const shelf = stock(ctx.db);
  const batches = shelf.sellableBatches(l.item_id, ctx.user.branchId, today, l.batch_no);
  const available = batches.reduce((s, b) => s + b.on_hand, 0);
  if (available < l.qty) {
    throw conflict(`${l.item_name} (${l.item_code}) is out of stock here: ${available} on the shelf, ${l.qty} in the sale (${field}). Nothing was saved.`, 'STOCK_SHORT');
  }
  const moves = stockMovements(ctx.db);
  let left = l.qty;
  for (const b of batches) {
    if (left === 0) break;
    const n = Math.min(left, b.on_hand);
    // The movement takes the units off the shelf (its trigger keeps `stock`).
    moves.record(
      ctx.ids.next('stock_movement'),
      { item_id: l.item_id, branch_id: ctx.user.branchId, batch_no: b.batch_no, delta: -n },
      orderId,
      'sale',
      ctx.now().toISOString(),
      ctx.user.id,
    );
    left -= n;
  }
}

export function raiseLabOrder(
  ctx: RequestContext,
  body: OMFastWizardModel,
  orderId: number,
  ordered: ReadonlyArray<{ lineId: number; itemId: number; qty: number }>,
  today: string,
): void {
  const ref = (entity: 'supplier' | 'fitter' | 'priority', value: string | null | undefined, field: string) =>
    value?.trim() ? ctx.decode(entity, value.trim(), field) : null;
  const poId = ctx.ids.next('purchase_order');
  const labOrders = purchaseOrders(ctx.db);
  labOrders.insert({
    id: poId,
    company_id: ctx.user.companyId,
    branch_id: ctx.user.branchId,
    year_id: ctx.user.yearId,
    po_no: numberSeries(ctx.db).next('purchase_order', ctx.user.branchId, ctx.user.yearId),
    order_date: today,
    expected_date: calendarDate(body.expectedDate ?? null, 'expectedDate'),
    sales_order_id: orderId,
    supplier_id: ref('supplier', body.supplierID, 'supplierID'),
    fitter_id: ref('fitter', body.fitterID, 'fitterID'),
    priority_id: ref('priority', body.priorityID, 'priorityID'),
    remarks: optionalText(body.purchaseOrderModel?.remarks),
    created_by: ctx.user.id,
    created_at: ctx.now().toISOString(),
  });
  for (const o of ordered) labOrders.insertLine(poId, o.lineId, o.itemId, o.qty);
}
