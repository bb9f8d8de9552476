/**
 * Syncable data (issue 15, "First make the data syncable"): rows that two installations of one
 * company make while offline must never clash, and balances must add up from facts.
 *
 * - `financial_year`: a year's id is the same at every installation of the company, derived from
 *   the company and the year's start (store/financial-year.ts, yearId()):
 *     id = (company_id mod 400000) × 10000 + the calendar year the financial year starts in
 *   Always below 2^32, i.e. node 0's range, which no node-based id uses (ids/id-source.ts: node ≥ 1).
 *   Existing years are re-keyed with every reference (customer, number_series, sales_order, receipt,
 *   invoice, credit_note, purchase_order), and open sessions end (their token names the old id).
 * - `number_series`: per branch, till code, year and kind. The till code is the installation's
 *   (`setting` till_code, default the node number in base 36); existing counters become this
 *   installation's, so its numbers go on from where they were, now with the till code in them.
 * - `stock_movement`: every kind of movement (opening, sale, cancel, receipt, transfer, adjustment,
 *   count), the shelf's expiry where the movement states it, and the branch that made it
 *   (`owner_branch_id`; the node is the id's high bits). `stock` is now kept by a trigger from
 *   the movements; each batch's on hand at migration becomes an opening movement.
 * - `credit_note_movement`: issue, spend, refund (money put back on the note) and cancel; the
 *   note's `balance` is kept by a trigger from them; each note's balance at migration becomes an
 *   opening movement.
 */
import type { Migration } from './migration.js';

const YEAR_ID = (y: string) => `((${y}.company_id % 400000) * 10000 + CAST(substr(${y}.start_date, 1, 4) AS INTEGER))`;
const B36 = "'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'";
const NODE = "coalesce((SELECT CAST(value AS INTEGER) FROM setting WHERE key = 'node'), 1)";
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** The next `count` node-based ids of `table` start here (ids/id-source.ts, in SQL). */
const FIRST_ID = (table: string) => `(${NODE} * 4294967296 + coalesce((SELECT next FROM id_counter WHERE name = '${table}'), 1))`;
const TAKE_IDS = (table: string, count: string) => `
INSERT INTO id_counter (name, next) SELECT '${table}', 1 + ${count} WHERE ${count} > 0
  ON CONFLICT (name) DO UPDATE SET next = next + ${count};`;

