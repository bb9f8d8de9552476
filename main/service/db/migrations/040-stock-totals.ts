/**
 * Stock at cost without adding up every movement on each read:
 *
 * - `stock_total`: per branch and item, what the branch's movements add up to (`on_hand`), the
 *   units received with a stated unit cost and what they cost (`received_qty`, `received_value`:
 *   movements into stock with a unit cost, i.e. goods receipts), and `value`: on hand at the
 *   weighted average of those receipts, or at the item's cost when it has none (nothing without
 *   either), in paise.
 * - `branch_stock_total`: per branch, the sums of `on_hand` and `value` over its items.
 *
 * Stock stays the sum of the movements each branch owns (stock_movement, journaled and synced):
 * these tables are a derived index of that sum, never written by a document. Triggers keep them in
 * the transaction of each movement, whatever writes it (a sale, a return, a goods receipt, a
 * transfer, a stock take, an import, a movement pulled from the hub: sync writes fire triggers as
 * any write does); movements are append only (migration 028), so an insert is all there is to
 * follow. An item's cost changed (at head office or pulled) re-values the rows valued at it. Not
 * journaled (db/journal.ts UNJOURNALED_TABLES): each PC keeps its own from the movements it holds.
 * The migration fills them from the movements already there.
 *
 * The unit cost rounds to the paisa as stock/stock-view.ts does (half up: ⌊(2v + q) / 2q⌋).
 */
import type { Migration } from './migration.js';

/** Paise per unit: the weighted average of the costed receipts, else the item's cost, else nothing. */
const unit = (qty: string, value: string, cost: string) => `(CASE WHEN ${qty} > 0 THEN (2 * (${value}) + (${qty})) / (2 * (${qty})) ELSE coalesce(${cost}, 0) END)`;
const COSTED = (m: string) => `${m}.unit_cost IS NOT NULL AND ${m}.delta > 0`;
const ITEM_COST = (id: string) => `(SELECT cost FROM item WHERE id = ${id})`;

export const stockTotals: Migration = {
  name: 'stock-totals',
  sql: `
CREATE TABLE stock_total (
  branch_id      INTEGER NOT NULL,
  item_id        INTEGER NOT NULL,
  on_hand        INTEGER NOT NULL,
  received_qty   INTEGER NOT NULL,
  received_value INTEGER NOT NULL,
  value          INTEGER NOT NULL,
  PRIMARY KEY (branch_id, item_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX stock_total_item ON stock_total (item_id);

CREATE TABLE branch_stock_total (
  branch_id INTEGER PRIMARY KEY,
  on_hand   INTEGER NOT NULL,
  value     INTEGER NOT NULL
) STRICT;

-- A branch's movements from a day on (or before it): what the stock at cost on a past date reads.
CREATE INDEX stock_movement_branch_at ON stock_movement (branch_id, at);

INSERT INTO stock_total (branch_id, item_id, on_hand, received_qty, received_value, value)
  SELECT m.branch_id, m.item_id, sum(m.delta), sum(iif(${COSTED('m')}, m.delta, 0)), sum(iif(${COSTED('m')}, m.delta * m.unit_cost, 0)), 0
  FROM stock_movement m GROUP BY m.branch_id, m.item_id;
UPDATE stock_total SET value = on_hand * ${unit('received_qty', 'received_value', ITEM_COST('stock_total.item_id'))};
INSERT INTO branch_stock_total (branch_id, on_hand, value) SELECT branch_id, sum(on_hand), sum(value) FROM stock_total GROUP BY branch_id;

CREATE TRIGGER stock_total_from_movement AFTER INSERT ON stock_movement BEGIN
  INSERT INTO stock_total (branch_id, item_id, on_hand, received_qty, received_value, value)
    SELECT new.branch_id, new.item_id, new.delta, c.qty, c.value, new.delta * ${unit('c.qty', 'c.value', ITEM_COST('new.item_id'))}
    FROM (SELECT iif(${COSTED('new')}, new.delta, 0) AS qty, iif(${COSTED('new')}, new.delta * new.unit_cost, 0) AS value) c WHERE true
    ON CONFLICT (branch_id, item_id) DO UPDATE SET
      on_hand = on_hand + excluded.on_hand,
      received_qty = received_qty + excluded.received_qty,
      received_value = received_value + excluded.received_value,
      value = (on_hand + excluded.on_hand) * ${unit('received_qty + excluded.received_qty', 'received_value + excluded.received_value', ITEM_COST('excluded.item_id'))};
END;

CREATE TRIGGER branch_stock_total_insert AFTER INSERT ON stock_total BEGIN
  INSERT INTO branch_stock_total (branch_id, on_hand, value) VALUES (new.branch_id, new.on_hand, new.value)
    ON CONFLICT (branch_id) DO UPDATE SET on_hand = on_hand + excluded.on_hand, value = value + excluded.value;
END;
CREATE TRIGGER branch_stock_total_update AFTER UPDATE OF on_hand, value ON stock_total BEGIN
  UPDATE branch_stock_total SET on_hand = on_hand + new.on_hand - old.on_hand, value = value + new.value - old.value WHERE branch_id = new.branch_id;
END;

CREATE TRIGGER stock_total_item_cost AFTER UPDATE OF cost ON item WHEN old.cost IS NOT new.cost BEGIN
  UPDATE stock_total SET value = on_hand * coalesce(new.cost, 0) WHERE item_id = new.id AND received_qty <= 0;
END;
`,
};
