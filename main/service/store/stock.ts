/**
 * SQL for `stock`: on hand per item, branch and batch. The stock the counter sees is what can be
 * sold today: batches past their expiry date are left out. Made-to-order items have no rows and
 * answer null, not 0.
 *
 * Read only here: the rows are kept by a trigger from `stock_movement` (store/stock-movement.ts,
 * issue 15), so every change is a movement and the balance is their sum.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { stockMovements, type MovementDocument } from './stock-movement.js';

export interface StockBatch {
  item_id: number;
  branch_id: number;
  batch_no: string;
  expiry_date: string | null;
  on_hand: number;
}

export const stock = perDatabase((db: Db) => {
  const ofItems = db.prepare<[string, number, string], { item_id: number; on_hand: number }>(
    `SELECT item_id, coalesce(sum(on_hand), 0) AS on_hand FROM stock
     WHERE item_id IN (SELECT value FROM json_each(?)) AND branch_id = ? AND (expiry_date IS NULL OR expiry_date >= ?)
     GROUP BY item_id`,
  );
  const current = db.prepare<[number, number, string], { on_hand: number; expiry_date: string | null }>(
    'SELECT on_hand, expiry_date FROM stock WHERE item_id = ? AND branch_id = ? AND batch_no = ?',
  );
  const batches = db.prepare<[number, number], StockBatch>(
    'SELECT * FROM stock WHERE item_id = ? AND branch_id = ? ORDER BY expiry_date, batch_no',
  );
  const sellableBatches = db.prepare<[number, number, string, string, string], { batch_no: string; on_hand: number }>(
    `SELECT batch_no, on_hand FROM stock WHERE item_id = ? AND branch_id = ? AND on_hand > 0
       AND (expiry_date IS NULL OR expiry_date >= ?) AND (? = '' OR batch_no = ?)
     ORDER BY expiry_date IS NULL, expiry_date, batch_no`,
  );
  return {
    /**
     * The batches a sale may take an item from on `day`, in the order to take them: soonest expiry
     * first, never an expired one; only `batchNo` when the line names one ('' for any).
     */
    sellableBatches: (itemId: number, branchId: number, day: string, batchNo: string) =>
      sellableBatches.all(itemId, branchId, day, batchNo, batchNo),
    /**
     * Sellable units per item in a branch on `day`; items without a row have 0. Pass made-to-order
     * items through `counted` so they come back as null.
     */
    sellable(items: ReadonlyArray<{ id: number; made_to_order: number }>, branchId: number, day: string): Map<number, number | null> {
      const counted = items.filter((i) => !i.made_to_order).map((i) => i.id);
      const found = new Map(ofItems.all(JSON.stringify(counted), branchId, day).map((r) => [r.item_id, r.on_hand]));
      return new Map(items.map((i) => [i.id, i.made_to_order ? null : (found.get(i.id) ?? 0)]));
    },
    /**
     * Sets the count of one batch (imports and stock-takes state what is there): a 'count' movement
     * of the difference, carrying the expiry as stated; nothing when both already agree.
     */
    count(row: StockBatch, id: () => number, at: string, document: MovementDocument = 'import', documentId: number | null = null) {
      const now = current.get(row.item_id, row.branch_id, row.batch_no);
      if (now && now.on_hand === row.on_hand && now.expiry_date === row.expiry_date) return;
      stockMovements(db).add({
        id: id(), item_id: row.item_id, branch_id: row.branch_id, batch_no: row.batch_no,
        delta: row.on_hand - (now?.on_hand ?? 0), reason: 'count', at, expiry_date: row.expiry_date, document, document_id: documentId,
      });
    },
    batches: (itemId: number, branchId: number) => batches.all(itemId, branchId),
  };
});