export const syncableData: Migration = {
  name: 'syncable-data',
  sql: `
PRAGMA defer_foreign_keys = ON;

-- Financial years: re-key to the company-wide id. A signed-in token carries the old id: end it.
UPDATE app_user SET token_epoch = token_epoch + 1
  WHERE EXISTS (SELECT 1 FROM financial_year y WHERE y.id <> ${YEAR_ID('y')});
UPDATE customer SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = customer.year_id) WHERE year_id IS NOT NULL;
UPDATE number_series SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = number_series.year_id);
UPDATE sales_order SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = sales_order.year_id);
UPDATE receipt SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = receipt.year_id);
UPDATE invoice SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = invoice.year_id);
UPDATE credit_note SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = credit_note.year_id);
UPDATE purchase_order SET year_id = (SELECT ${YEAR_ID('y')} FROM financial_year y WHERE y.id = purchase_order.year_id);
UPDATE financial_year SET id = ${YEAR_ID('financial_year')} WHERE id <> ${YEAR_ID('financial_year')};

-- The till code: the node number in base 36 (node 1 → '1', 10 → 'A', 36 → '10').
INSERT INTO setting (key, value)
  SELECT 'till_code', CASE WHEN n < 36 THEN substr(${B36}, n + 1, 1)
                           WHEN n < 1296 THEN substr(${B36}, n / 36 + 1, 1) || substr(${B36}, n % 36 + 1, 1)
                           ELSE substr(${B36}, n / 1296 % 36 + 1, 1) || substr(${B36}, n / 36 % 36 + 1, 1) || substr(${B36}, n % 36 + 1, 1) END
  FROM (SELECT CAST(value AS INTEGER) AS n FROM setting WHERE key = 'node')
  WHERE NOT EXISTS (SELECT 1 FROM setting WHERE key = 'till_code');

-- Number series per till.
CREATE TABLE number_series_017 (
  branch_id INTEGER NOT NULL REFERENCES branch(id),
  till_code TEXT NOT NULL CHECK (length(till_code) BETWEEN 1 AND 3 AND till_code NOT GLOB '*[^A-Z0-9]*'),
  year_id   INTEGER NOT NULL REFERENCES financial_year(id),
  kind      TEXT NOT NULL CHECK (kind IN ('order', 'receipt', 'invoice', 'credit_note', 'purchase_order')),
  next      INTEGER NOT NULL,
  PRIMARY KEY (branch_id, till_code, year_id, kind)
) STRICT, WITHOUT ROWID;
INSERT INTO number_series_017 (branch_id, till_code, year_id, kind, next)
  SELECT branch_id, coalesce((SELECT value FROM setting WHERE key = 'till_code'), '1'), year_id, kind, next FROM number_series;
DROP TABLE number_series;
ALTER TABLE number_series_017 RENAME TO number_series;

-- Stock as movements.
CREATE TABLE stock_movement_017 (
  id              INTEGER PRIMARY KEY,
  item_id         INTEGER NOT NULL REFERENCES item(id),
  branch_id       INTEGER NOT NULL REFERENCES branch(id),
  batch_no        TEXT NOT NULL,
  delta           INTEGER NOT NULL,
  sales_order_id  INTEGER REFERENCES sales_order(id),
  reason          TEXT NOT NULL CHECK (reason IN ('opening', 'sale', 'cancel', 'receipt', 'transfer', 'adjustment', 'count')),
  at              TEXT NOT NULL,
  expiry_date     TEXT,
  owner_branch_id INTEGER NOT NULL REFERENCES branch(id),
  created_by      INTEGER REFERENCES app_user(id)
) STRICT;
INSERT INTO stock_movement_017 (id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at, expiry_date, owner_branch_id)
  SELECT id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at, NULL, branch_id FROM stock_movement;
DROP TABLE stock_movement;
ALTER TABLE stock_movement_017 RENAME TO stock_movement;
CREATE INDEX stock_movement_order ON stock_movement (sales_order_id);
CREATE INDEX stock_movement_batch ON stock_movement (item_id, branch_id, batch_no);

-- What is on hand now, less what the movements so far add up to, is each batch's opening.
CREATE TEMP TABLE opening_017 AS
  SELECT s.item_id, s.branch_id, s.batch_no, s.expiry_date,
         s.on_hand - coalesce((SELECT sum(m.delta) FROM stock_movement m
                                WHERE m.item_id = s.item_id AND m.branch_id = s.branch_id AND m.batch_no = s.batch_no), 0) AS delta,
         row_number() OVER (ORDER BY s.item_id, s.branch_id, s.batch_no) - 1 AS k
  FROM stock s;
INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, expiry_date, owner_branch_id)
  SELECT ${FIRST_ID('stock_movement')} + k, item_id, branch_id, batch_no, delta, 'opening', ${NOW}, expiry_date, branch_id FROM opening_017;
${TAKE_IDS('stock_movement', '(SELECT count(*) FROM opening_017)')}
DROP TABLE opening_017;

-- From now on the shelf follows its movements (a pulled movement too); a count states its expiry.
CREATE TRIGGER stock_from_movement AFTER INSERT ON stock_movement BEGIN
  INSERT INTO stock (item_id, branch_id, batch_no, expiry_date, on_hand)
    VALUES (NEW.item_id, NEW.branch_id, NEW.batch_no, NEW.expiry_date, NEW.delta)
    ON CONFLICT (item_id, branch_id, batch_no) DO UPDATE SET
      on_hand = on_hand + excluded.on_hand,
      expiry_date = CASE WHEN NEW.reason = 'count' THEN NEW.expiry_date ELSE coalesce(NEW.expiry_date, expiry_date) END;
END;
CREATE TRIGGER stock_movement_append_only_update BEFORE UPDATE ON stock_movement BEGIN
  SELECT RAISE(ABORT, 'stock movements are facts: record a new one instead');
END;
CREATE TRIGGER stock_movement_append_only_delete BEFORE DELETE ON stock_movement BEGIN
  SELECT RAISE(ABORT, 'stock movements are facts: record a new one instead');
END;

-- Credit-note balances as movements.
CREATE TABLE credit_note_movement (
  id             INTEGER PRIMARY KEY,
  credit_note_id INTEGER NOT NULL REFERENCES credit_note(id),
  branch_id      INTEGER NOT NULL REFERENCES branch(id),
  kind           TEXT NOT NULL CHECK (kind IN ('opening', 'issue', 'spend', 'refund', 'cancel')),
  amount         INTEGER NOT NULL CHECK (CASE WHEN kind IN ('spend', 'cancel') THEN amount < 0 WHEN kind = 'opening' THEN amount >= 0 ELSE amount > 0 END),
  receipt_id     INTEGER REFERENCES receipt(id),
  at             TEXT NOT NULL,
  created_by     INTEGER REFERENCES app_user(id)
) STRICT;
CREATE INDEX credit_note_movement_note ON credit_note_movement (credit_note_id);

CREATE TEMP TABLE opening_017 AS
  SELECT id AS credit_note_id, branch_id, balance, row_number() OVER (ORDER BY id) - 1 AS k FROM credit_note;
INSERT INTO credit_note_movement (id, credit_note_id, branch_id, kind, amount, at)
  SELECT ${FIRST_ID('credit_note_movement')} + k, credit_note_id, branch_id, 'opening', balance, ${NOW} FROM opening_017;
${TAKE_IDS('credit_note_movement', '(SELECT count(*) FROM opening_017)')}
DROP TABLE opening_017;

CREATE TRIGGER credit_note_from_movement AFTER INSERT ON credit_note_movement BEGIN
  UPDATE credit_note SET balance = balance + NEW.amount, is_active = CASE WHEN NEW.kind = 'refund' THEN 1 ELSE is_active END
    WHERE id = NEW.credit_note_id;
END;
CREATE TRIGGER credit_note_movement_append_only_update BEFORE UPDATE ON credit_note_movement BEGIN
  SELECT RAISE(ABORT, 'credit note movements are facts: record a new one instead');
END;
CREATE TRIGGER credit_note_movement_append_only_delete BEFORE DELETE ON credit_note_movement BEGIN
  SELECT RAISE(ABORT, 'credit note movements are facts: record a new one instead');
END;
`,
};
