/** SQL for `stock_movement`: what a sale took out of which batch, and what a cancel put back. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface MovementTotal {
  item_id: number;
  branch_id: number;
  batch_no: string;
  delta: number;
}

export const stockMovements = perDatabase((db: Db) => {
  const net = db.prepare<[number], MovementTotal>(
    `SELECT item_id, branch_id, batch_no, sum(delta) AS delta FROM stock_movement WHERE sales_order_id = ?
     GROUP BY item_id, branch_id, batch_no HAVING sum(delta) <> 0 ORDER BY item_id, batch_no`,
  );
  const insert = db.prepare<[number, number, number, string, number, number, string, string]>(
    'INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    /** Per batch, what the order's movements add up to (negative: still out of stock). */
    netOfOrder: (orderId: number) => net.all(orderId),
    record: (id: number, m: MovementTotal, orderId: number, reason: 'sale' | 'cancel', at: string) =>
      insert.run(id, m.item_id, m.branch_id, m.batch_no, m.delta, orderId, reason, at),
  };
});
