/**
 * Purchasing: suppliers as the back office needs them, stock purchase orders beside the lab
 * orders, goods received from a supplier and goods returned to one (docs/decisions.md,
 * "Purchasing").
 *
 *   supplier              gains a contact person, address, state (from its GSTIN's state code)
 *                         and payment terms in days; still master data, written at head office
 *   purchase_order        gains `kind`: 'lab' (raised by SaveSale for lenses made to order, its
 *                         lines in purchase_order_line) or 'stock' (ordered by the branch, its
 *                         lines in purchase_order_item). One table, one number series
 *                         ('purchase_order'). status_id reads by kind: lab 1 open, 2 sent,
 *                         3 received, 4 cancelled; stock 1 open, 2 part received, 3 received,
 *                         4 closed by hand
 *   purchase_order_item   a stock order's line: an item (SKU), or a spectacle lens by its power
 *                         (sph/cyl/add in hundredths of a dioptre, the eye), quantity, expected
 *                         unit cost in paise
 *   goods_receipt         goods in from a supplier against its invoice (number and date), with
 *                         or without an order; its GST figures (input tax) and charges
 *   goods_receipt_line    what came in: item, batch and expiry, quantity, the supplier's unit
 *                         cost, the landed unit cost the stock movement carries, the line's GST
 *   supplier_return       a return to a supplier, printed as a debit note ('debit_note' series)
 *   supplier_return_line  what went back, from which batch, at what cost, why
 *
 * Received quantities are never stored on the order: they are the sum of the receipt lines that
 * name an order line, so a receipt synced from nowhere else cannot leave them wrong.
 */
import type { Migration } from './migration.js';

