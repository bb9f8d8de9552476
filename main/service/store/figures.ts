/**
 * The figures this store's triggers keep from the rows they add up, made from all those rows at
 * once: an order's money received and line count, a credit note's balance, the order tally, the
 * daily totals of branches, items, payment kinds and sellers, the shelf (`stock`) and stock at
 * cost (`stock_total`, `branch_stock_total`). The triggers that keep them are the migrations'
 * (014, 017, 028, 038, 040); what each adds per row is summed here per key, by the same rules.
 *
 * A join writes the company's rows by the hundred thousand (sync/snapshot.ts). Each of these
 * triggers would update its figure once per row, at random places in a large table: at a million
 * orders that was most of the join. The join sets FIGURE_TRIGGERS aside with the indexes
 * (store/snapshot.ts), and once every row is in, `addFigures` adds each figure once, in the same
 * transaction that puts the triggers back. Each statement adds to what the figure held, as the
 * triggers would have, so the result is theirs for rows written in key order (the order a join
 * writes them), whatever was there before; test/unit/figures.test.ts holds them to it.
 *
 * One difference, on purpose: the trigger of a credit note's refund movement also marks the note
 * active again. A joined note's `is_active` is the hub's, which already holds what that trigger did
 * where the refund was made, and anything done to the note after it.
 */
import { RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';

const CANCELLED = SALES_ORDER_STATUS.Cancelled;
const RECEIVED = RECEIPT_STATUS.Received;
// A receipt cancelled (voided) counts in no day.
const VOIDED = RECEIPT_STATUS.Cancelled;

/**
 * Every trigger that keeps these figures, on insert, update and delete: with them all set aside,
 * nothing done to the rows before addFigures (a row taken out for a clash) moves a figure twice.
 */
export const FIGURE_TRIGGERS: readonly string[] = [
  ...['insert', 'update', 'delete'].flatMap((on) => [
    `receipt_received_${on}`,
    `sales_order_tally_${on}`,
    `sales_order_day_${on}`,
    `sales_order_line_day_${on}`,
    `receipt_day_${on}`,
    `sales_return_day_${on}`,
    `sales_return_line_day_${on}`,
  ]),
  'branch_stock_total_insert',
  'branch_stock_total_update',
  'sales_order_line_count_insert',
  'sales_order_line_count_delete',
  'sales_order_line_count_move',
  'sales_order_day_lines',
  'credit_note_from_movement',
  'stock_from_movement',
  'stock_total_from_movement',
  'stock_total_item_cost',
];

/**
 * `INSERT … SELECT … ON CONFLICT DO UPDATE`: each figure added to the row of its key; `derived`:
 * columns after the figures that are worked out, not added (`also` says how, on a row already there).
 */
function addTo(table: string, keys: readonly string[], figures: readonly string[], select: string, derived: { columns: readonly string[]; also: string } = { columns: [], also: '' }): string {
  const sets = figures.map((f) => `${f} = ${f} + excluded.${f}`).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...figures, ...derived.columns].join(', ')}) ${select}
  ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets}${derived.also};`;
}

const BRANCH_KEYS = ['branch_id', 'day'];
const BRANCH_FIGURES = ['orders', 'sales', 'discount', 'tax', 'cancelled', 'cancelled_amount', 'received', 'returns', 'returned', 'refunded'];
const ITEM_KEYS = ['branch_id', 'day', 'item_id'];
const ITEM_FIGURES = ['qty', 'amount', 'discount', 'returned_qty', 'returned_amount'];

/** Paise per unit: the weighted average of the costed receipts (half up), else the item's cost, else nothing. */
const unit = (qty: string, value: string, cost: string) => `(CASE WHEN ${qty} > 0 THEN (2 * (${value}) + (${qty})) / (2 * (${qty})) ELSE coalesce(${cost}, 0) END)`;
const COSTED = 'unit_cost IS NOT NULL AND delta > 0';
const ITEM_COST = (id: string) => `(SELECT cost FROM item WHERE id = ${id})`;
/** A movement that sets its shelf's expiry: a count (even to none), or any that names one. */
const STATES_EXPIRY = "(reason = 'count' OR expiry_date IS NOT NULL)";

// Each sum reads its table from end to end and sorts the groups in memory (NOT INDEXED): walking
// an index that does not hold every column read fetches each row at random, which at a million
// orders was most of the time. The order lines lead their join with the orders: both were
// written in key order, so each line finds its order near the last one.
const FIGURES_SQL = `
UPDATE credit_note SET balance = balance + m.amount
  FROM (SELECT credit_note_id, sum(amount) AS amount FROM credit_note_movement GROUP BY credit_note_id) AS m
 WHERE m.credit_note_id = credit_note.id;

UPDATE sales_order SET received = received + f.amount, item_count = item_count + f.n
  FROM (SELECT id, sum(amount) AS amount, sum(n) AS n
          FROM (SELECT sales_order_id AS id, amount, 0 AS n FROM receipt WHERE status_id = ${RECEIVED} AND sales_order_id IS NOT NULL
                UNION ALL SELECT sales_order_id, 0, 1 FROM sales_order_line)
         GROUP BY id) AS f
 WHERE f.id = sales_order.id;

