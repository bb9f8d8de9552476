/**
 * The chain's reports read totals kept as business is written, per branch and day, instead of
 * summing every order, line and receipt of a period on each read:
 *
 * - `branch_day_total`: per branch and day, the orders booked that day and not cancelled (their
 *   count, net, discount and GST), the cancelled ones (count and net, on the day they were booked),
 *   the money received (receipts not voided, credit notes spent left out: that money was taken
 *   before), and the customers' returns taken that day (count, what the goods were worth, what the
 *   till paid back).
 * - `item_day_total`: per branch, day and item, the quantity sold, its value and discount (lines of
 *   orders not cancelled, on the order's day), and the quantity and value returned (on the return's
 *   day).
 * - `payment_day_total`: per branch, day and payment kind, the receipts not voided and their sum
 *   (a credit note spent is its own kind).
 * - `seller_day_total`: per branch, day and the user who booked the order, the orders not
 *   cancelled, their net and discount.
 *
 * Triggers on the source tables keep them, so every write path keeps them right: SaveSale, a
 * receipt, a cancellation, a return, the seeders, imports and changes pulled from the hub (sync
 * writes fire triggers as any write does). A line or a return line pulled before its document is
 * counted when the document arrives: the document's insert adds the lines already there. The
 * tables are derived, so not journaled (db/journal.ts UNJOURNALED_TABLES): each PC keeps its own
 * from the rows it holds. Money in paise. Rows may fall back to zero; readers skip them.
 */
import type { Migration } from './migration.js';

const CANCELLED = 5;
const VOIDED = 2;

type Row = 'new' | 'old';

/** `INSERT … ON CONFLICT DO UPDATE` adding every figure to the row of its key. */
function upsert(table: string, keys: readonly string[], figures: readonly string[], select: string): string {
  const sets = figures.map((f) => `${f} = ${f} + excluded.${f}`).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...figures].join(', ')}) ${select}
  ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets};`;
}

const BRANCH_KEYS = ['branch_id', 'day'];
const BRANCH_FIGURES = ['orders', 'sales', 'discount', 'tax', 'cancelled', 'cancelled_amount', 'received', 'returns', 'returned', 'refunded'];
const ITEM_KEYS = ['branch_id', 'day', 'item_id'];
const ITEM_FIGURES = ['qty', 'amount', 'discount', 'returned_qty', 'returned_amount'];
const PAYMENT_KEYS = ['branch_id', 'day', 'payment_kind_id'];
const PAYMENT_FIGURES = ['receipts', 'amount'];
const SELLER_KEYS = ['branch_id', 'day', 'user_id'];
const SELLER_FIGURES = ['orders', 'sales', 'discount'];

const sign = (s: 1 | -1, value: string) => (s === 1 ? `(${value})` : `-(${value})`);
const live = (r: Row) => `${r}.status_id <> ${CANCELLED}`;

/** An order's part of its branch's day: sold when not cancelled, else cancelled. */
const orderDay = (r: Row, s: 1 | -1) =>
  upsert(
    'branch_day_total',
    BRANCH_KEYS,
    BRANCH_FIGURES,
    `SELECT ${r}.branch_id, ${r}.order_date, ${[
      `${live(r)}`,
      `iif(${live(r)}, ${r}.net_amount, 0)`,
      `iif(${live(r)}, ${r}.total_discount, 0)`,
      `iif(${live(r)}, ${r}.cgst + ${r}.sgst + ${r}.igst, 0)`,
      `NOT ${live(r)}`,
      `iif(${live(r)}, 0, ${r}.net_amount)`,
    ]
      .map((v) => sign(s, v))
      .join(', ')}, 0, 0, 0, 0 WHERE true`,
  );

const orderSeller = (r: Row, s: 1 | -1) =>
  upsert(
    'seller_day_total',
    SELLER_KEYS,
    SELLER_FIGURES,
    `SELECT ${r}.branch_id, ${r}.order_date, ${r}.created_by, ${sign(s, '1')}, ${sign(s, `${r}.net_amount`)}, ${sign(s, `${r}.total_discount`)}
     WHERE ${live(r)}`,
  );

/** An order's lines on its branch's day, when it is not cancelled. */
const orderLines = (r: Row, s: 1 | -1) =>
  upsert(
    'item_day_total',
    ITEM_KEYS,
    ITEM_FIGURES,
    `SELECT ${r}.branch_id, ${r}.order_date, l.item_id, ${sign(s, 'sum(l.qty)')}, ${sign(s, 'sum(l.total)')}, ${sign(s, 'sum(l.discount)')}, 0, 0
     FROM sales_order_line l WHERE l.sales_order_id = ${r}.id AND ${live(r)} GROUP BY l.item_id`,
  );

/** One line, on its order's day, when the order is here and not cancelled. */
const line = (r: Row, s: 1 | -1) =>
  upsert(
    'item_day_total',
    ITEM_KEYS,
    ITEM_FIGURES,
    `SELECT o.branch_id, o.order_date, ${r}.item_id, ${sign(s, `${r}.qty`)}, ${sign(s, `${r}.total`)}, ${sign(s, `${r}.discount`)}, 0, 0
     FROM sales_order o WHERE o.id = ${r}.sales_order_id AND o.status_id <> ${CANCELLED}`,
  );

const counted = (r: Row) => `${r}.status_id <> ${VOIDED}`;

/** Money received: a receipt not voided; a credit note spent is no new money. */
const receiptDay = (r: Row, s: 1 | -1) =>
  upsert(
    'branch_day_total',
    BRANCH_KEYS,
    BRANCH_FIGURES,
    `SELECT ${r}.branch_id, ${r}.receipt_date, 0, 0, 0, 0, 0, 0, ${sign(s, `${r}.amount`)}, 0, 0, 0
     WHERE ${counted(r)} AND ${r}.credit_note_id IS NULL`,
  ) +
  upsert(
    'payment_day_total',
    PAYMENT_KEYS,
    PAYMENT_FIGURES,
    `SELECT ${r}.branch_id, ${r}.receipt_date, ${r}.payment_kind_id, ${sign(s, '1')}, ${sign(s, `${r}.amount`)} WHERE ${counted(r)}`,
  );

const returnDay = (r: Row, s: 1 | -1) =>
  upsert(
    'branch_day_total',
    BRANCH_KEYS,
    BRANCH_FIGURES,
    `SELECT ${r}.branch_id, ${r}.return_date, 0, 0, 0, 0, 0, 0, 0, ${sign(s, '1')}, ${sign(s, `${r}.amount`)}, ${sign(s, `${r}.refund_amount`)} WHERE true`,
  );

const returnLines = (r: Row, s: 1 | -1) =>
  upsert(
    'item_day_total',
    ITEM_KEYS,
    ITEM_FIGURES,
    `SELECT ${r}.branch_id, ${r}.return_date, l.item_id, 0, 0, 0, ${sign(s, 'sum(l.qty)')}, ${sign(s, 'sum(l.total)')}
     FROM sales_return_line l WHERE l.sales_return_id = ${r}.id GROUP BY l.item_id`,
  );

const returnLine = (r: Row, s: 1 | -1) =>
  upsert(
    'item_day_total',
    ITEM_KEYS,
    ITEM_FIGURES,
    `SELECT x.branch_id, x.return_date, ${r}.item_id, 0, 0, 0, ${sign(s, `${r}.qty`)}, ${sign(s, `${r}.total`)}
     FROM sales_return x WHERE x.id = ${r}.sales_return_id`,
  );

const trigger = (name: string, when: string, body: string) => `CREATE TRIGGER ${name} ${when}\nBEGIN\n${body}\nEND;\n`;

export const dailyTotals: Migration = {
  name: 'daily-totals',
  sql: `