export const purchasing: Migration = {
  name: 'purchasing',
  sql: `
ALTER TABLE supplier ADD COLUMN contact_person TEXT;
ALTER TABLE supplier ADD COLUMN address TEXT;
ALTER TABLE supplier ADD COLUMN state_id INTEGER REFERENCES state(id);
ALTER TABLE supplier ADD COLUMN payment_terms_days INTEGER CHECK (payment_terms_days BETWEEN 0 AND 365);
CREATE INDEX supplier_state ON supplier (state_id);

ALTER TABLE purchase_order ADD COLUMN kind TEXT NOT NULL DEFAULT 'lab' CHECK (kind IN ('lab', 'stock'));
CREATE INDEX purchase_order_kind ON purchase_order (branch_id, kind, order_date);
CREATE INDEX purchase_order_supplier ON purchase_order (supplier_id);

CREATE TABLE purchase_order_item (
  id                INTEGER PRIMARY KEY,
  purchase_order_id INTEGER NOT NULL REFERENCES purchase_order(id),
  line_no           INTEGER NOT NULL CHECK (line_no > 0),
  item_id           INTEGER NOT NULL REFERENCES item(id),
  sph               INTEGER,
  cyl               INTEGER,
  add_power         INTEGER,
  eye               TEXT CHECK (eye IN ('R', 'L')),
  qty               INTEGER NOT NULL CHECK (qty > 0),
  expected_cost     INTEGER CHECK (expected_cost >= 0),
  UNIQUE (purchase_order_id, line_no)
) STRICT;
CREATE INDEX purchase_order_item_item ON purchase_order_item (item_id);

CREATE TABLE goods_receipt (
  id                    INTEGER PRIMARY KEY,
  company_id            INTEGER NOT NULL REFERENCES company(id),
  branch_id             INTEGER NOT NULL REFERENCES branch(id),
  year_id               INTEGER NOT NULL REFERENCES financial_year(id),
  gr_no                 TEXT NOT NULL,
  receipt_date          TEXT NOT NULL,
  supplier_id           INTEGER NOT NULL REFERENCES supplier(id),
  purchase_order_id     INTEGER REFERENCES purchase_order(id),
  supplier_invoice_no   TEXT NOT NULL,
  supplier_invoice_date TEXT NOT NULL,
  intra_state           INTEGER NOT NULL CHECK (intra_state IN (0, 1)),
  charges               INTEGER NOT NULL DEFAULT 0 CHECK (charges >= 0),
  taxable               INTEGER NOT NULL,
  cgst                  INTEGER NOT NULL,
  sgst                  INTEGER NOT NULL,
  igst                  INTEGER NOT NULL,
  total                 INTEGER NOT NULL,
  remarks               TEXT,
  created_by            INTEGER NOT NULL REFERENCES app_user(id),
  created_at            TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX goods_receipt_no ON goods_receipt (company_id, gr_no);
CREATE INDEX goods_receipt_supplier_invoice ON goods_receipt (supplier_id, supplier_invoice_no);
CREATE INDEX goods_receipt_branch_date ON goods_receipt (branch_id, receipt_date, id);
CREATE INDEX goods_receipt_order ON goods_receipt (purchase_order_id);
CREATE INDEX goods_receipt_year ON goods_receipt (year_id);
CREATE INDEX goods_receipt_created_by ON goods_receipt (created_by);

CREATE TABLE goods_receipt_line (
  id                     INTEGER PRIMARY KEY,
  goods_receipt_id       INTEGER NOT NULL REFERENCES goods_receipt(id),
  line_no                INTEGER NOT NULL CHECK (line_no > 0),
  item_id                INTEGER NOT NULL REFERENCES item(id),
  purchase_order_item_id INTEGER REFERENCES purchase_order_item(id),
  batch_no               TEXT NOT NULL DEFAULT '',
  expiry_date            TEXT,
  qty                    INTEGER NOT NULL CHECK (qty > 0),
  unit_cost              INTEGER NOT NULL CHECK (unit_cost >= 0),
  landed_unit_cost       INTEGER NOT NULL CHECK (landed_unit_cost >= 0),
  taxable                INTEGER NOT NULL,
  rate_bp                INTEGER NOT NULL,
  cgst                   INTEGER NOT NULL,
  sgst                   INTEGER NOT NULL,
  igst                   INTEGER NOT NULL,
  UNIQUE (goods_receipt_id, line_no)
) STRICT;
CREATE INDEX goods_receipt_line_item ON goods_receipt_line (item_id);
CREATE INDEX goods_receipt_line_order_item ON goods_receipt_line (purchase_order_item_id);

CREATE TABLE supplier_return (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES company(id),
  branch_id         INTEGER NOT NULL REFERENCES branch(id),
  year_id           INTEGER NOT NULL REFERENCES financial_year(id),
  debit_note_no     TEXT NOT NULL,
  return_date       TEXT NOT NULL,
  supplier_id       INTEGER NOT NULL REFERENCES supplier(id),
  goods_receipt_id  INTEGER REFERENCES goods_receipt(id),
  intra_state       INTEGER NOT NULL CHECK (intra_state IN (0, 1)),
  taxable           INTEGER NOT NULL,
  cgst              INTEGER NOT NULL,
  sgst              INTEGER NOT NULL,
  igst              INTEGER NOT NULL,
  total             INTEGER NOT NULL,
  remarks           TEXT,
  created_by        INTEGER NOT NULL REFERENCES app_user(id),
  created_at        TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX supplier_return_no ON supplier_return (company_id, debit_note_no);
CREATE INDEX supplier_return_branch_date ON supplier_return (branch_id, return_date, id);
CREATE INDEX supplier_return_supplier ON supplier_return (supplier_id);
CREATE INDEX supplier_return_receipt ON supplier_return (goods_receipt_id);
CREATE INDEX supplier_return_year ON supplier_return (year_id);
CREATE INDEX supplier_return_created_by ON supplier_return (created_by);

CREATE TABLE supplier_return_line (
  id                 INTEGER PRIMARY KEY,
  supplier_return_id INTEGER NOT NULL REFERENCES supplier_return(id),
  line_no            INTEGER NOT NULL CHECK (line_no > 0),
  item_id            INTEGER NOT NULL REFERENCES item(id),
  batch_no           TEXT NOT NULL DEFAULT '',
  qty                INTEGER NOT NULL CHECK (qty > 0),
  unit_cost          INTEGER NOT NULL CHECK (unit_cost >= 0),
  reason             TEXT NOT NULL CHECK (reason IN ('damaged', 'wrong_power', 'wrong_item', 'expired', 'other')),
  taxable            INTEGER NOT NULL,
  rate_bp            INTEGER NOT NULL,
  cgst               INTEGER NOT NULL,
  sgst               INTEGER NOT NULL,
  igst               INTEGER NOT NULL,
  UNIQUE (supplier_return_id, line_no)
) STRICT;
CREATE INDEX supplier_return_line_item ON supplier_return_line (item_id);
`,
};