${addTo(
  'sales_order_tally',
  ['branch_id', 'status_id'],
  ['orders', 'amount', 'owing', 'owed'],
  `SELECT branch_id, status_id, count(*), sum(net_amount), sum(due > 0), sum(max(due, 0))
     FROM (SELECT branch_id, status_id, net_amount, net_amount - insurance_amount - received AS due FROM sales_order NOT INDEXED)
    WHERE true GROUP BY branch_id, status_id`,
)}

${addTo(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, order_date, sum(status_id <> ${CANCELLED}), sum(iif(status_id <> ${CANCELLED}, net_amount, 0)),
          sum(iif(status_id <> ${CANCELLED}, total_discount, 0)), sum(iif(status_id <> ${CANCELLED}, cgst + sgst + igst, 0)),
          sum(status_id = ${CANCELLED}), sum(iif(status_id = ${CANCELLED}, net_amount, 0)), 0, 0, 0, 0
     FROM sales_order NOT INDEXED WHERE true GROUP BY branch_id, order_date`,
)}
${addTo(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, receipt_date, 0, 0, 0, 0, 0, 0, sum(amount), 0, 0, 0
     FROM receipt NOT INDEXED WHERE status_id <> ${VOIDED} AND credit_note_id IS NULL GROUP BY branch_id, receipt_date`,
)}
${addTo(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, return_date, 0, 0, 0, 0, 0, 0, 0, count(*), sum(amount), sum(refund_amount)
     FROM sales_return WHERE true GROUP BY branch_id, return_date`,
)}
${addTo(
  'item_day_total',
  ITEM_KEYS,
  ITEM_FIGURES,
  `SELECT o.branch_id, o.order_date, l.item_id, sum(l.qty), sum(l.total), sum(l.discount), 0, 0
     FROM sales_order_line l CROSS JOIN sales_order o ON o.id = l.sales_order_id
    WHERE o.status_id <> ${CANCELLED} GROUP BY o.branch_id, o.order_date, l.item_id`,
)}
${addTo(
  'item_day_total',
  ITEM_KEYS,
  ITEM_FIGURES,
  `SELECT x.branch_id, x.return_date, l.item_id, 0, 0, 0, sum(l.qty), sum(l.total)
     FROM sales_return x JOIN sales_return_line l ON l.sales_return_id = x.id WHERE true GROUP BY x.branch_id, x.return_date, l.item_id`,
)}
${addTo(
  'payment_day_total',
  ['branch_id', 'day', 'payment_kind_id'],
  ['receipts', 'amount'],
  `SELECT branch_id, receipt_date, payment_kind_id, count(*), sum(amount)
     FROM receipt NOT INDEXED WHERE status_id <> ${VOIDED} GROUP BY branch_id, receipt_date, payment_kind_id`,
)}
${addTo(
  'seller_day_total',
  ['branch_id', 'day', 'user_id'],
  ['orders', 'sales', 'discount'],
  `SELECT branch_id, order_date, created_by, count(*), sum(net_amount), sum(total_discount)
     FROM sales_order NOT INDEXED WHERE status_id <> ${CANCELLED} GROUP BY branch_id, order_date, created_by`,
)}

-- The shelf: the movements' sum; its expiry the last (by id) stated by a count, or named by any movement.
${addTo(
  'stock',
  ['item_id', 'branch_id', 'batch_no'],
  ['on_hand'],
  `SELECT g.item_id, g.branch_id, g.batch_no, g.on_hand, e.expiry_date
     FROM (SELECT item_id, branch_id, batch_no, sum(delta) AS on_hand, max(iif(${STATES_EXPIRY}, id, NULL)) AS last
             FROM stock_movement NOT INDEXED GROUP BY item_id, branch_id, batch_no) AS g
     LEFT JOIN stock_movement e ON e.id = g.last
    WHERE true`,
  {
    columns: ['expiry_date'],
    also: `, expiry_date = iif(EXISTS (SELECT 1 FROM stock_movement e WHERE e.item_id = excluded.item_id AND e.branch_id = excluded.branch_id
                                 AND e.batch_no = excluded.batch_no AND ${STATES_EXPIRY}), excluded.expiry_date, expiry_date)`,
  },
)}

${addTo(
  'stock_total',
  ['branch_id', 'item_id'],
  ['on_hand', 'received_qty', 'received_value'],
  `SELECT t.branch_id, t.item_id, t.on_hand, t.qty, t.value, t.on_hand * ${unit('t.qty', 't.value', ITEM_COST('t.item_id'))}
     FROM (SELECT branch_id, item_id, sum(delta) AS on_hand, sum(iif(${COSTED}, delta, 0)) AS qty, sum(iif(${COSTED}, delta * unit_cost, 0)) AS value
             FROM stock_movement NOT INDEXED GROUP BY branch_id, item_id) AS t
    WHERE true`,
  {
    columns: ['value'],
    also: `, value = (on_hand + excluded.on_hand) * ${unit('received_qty + excluded.received_qty', 'received_value + excluded.received_value', ITEM_COST('excluded.item_id'))}`,
  },
)}

DELETE FROM branch_stock_total;
INSERT INTO branch_stock_total (branch_id, on_hand, value) SELECT branch_id, sum(on_hand), sum(value) FROM stock_total GROUP BY branch_id;
`;

/**
 * Adds every figure of FIGURE_TRIGGERS from the rows there, with those triggers set aside (an
 * order's received made here would otherwise move the tally twice). The caller's transaction.
 */
export function addFigures(db: Db): void {
  db.exec(FIGURES_SQL);
}