CREATE TABLE branch_day_total (
  branch_id        INTEGER NOT NULL,
  day              TEXT NOT NULL,
  orders           INTEGER NOT NULL,
  sales            INTEGER NOT NULL,
  discount         INTEGER NOT NULL,
  tax              INTEGER NOT NULL,
  cancelled        INTEGER NOT NULL,
  cancelled_amount INTEGER NOT NULL,
  received         INTEGER NOT NULL,
  returns          INTEGER NOT NULL,
  returned         INTEGER NOT NULL,
  refunded         INTEGER NOT NULL,
  PRIMARY KEY (branch_id, day)
) STRICT, WITHOUT ROWID;
CREATE INDEX branch_day_total_day ON branch_day_total (day, branch_id);

CREATE TABLE item_day_total (
  branch_id       INTEGER NOT NULL,
  day             TEXT NOT NULL,
  item_id         INTEGER NOT NULL,
  qty             INTEGER NOT NULL,
  amount          INTEGER NOT NULL,
  discount        INTEGER NOT NULL,
  returned_qty    INTEGER NOT NULL,
  returned_amount INTEGER NOT NULL,
  PRIMARY KEY (branch_id, day, item_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX item_day_total_day ON item_day_total (day, item_id);

CREATE TABLE payment_day_total (
  branch_id       INTEGER NOT NULL,
  day             TEXT NOT NULL,
  payment_kind_id INTEGER NOT NULL,
  receipts        INTEGER NOT NULL,
  amount          INTEGER NOT NULL,
  PRIMARY KEY (branch_id, day, payment_kind_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE seller_day_total (
  branch_id INTEGER NOT NULL,
  day       TEXT NOT NULL,
  user_id   INTEGER NOT NULL,
  orders    INTEGER NOT NULL,
  sales     INTEGER NOT NULL,
  discount  INTEGER NOT NULL,
  PRIMARY KEY (branch_id, day, user_id)
) STRICT, WITHOUT ROWID;

${upsert(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, order_date, sum(status_id <> ${CANCELLED}), sum(iif(status_id <> ${CANCELLED}, net_amount, 0)),
     sum(iif(status_id <> ${CANCELLED}, total_discount, 0)), sum(iif(status_id <> ${CANCELLED}, cgst + sgst + igst, 0)),
     sum(status_id = ${CANCELLED}), sum(iif(status_id = ${CANCELLED}, net_amount, 0)), 0, 0, 0, 0
   FROM sales_order WHERE true GROUP BY branch_id, order_date`,
)}
${upsert(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, receipt_date, 0, 0, 0, 0, 0, 0, sum(amount), 0, 0, 0
   FROM receipt WHERE status_id <> ${VOIDED} AND credit_note_id IS NULL GROUP BY branch_id, receipt_date`,
)}
${upsert(
  'branch_day_total',
  BRANCH_KEYS,
  BRANCH_FIGURES,
  `SELECT branch_id, return_date, 0, 0, 0, 0, 0, 0, 0, count(*), sum(amount), sum(refund_amount)
   FROM sales_return WHERE true GROUP BY branch_id, return_date`,
)}
${upsert(
  'item_day_total',
  ITEM_KEYS,
  ITEM_FIGURES,
  `SELECT o.branch_id, o.order_date, l.item_id, sum(l.qty), sum(l.total), sum(l.discount), 0, 0
   FROM sales_order o JOIN sales_order_line l ON l.sales_order_id = o.id WHERE o.status_id <> ${CANCELLED} GROUP BY o.branch_id, o.order_date, l.item_id`,
)}
${upsert(
  'item_day_total',
  ITEM_KEYS,
  ITEM_FIGURES,
  `SELECT x.branch_id, x.return_date, l.item_id, 0, 0, 0, sum(l.qty), sum(l.total)
   FROM sales_return x JOIN sales_return_line l ON l.sales_return_id = x.id WHERE true GROUP BY x.branch_id, x.return_date, l.item_id`,
)}
${upsert(
  'payment_day_total',
  PAYMENT_KEYS,
  PAYMENT_FIGURES,
  `SELECT branch_id, receipt_date, payment_kind_id, count(*), sum(amount) FROM receipt WHERE status_id <> ${VOIDED}
   GROUP BY branch_id, receipt_date, payment_kind_id`,
)}
${upsert(
  'seller_day_total',
  SELLER_KEYS,
  SELLER_FIGURES,
  `SELECT branch_id, order_date, created_by, count(*), sum(net_amount), sum(total_discount) FROM sales_order WHERE status_id <> ${CANCELLED}
   GROUP BY branch_id, order_date, created_by`,
)}

${trigger('sales_order_day_insert', 'AFTER INSERT ON sales_order', orderDay('new', 1) + orderSeller('new', 1) + orderLines('new', 1))}
${trigger(
  'sales_order_day_update',
  'AFTER UPDATE OF branch_id, order_date, status_id, net_amount, total_discount, cgst, sgst, igst, created_by ON sales_order',
  orderDay('old', -1) + orderDay('new', 1) + orderSeller('old', -1) + orderSeller('new', 1),
)}
${trigger(
  'sales_order_day_lines',
  `AFTER UPDATE OF branch_id, order_date, status_id ON sales_order
WHEN old.branch_id IS NOT new.branch_id OR old.order_date IS NOT new.order_date OR (old.status_id = ${CANCELLED}) <> (new.status_id = ${CANCELLED})`,
  orderLines('old', -1) + orderLines('new', 1),
)}
${trigger('sales_order_day_delete', 'AFTER DELETE ON sales_order', orderDay('old', -1) + orderSeller('old', -1) + orderLines('old', -1))}

${trigger('sales_order_line_day_insert', 'AFTER INSERT ON sales_order_line', line('new', 1))}
${trigger('sales_order_line_day_update', 'AFTER UPDATE OF sales_order_id, item_id, qty, total, discount ON sales_order_line', line('old', -1) + line('new', 1))}
${trigger('sales_order_line_day_delete', 'AFTER DELETE ON sales_order_line', line('old', -1))}

${trigger('receipt_day_insert', 'AFTER INSERT ON receipt', receiptDay('new', 1))}
${trigger(
  'receipt_day_update',
  'AFTER UPDATE OF branch_id, receipt_date, amount, payment_kind_id, credit_note_id, status_id ON receipt',
  receiptDay('old', -1) + receiptDay('new', 1),
)}
${trigger('receipt_day_delete', 'AFTER DELETE ON receipt', receiptDay('old', -1))}

${trigger('sales_return_day_insert', 'AFTER INSERT ON sales_return', returnDay('new', 1) + returnLines('new', 1))}
${trigger(
  'sales_return_day_update',
  'AFTER UPDATE OF branch_id, return_date, amount, refund_amount ON sales_return',
  returnDay('old', -1) + returnDay('new', 1) + returnLines('old', -1) + returnLines('new', 1),
)}
${trigger('sales_return_day_delete', 'AFTER DELETE ON sales_return', returnDay('old', -1) + returnLines('old', -1))}

${trigger('sales_return_line_day_insert', 'AFTER INSERT ON sales_return_line', returnLine('new', 1))}
${trigger('sales_return_line_day_update', 'AFTER UPDATE OF sales_return_id, item_id, qty, total ON sales_return_line', returnLine('old', -1) + returnLine('new', 1))}
${trigger('sales_return_line_day_delete', 'AFTER DELETE ON sales_return_line', returnLine('old', -1))}
`,
};
