/**
 * The counter (issue 5): cart, sales orders with their lines, receipts, invoices, credit notes,
 * number series, lab purchase orders, stock movements and eye-checkup recalls.
 *
 * Money is INTEGER paise; GST rates are basis points (500 = 5 %); diopters integer hundredths and
 * millimetres REAL, as in customer_eye_rx. Line figures are stored as computed by
 * shared/domain/gst.ts at the time of sale, so a later rate change never rewrites an old bill.
 * Statuses are the numbers of shared/contract/statuses.ts.
 */
import type { Migration } from './migration.js';

/*
 * The per-eye prescription a lens line carries (a lens pair is two lines sharing pair_no, one per
 * eye). The same columns on cart and order lines, so saving a sale copies them as they are.
 */
const RX_COLUMNS = `
  pair_no             TEXT,
  eye                 TEXT CHECK (eye IN ('R', 'L')),
  spectacle_lens_type INTEGER,
  sph                 INTEGER,
  cyl                 INTEGER,
  axis                INTEGER,
  addition            INTEGER,
  va                  TEXT,
  vn                  TEXT,
  near                TEXT,
  pd                  REAL,
  bc                  REAL,
  dia                 REAL,
  k1                  REAL,
  k2                  REAL,
  fitting_height      REAL,
  total_height        REAL,
  rx_remarks          TEXT`;

