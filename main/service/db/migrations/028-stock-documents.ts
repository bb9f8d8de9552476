/**
 * Stock documents. Every document of the back office (a goods receipt, a return to a supplier, a
 * transfer's dispatch and its receipt, a stock-take, a customer's return) writes movements; the
 * movement now names its document, so the stock ledger shows each movement with the paper it came
 * from, and carries the unit cost where the document knows it (a receipt's landed cost), so the
 * stock's value at cost on any date adds up from movements too.
 *
 *   reason       adds 'return' (goods a customer brought back, into stock), 'supplier_return'
 *                (goods sent back to a supplier, out) and 'write_off' (damaged or lost, out)
 *   document     what kind of document wrote it ('sale', 'goods_receipt', 'supplier_return',
 *                'transfer', 'stock_take', 'customer_return', 'import' …); null for older rows,
 *                whose sales_order_id or reason says it
 *   document_id  that document's row id (unique across nodes, as every id)
 *   unit_cost    paise per unit, where the document states it; null otherwise
 *
 * The number series learn the documents' kinds (store/number-series.ts): goods receipt, debit note,
 * delivery challan, transfer invoice, stock-take, customer return and GST credit note.
 *
 * The table is rebuilt (SQLite cannot change a CHECK); the shelf trigger and the append-only
 * triggers are made again as they were, and the ledger gets its index: an item's movements at a
 * branch in time order.
 */
import type { Migration } from './migration.js';

export const stockDocuments: Migration = {
  name: 'stock-documents',
  sql: `
CREATE TABLE stock_movement_028 (
  id              INTEGER PRIMARY KEY,
  item_id         INTEGER NOT NULL REFERENCES item(id),
  branch_id       INTEGER NOT NULL REFERENCES branch(id),
  batch_no        TEXT NOT NULL,
  delta           INTEGER NOT NULL,
  sales_order_id  INTEGER REFERENCES sales_order(id),
  reason          TEXT NOT NULL CHECK (reason IN ('opening', 'sale', 'cancel', 'receipt', 'transfer', 'adjustment', 'count', 'return', 'supplier_return', 'write_off')),
  at              TEXT NOT NULL,
  expiry_date     TEXT,
  owner_branch_id INTEGER NOT NULL REFERENCES branch(id),
  created_by      INTEGER REFERENCES app_user(id),
  document        TEXT,
  document_id     INTEGER,
  unit_cost       INTEGER CHECK (unit_cost >= 0)
) STRICT;
INSERT INTO stock_movement_028 (id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at, expiry_date, owner_branch_id, created_by, document, document_id)
  SELECT id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at, expiry_date, owner_branch_id, created_by,
         CASE WHEN sales_order_id IS NOT NULL THEN 'sale' END, sales_order_id
  FROM stock_movement;
DROP TABLE stock_movement;
ALTER TABLE stock_movement_028 RENAME TO stock_movement;
CREATE INDEX stock_movement_order ON stock_movement (sales_order_id);
CREATE INDEX stock_movement_batch ON stock_movement (item_id, branch_id, batch_no);
CREATE INDEX stock_movement_ledger ON stock_movement (item_id, branch_id, at, id);
CREATE INDEX stock_movement_document ON stock_movement (document_id) WHERE document_id IS NOT NULL;

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

CREATE TABLE number_series_028 (
  branch_id INTEGER NOT NULL REFERENCES branch(id),
  till_code TEXT NOT NULL CHECK (length(till_code) BETWEEN 1 AND 3 AND till_code NOT GLOB '*[^A-Z0-9]*'),
  year_id   INTEGER NOT NULL REFERENCES financial_year(id),
  kind      TEXT NOT NULL CHECK (kind IN ('order', 'receipt', 'invoice', 'credit_note', 'purchase_order',
                                          'goods_receipt', 'debit_note', 'delivery_challan', 'transfer_invoice',
                                          'stock_take', 'sales_return', 'gst_credit_note')),
  next      INTEGER NOT NULL,
  PRIMARY KEY (branch_id, till_code, year_id, kind)
) STRICT, WITHOUT ROWID;
INSERT INTO number_series_028 SELECT branch_id, till_code, year_id, kind, next FROM number_series;
DROP TABLE number_series;
ALTER TABLE number_series_028 RENAME TO number_series;
`,
};
