/**
 * SQL for `stock_movement` (issue 15): every change to a shelf is a movement, a fact owned by the
 * branch that made it (`owner_branch_id`; the node is its id's high bits, ids/id-source.ts) and
 * never changed or deleted. `stock` follows the movements by a trigger (db/migrations/017), in the
 * same transaction, so a movement pulled from another node moves its shelf too.
 *
 *   opening      what a batch held when the store moved to movements (migration 017)
 *   sale         units a sale took (negative)          cancel      units a cancelled sale put back
 *   receipt      goods received                        transfer    out of one branch or into another
 *   adjustment   damage, loss, found                   count       a stock-take: the difference found,
 *                                                                  and the batch's expiry as counted
 *   return       goods a customer brought back         supplier_return   goods sent back to a supplier
 *   write_off    damaged or lost goods taken out of sellable stock
 *
 * A movement names the document that wrote it (`document`, `document_id`, migration 028) and, where
 * the document knows it, the unit cost in paise.
 */
import type { Db } from '../db/database.js';
import { extend } from '../../../shared/extend.js';
import { perDatabase } from './per-database.js';

export type MovementReason =
  | 'opening' | 'sale' | 'cancel' | 'receipt' | 'transfer' | 'adjustment' | 'count' | 'return' | 'supplier_return' | 'write_off';

/** The kinds of document a movement names; null for movements older than migration 028. */
export type MovementDocument =
  | 'sale' | 'import' | 'goods_receipt' | 'supplier_return' | 'transfer' | 'stock_take' | 'customer_return' | 'adjustment';

export interface MovementTotal {
  item_id: number;
  branch_id: number;
  batch_no: string;
  delta: number;
}

export interface NewMovement extends MovementTotal {
  id: number;
  reason: MovementReason;
  at: string;
  sales_order_id?: number | null;
  /** Stated by receipts and counts; null keeps the batch's. */
  expiry_date?: string | null;
  /** The branch that made the movement; the shelf's branch unless said (a transfer into another). */
  owner_branch_id?: number;
  created_by?: number | null;
  document?: MovementDocument | null;
  document_id?: number | null;
  /** Paise per unit, where the document states it (a receipt's landed cost). */
  unit_cost?: number | null;
}

export const stockMovements = perDatabase((db: Db) => {
  const net = db.prepare<[number], MovementTotal>(
    `SELECT item_id, branch_id, batch_no, sum(delta) AS delta FROM stock_movement WHERE sales_order_id = ?
     GROUP BY item_id, branch_id, batch_no HAVING sum(delta) <> 0 ORDER BY item_id, batch_no`,
  );
  const insert = db.prepare(
    `INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at, expiry_date, owner_branch_id, created_by, document, document_id, unit_cost)
     VALUES (@id, @item_id, @branch_id, @batch_no, @delta, @sales_order_id, @reason, @at, @expiry_date, @owner_branch_id, @created_by, @document, @document_id, @unit_cost)`,
  );
  const ofBatch = db.prepare<[number, number, string], { on_hand: number }>(
    'SELECT coalesce(sum(delta), 0) AS on_hand FROM stock_movement WHERE item_id = ? AND branch_id = ? AND batch_no = ?',
  );
  return {
    /** Per batch, what the order's movements add up to (negative: still out of stock). */
    netOfOrder: (orderId: number) => net.all(orderId),
    /** Records a movement; the trigger moves the shelf (`stock`) with it. */
    add(m: NewMovement) {
      insert.run(extend({ sales_order_id: null, expiry_date: null, created_by: null, document: null, document_id: null, unit_cost: null, ...m }, { owner_branch_id: m.owner_branch_id ?? m.branch_id }));
    },
    /** What a sale took from a batch, or its cancel put back. */
    record: (id: number, m: MovementTotal, orderId: number, reason: 'sale' | 'cancel', at: string, createdBy: number | null = null) =>
      insert.run(extend(m, { id, sales_order_id: orderId, reason, at, expiry_date: null, owner_branch_id: m.branch_id, created_by: createdBy, document: 'sale', document_id: orderId, unit_cost: null })),
    /** A batch's on hand as the movements add it up (what `stock` holds, derived afresh). */
    sumOfBatch: (itemId: number, branchId: number, batchNo: string) => ofBatch.get(itemId, branchId, batchNo)!.on_hand,
  };
});