export const counter: Migration = {
  name: 'counter',
  sql: `
-- Next number per branch, financial year and kind ('order', 'receipt', 'invoice', 'credit_note',
-- 'purchase_order'). A number is taken inside the transaction that writes the document, so a
-- rolled-back sale gives its number back and no gap or reuse is visible.
CREATE TABLE number_series (
  branch_id INTEGER NOT NULL REFERENCES branch(id),
  year_id   INTEGER NOT NULL REFERENCES financial_year(id),
  kind      TEXT NOT NULL CHECK (kind IN ('order', 'receipt', 'invoice', 'credit_note', 'purchase_order')),
  next      INTEGER NOT NULL,
  PRIMARY KEY (branch_id, year_id, kind)
) STRICT, WITHOUT ROWID;

-- The quick-sale cart, per session id (a random token the service hands out). touched_at moves
-- on every change; carts untouched for 7 days are deleted (docs/decisions.md, "Cart expiry").
CREATE TABLE cart (
  session_id  TEXT PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES company(id),
  branch_id   INTEGER NOT NULL REFERENCES branch(id),
  user_id     INTEGER NOT NULL REFERENCES app_user(id),
  customer_id INTEGER REFERENCES customer(id),
  created_at  TEXT NOT NULL,
  touched_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX cart_touched ON cart (touched_at);

-- id is a per-installation sequence (the number update-sales-order-temp-values takes).
CREATE TABLE cart_line (
  id              INTEGER PRIMARY KEY,
  session_id      TEXT NOT NULL REFERENCES cart(session_id) ON DELETE CASCADE,
  item_id         INTEGER NOT NULL REFERENCES item(id),
  qty             INTEGER NOT NULL CHECK (qty > 0),
  price           INTEGER NOT NULL CHECK (price >= 0),
  mrp             INTEGER NOT NULL CHECK (mrp >= 0),
  discount_bp     INTEGER CHECK (discount_bp BETWEEN 0 AND 10000),
  discount_amount INTEGER CHECK (discount_amount >= 0),
  batch_no        TEXT NOT NULL DEFAULT '',
  is_ordered      INTEGER NOT NULL DEFAULT 0,${RX_COLUMNS},
  created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX cart_line_session ON cart_line (session_id, id);

CREATE TABLE cancellation_reason (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO cancellation_reason (id, name) VALUES
  (1, 'Customer changed their mind'), (2, 'Wrong prescription'), (3, 'Item not available'),
  (4, 'Lab could not make the lens'), (5, 'Price disagreement'), (6, 'Other');

-- intra_state: CGST + SGST (1) or IGST (0), fixed when the order is booked.
-- session_id: the cart it was saved from; the idempotency key of SaveSale.
CREATE TABLE sales_order (
  id                     INTEGER PRIMARY KEY,
  company_id             INTEGER NOT NULL REFERENCES company(id),
  branch_id              INTEGER NOT NULL REFERENCES branch(id),
  year_id                INTEGER NOT NULL REFERENCES financial_year(id),
  order_no               TEXT NOT NULL,
  order_date             TEXT NOT NULL,
  customer_id            INTEGER NOT NULL REFERENCES customer(id),
  eye_info_id            INTEGER REFERENCES customer_eye_info(id),
  doctor_id              INTEGER REFERENCES doctor(id),
  status_id              INTEGER NOT NULL DEFAULT 1 CHECK (status_id BETWEEN 1 AND 5),
  delivery_date          TEXT,
  delivery_time          TEXT,
  intra_state            INTEGER NOT NULL,
  total_qty              INTEGER NOT NULL,
  total_mrp              INTEGER NOT NULL,
  gross                  INTEGER NOT NULL,
  total_discount         INTEGER NOT NULL,
  taxable                INTEGER NOT NULL,
  cgst                   INTEGER NOT NULL,
  sgst                   INTEGER NOT NULL,
  igst                   INTEGER NOT NULL,
  grand_total            INTEGER NOT NULL,
  job_charges            INTEGER NOT NULL DEFAULT 0,
  shipping_charges       INTEGER NOT NULL DEFAULT 0,
  other_charges          INTEGER NOT NULL DEFAULT 0,
  service_tax            INTEGER NOT NULL DEFAULT 0,
  rounding               INTEGER NOT NULL,
  net_amount             INTEGER NOT NULL CHECK (net_amount >= 0),
  insurance_company_id   INTEGER REFERENCES insurance_company(id),
  insurance_amount       INTEGER NOT NULL DEFAULT 0,
  nis_amount             INTEGER NOT NULL DEFAULT 0,
  voucher_amount         INTEGER NOT NULL DEFAULT 0,
  policy_no              TEXT,
  remarks                TEXT,
  session_id             TEXT,
  cancellation_reason_id INTEGER REFERENCES cancellation_reason(id),
  cancel_remarks         TEXT,
  cancelled_by           INTEGER REFERENCES app_user(id),
  cancelled_at           TEXT,
  created_by             INTEGER NOT NULL REFERENCES app_user(id),
  created_at             TEXT NOT NULL,
  modified_by            INTEGER REFERENCES app_user(id),
  modified_at            TEXT
) STRICT;
CREATE UNIQUE INDEX sales_order_no ON sales_order (company_id, order_no);
CREATE UNIQUE INDEX sales_order_session ON sales_order (company_id, session_id) WHERE session_id IS NOT NULL;
CREATE INDEX sales_order_branch_date ON sales_order (company_id, branch_id, order_date);
CREATE INDEX sales_order_customer ON sales_order (customer_id, order_date);
CREATE INDEX sales_order_status ON sales_order (company_id, branch_id, status_id, delivery_date);

-- name and hsn_code are copied: the bill shows what was sold, even after the item is renamed.
CREATE TABLE sales_order_line (
  id                 INTEGER PRIMARY KEY,
  sales_order_id     INTEGER NOT NULL REFERENCES sales_order(id),
  line_no            INTEGER NOT NULL,
  item_id            INTEGER NOT NULL REFERENCES item(id),
  item_type_id       INTEGER NOT NULL REFERENCES item_type(id),
  name               TEXT NOT NULL,
  code               TEXT NOT NULL,
  hsn_code           TEXT,
  qty                INTEGER NOT NULL CHECK (qty > 0),
  mrp                INTEGER NOT NULL,
  price              INTEGER NOT NULL,
  price_includes_tax INTEGER NOT NULL,
  discount_bp        INTEGER,
  discount           INTEGER NOT NULL,
  taxable            INTEGER NOT NULL,
  gst_rate_bp        INTEGER NOT NULL,
  cgst               INTEGER NOT NULL,
  sgst               INTEGER NOT NULL,
  igst               INTEGER NOT NULL,
  total              INTEGER NOT NULL,
  stock_counted      INTEGER NOT NULL,
  batch_no           TEXT NOT NULL DEFAULT '',
  is_ordered         INTEGER NOT NULL DEFAULT 0,${RX_COLUMNS},
  UNIQUE (sales_order_id, line_no)
) STRICT;
CREATE INDEX sales_order_line_item ON sales_order_line (item_id);

-- Money changes hands only here. kind: payment_kind id; card and cheque details as the counter
-- takes them (card_no holds the last four digits only). A receipt without an order is an advance.
-- credit_note_id: the credit note this receipt spent (kind credit_note).
CREATE TABLE receipt (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES company(id),
  branch_id       INTEGER NOT NULL REFERENCES branch(id),
  year_id         INTEGER NOT NULL REFERENCES financial_year(id),
  receipt_no      TEXT NOT NULL,
  receipt_date    TEXT NOT NULL,
  sales_order_id  INTEGER REFERENCES sales_order(id),
  customer_id     INTEGER NOT NULL REFERENCES customer(id),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  payment_kind_id INTEGER NOT NULL REFERENCES payment_kind(id),
  card_type_id    INTEGER REFERENCES card_type(id),
  card_no         TEXT CHECK (card_no IS NULL OR length(card_no) <= 4),
  name_on_card    TEXT,
  bank_name       TEXT,
  cheque_no       TEXT,
  cheque_date     TEXT,
  reference_no    TEXT,
  credit_note_id  INTEGER,
  status_id       INTEGER NOT NULL DEFAULT 1 CHECK (status_id BETWEEN 1 AND 4),
  remarks         TEXT,
  created_by      INTEGER NOT NULL REFERENCES app_user(id),
  created_at      TEXT NOT NULL,
  modified_by     INTEGER REFERENCES app_user(id),
  modified_at     TEXT
) STRICT;
CREATE UNIQUE INDEX receipt_no ON receipt (company_id, receipt_no);
CREATE INDEX receipt_order ON receipt (sales_order_id, status_id);
CREATE INDEX receipt_customer ON receipt (customer_id, receipt_date);
CREATE INDEX receipt_branch_date ON receipt (company_id, branch_id, receipt_date);

-- At most one invoice per order; invoice_no at most 16 letters, digits, '-' and '/' (GST rule 46).
CREATE TABLE invoice (
  id             INTEGER PRIMARY KEY,
  company_id     INTEGER NOT NULL REFERENCES company(id),
  branch_id      INTEGER NOT NULL REFERENCES branch(id),
  year_id        INTEGER NOT NULL REFERENCES financial_year(id),
  invoice_no     TEXT NOT NULL CHECK (length(invoice_no) <= 16 AND invoice_no NOT GLOB '*[^A-Za-z0-9/-]*'),
  invoice_date   TEXT NOT NULL,
  sales_order_id INTEGER NOT NULL UNIQUE REFERENCES sales_order(id),
  customer_id    INTEGER NOT NULL REFERENCES customer(id),
  taxable        INTEGER NOT NULL,
  cgst           INTEGER NOT NULL,
  sgst           INTEGER NOT NULL,
  igst           INTEGER NOT NULL,
  rounding       INTEGER NOT NULL,
  net_amount     INTEGER NOT NULL,
  remarks        TEXT,
  created_by     INTEGER NOT NULL REFERENCES app_user(id),
  created_at     TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX invoice_no ON invoice (company_id, invoice_no);
CREATE INDEX invoice_branch_date ON invoice (company_id, branch_id, invoice_date);

-- Money a customer can spend on a later sale: a cancelled order's advance (receipt status 4).
-- balance = amount − what receipts of kind credit_note have spent.
CREATE TABLE credit_note (
  id                INTEGER PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES company(id),
  branch_id         INTEGER NOT NULL REFERENCES branch(id),
  year_id           INTEGER NOT NULL REFERENCES financial_year(id),
  credit_note_no    TEXT NOT NULL,
  credit_note_date  TEXT NOT NULL,
  customer_id       INTEGER NOT NULL REFERENCES customer(id),
  sales_order_id    INTEGER REFERENCES sales_order(id),
  source_receipt_id INTEGER REFERENCES receipt(id),
  amount            INTEGER NOT NULL CHECK (amount > 0),
  balance           INTEGER NOT NULL CHECK (balance >= 0 AND balance <= amount),
  is_active         INTEGER NOT NULL DEFAULT 1,
  created_by        INTEGER NOT NULL REFERENCES app_user(id),
  created_at        TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX credit_note_no ON credit_note (company_id, credit_note_no);
CREATE INDEX credit_note_customer ON credit_note (customer_id, balance);

-- The lab order SaveSale raises when spectacle lenses are ordered; its lines point at the sale's
-- lens lines (which carry the per-eye Rx). status_id: 1 open, 2 sent, 3 received, 4 cancelled.
CREATE TABLE purchase_order (
  id             INTEGER PRIMARY KEY,
  company_id     INTEGER NOT NULL REFERENCES company(id),
  branch_id      INTEGER NOT NULL REFERENCES branch(id),
  year_id        INTEGER NOT NULL REFERENCES financial_year(id),
  po_no          TEXT NOT NULL,
  order_date     TEXT NOT NULL,
  expected_date  TEXT,
  sales_order_id INTEGER REFERENCES sales_order(id),
  supplier_id    INTEGER REFERENCES supplier(id),
  fitter_id      INTEGER REFERENCES fitter(id),
  priority_id    INTEGER REFERENCES priority(id),
  status_id      INTEGER NOT NULL DEFAULT 1 CHECK (status_id BETWEEN 1 AND 4),
  remarks        TEXT,
  created_by     INTEGER NOT NULL REFERENCES app_user(id),
  created_at     TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX purchase_order_no ON purchase_order (company_id, po_no);
CREATE INDEX purchase_order_sale ON purchase_order (sales_order_id);

CREATE TABLE purchase_order_line (
  purchase_order_id   INTEGER NOT NULL REFERENCES purchase_order(id),
  sales_order_line_id INTEGER NOT NULL REFERENCES sales_order_line(id),
  item_id             INTEGER NOT NULL REFERENCES item(id),
  qty                 INTEGER NOT NULL CHECK (qty > 0),
  cost                INTEGER,
  PRIMARY KEY (purchase_order_id, sales_order_line_id)
) STRICT, WITHOUT ROWID;

-- Every change of on-hand stock a sale or a cancellation makes: delta −qty on sale, +qty when a
-- cancel restores it. Imports and stock-takes set counts and are not movements.
CREATE TABLE stock_movement (
  id             INTEGER PRIMARY KEY,
  item_id        INTEGER NOT NULL REFERENCES item(id),
  branch_id      INTEGER NOT NULL REFERENCES branch(id),
  batch_no       TEXT NOT NULL,
  delta          INTEGER NOT NULL,
  sales_order_id INTEGER REFERENCES sales_order(id),
  reason         TEXT NOT NULL CHECK (reason IN ('sale', 'cancel')),
  at             TEXT NOT NULL
) STRICT;
CREATE INDEX stock_movement_order ON stock_movement (sales_order_id);

-- When to call a customer back for an eye checkup; a sale sets one, the dashboard lists the due.
CREATE TABLE eye_checkup_recall (
  id             INTEGER PRIMARY KEY,
  company_id     INTEGER NOT NULL REFERENCES company(id),
  branch_id      INTEGER NOT NULL REFERENCES branch(id),
  customer_id    INTEGER NOT NULL REFERENCES customer(id),
  recall_date    TEXT NOT NULL,
  remarks        TEXT,
  sales_order_id INTEGER REFERENCES sales_order(id),
  notified_at    TEXT,
  created_by     INTEGER NOT NULL REFERENCES app_user(id),
  created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX eye_checkup_recall_due ON eye_checkup_recall (company_id, branch_id, recall_date);
CREATE INDEX eye_checkup_recall_customer ON eye_checkup_recall (customer_id, recall_date);
`,
};
