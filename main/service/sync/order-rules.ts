/**
 * Two branches acting on one order while apart (any branch serves any customer). `sales_order` is
 * a fact of the booking branch, applied as it comes, except two columns another branch also writes:
 *
 *   status_id          the collection branch moves the job (in lab, ready, delivered), the booking
 *                      branch cancels. Cancelled wins over any other status, and Delivered over any
 *                      but Cancelled, whichever arrives first, so every PC ends on the same status.
 *                      The handing-over is kept beside it (delivered_branch_id, delivered_at), and an
 *                      order cancelled and handed over lands on Orders/to-settle (order/any-branch.ts).
 *   collect_branch_id  moved by the booking branch or by head office: last writer wins by the
 *                      change's clock time, as a shared table's column (sync_clock keeps the winner).
 *
 * Receipts and returns need no rule: each is the fact of the branch that took it, and the order's
 * received figure is kept from them by this store's own triggers (KEPT_COLUMNS).
 * The decisions themselves are shared with the hub's current rows (shared/sync-rules.ts).
 */
import type { Db } from '../db/database.js';
import { anyBranchOrders } from '../store/any-branch.js';
import { syncStore } from '../store/sync.js';
import type { PulledChange } from '../../../shared/sync.js';
import { maxHlc, newerColumns, ORDER_LWW_COLUMNS, statusStays } from '../../../shared/sync-rules.js';

/** The pulled update's values this store takes for the order; the collection branch's clock is kept when it wins. */
export function orderUpdateValues(db: Db, change: PulledChange, values: Record<string, unknown>): Record<string, unknown> {
  if (change.tbl !== 'sales_order' || change.op !== 'update' || change.rowId === null) return values;
  const out = { ...values };
  if (typeof out.status_id === 'number') {
    const here = anyBranchOrders(db).statusOf(change.rowId);
    if (statusStays(here, out.status_id)) delete out.status_id;
  }
  const lww = ORDER_LWW_COLUMNS.filter((col) => col in out);
  if (lww.length > 0) {
    const store = syncStore(db);
    const ref = String(change.rowId);
    const rowId = change.rowId;
    const won = newerColumns(Object.fromEntries(lww.map((col) => [col, out[col]])), change.hlc, (col) =>
      maxHlc(store.clockOf('sales_order', ref, col), store.localColumnHlc('sales_order', rowId, null, col)),
    );
    for (const col of lww) {
      if (col in won) store.setClock('sales_order', ref, col, change.hlc);
      else delete out[col];
    }
  }
  return out;
}
