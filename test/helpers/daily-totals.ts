/**
 * Migration 038's daily totals and migration 040's stock totals against a recount from the
 * documents and the stock movements: the rows that differ, by table (empty lists when the totals
 * are right). Shared by the service and the sync tests.
 */
import type { Db } from '../../main/service/db/database.js';

const STOCK_RECOUNT = `SELECT branch_id, item_id, on_hand, received_qty, received_value,
      on_hand * iif(received_qty > 0, CAST(round(1.0 * received_value / received_qty) AS INTEGER), coalesce(cost, 0)) AS value
    FROM (SELECT m.branch_id, m.item_id, sum(m.delta) AS on_hand, sum(iif(m.unit_cost IS NOT NULL AND m.delta > 0, m.delta, 0)) AS received_qty,
            sum(iif(m.unit_cost IS NOT NULL AND m.delta > 0, m.delta * m.unit_cost, 0)) AS received_value, i.cost
          FROM stock_movement m JOIN item i ON i.id = m.item_id GROUP BY m.branch_id, m.item_id)`;

/** Each kept table against the same figures summed from the documents; rows of zero are no rows. */
const RECOUNTS: Record<string, { kept: string; recount: string }> = {
  branch_day_total: {
    kept: `SELECT branch_id, day, orders, sales, discount, tax, cancelled, cancelled_amount, received, returns, returned, refunded FROM branch_day_total
           WHERE orders OR sales OR discount OR tax OR cancelled OR cancelled_amount OR received OR returns OR returned OR refunded`,
    recount: `SELECT branch_id, day, sum(orders) AS orders, sum(sales) AS sales, sum(discount) AS discount, sum(tax) AS tax, sum(cancelled) AS cancelled,
           sum(cancelled_amount) AS cancelled_amount, sum(received) AS received, sum(returns) AS returns, sum(returned) AS returned, sum(refunded) AS refunded
         FROM (
           SELECT branch_id, order_date AS day, status_id <> 5 AS orders, iif(status_id <> 5, net_amount, 0) AS sales, iif(status_id <> 5, total_discount, 0) AS discount,
             iif(status_id <> 5, cgst + sgst + igst, 0) AS tax, status_id = 5 AS cancelled, iif(status_id = 5, net_amount, 0) AS cancelled_amount,
             0 AS received, 0 AS returns, 0 AS returned, 0 AS refunded FROM sales_order
           UNION ALL SELECT branch_id, receipt_date, 0, 0, 0, 0, 0, 0, amount, 0, 0, 0 FROM receipt WHERE status_id <> 2 AND credit_note_id IS NULL
           UNION ALL SELECT branch_id, return_date, 0, 0, 0, 0, 0, 0, 0, 1, amount, refund_amount FROM sales_return)
         GROUP BY branch_id, day`,
  },
  item_day_total: {
    kept: `SELECT branch_id, day, item_id, qty, amount, discount, returned_qty, returned_amount FROM item_day_total
           WHERE qty OR amount OR discount OR returned_qty OR returned_amount`,
    recount: `SELECT branch_id, day, item_id, sum(qty) AS qty, sum(amount) AS amount, sum(discount) AS discount, sum(rq) AS returned_qty, sum(ra) AS returned_amount
         FROM (
           SELECT o.branch_id, o.order_date AS day, l.item_id, l.qty, l.total AS amount, l.discount, 0 AS rq, 0 AS ra
             FROM sales_order o JOIN sales_order_line l ON l.sales_order_id = o.id WHERE o.status_id <> 5
           UNION ALL SELECT x.branch_id, x.return_date, l.item_id, 0, 0, 0, l.qty, l.total FROM sales_return x JOIN sales_return_line l ON l.sales_return_id = x.id)
         GROUP BY branch_id, day, item_id`,
  },
  payment_day_total: {
    kept: 'SELECT branch_id, day, payment_kind_id, receipts, amount FROM payment_day_total WHERE receipts OR amount',
    recount: `SELECT branch_id, receipt_date AS day, payment_kind_id, count(*) AS receipts, sum(amount) AS amount FROM receipt WHERE status_id <> 2
         GROUP BY branch_id, receipt_date, payment_kind_id`,
  },
  seller_day_total: {
    kept: 'SELECT branch_id, day, user_id, orders, sales, discount FROM seller_day_total WHERE orders OR sales OR discount',
    recount: `SELECT branch_id, order_date AS day, created_by AS user_id, count(*) AS orders, sum(net_amount) AS sales, sum(total_discount) AS discount
         FROM sales_order WHERE status_id <> 5 GROUP BY branch_id, order_date, created_by`,
  },
  // Per branch and item, every movement added up afresh; the unit cost rounded here with round().
  stock_total: {
    kept: 'SELECT branch_id, item_id, on_hand, received_qty, received_value, value FROM stock_total',
    recount: STOCK_RECOUNT,
  },
  branch_stock_total: {
    kept: 'SELECT branch_id, on_hand, value FROM branch_stock_total WHERE on_hand OR value',
    recount: `SELECT branch_id, sum(on_hand) AS on_hand, sum(value) AS value FROM (${STOCK_RECOUNT}) GROUP BY branch_id HAVING sum(on_hand) OR sum(value)`,
  },
};

/** Rows that differ between each kept table and its recount, by table. */
export function drift(db: Db): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(RECOUNTS).map(([table, { kept, recount }]) => [
      table,
      db.prepare(`SELECT 'kept' AS side, * FROM (${kept} EXCEPT ${recount}) UNION ALL SELECT 'recount', * FROM (${recount} EXCEPT ${kept})`).all(),
    ]),
  );
}
export const clean = { branch_day_total: [], item_day_total: [], payment_day_total: [], seller_day_total: [], stock_total: [], branch_stock_total: [] };


/** The stock totals alone (migration 040) against a recount from the movements. */
export function stockDrift(db: Db): { stock_total: unknown[]; branch_stock_total: unknown[] } {
  const { stock_total, branch_stock_total } = drift(db);
  return { stock_total: stock_total!, branch_stock_total: branch_stock_total! };
}
export const stockClean = { stock_total: [], branch_stock_total: [] };
