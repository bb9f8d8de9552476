/**
 * Stock transfers between branches. Each branch writes only its own rows, so a dispatch and its
 * receipt travel through the hub as two branches' facts and work with the two offline from each
 * other:
 *
 *   transfer               the sending branch's dispatch: from, to, its document (a delivery
 *                          challan between branches of one GSTIN, a tax invoice between GSTINs),
 *                          the value and tax, and what an e-way bill needs (transport mode, vehicle,
 *                          distance)
 *   transfer_line          what was sent, per item and batch, with its value and tax
 *   transfer_receipt       the receiving branch's receipt of it (one per transfer), with the input
 *                          tax it takes on a tax invoice
 *   transfer_receipt_line  per line sent: received in good order, damaged, short
 *
 * The stock itself moves by stock_movement rows naming the transfer (document 'transfer'): out of
 * the sender at dispatch, into the receiver for what arrived. Between the two the goods are in
 * transit, in neither branch's stock: the lines of transfers without a receipt.
 */
import type { Migration } from './migration.js';

export const transfers: Migration = {
  name: 'transfers',
  sql: `
CREATE TABLE transfer (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES company(id),
  year_id         INTEGER NOT NULL REFERENCES financial_year(id),
  from_branch_id  INTEGER NOT NULL REFERENCES branch(id),
  to_branch_id    INTEGER NOT NULL REFERENCES branch(id),
  document_kind   TEXT NOT NULL CHECK (document_kind IN ('delivery_challan', 'transfer_invoice')),
  document_no     TEXT NOT NULL,
  intra_state     INTEGER NOT NULL CHECK (intra_state IN (0, 1)),
  taxable         INTEGER NOT NULL CHECK (taxable >= 0),
  cgst            INTEGER NOT NULL DEFAULT 0,
  sgst            INTEGER NOT NULL DEFAULT 0,
  igst            INTEGER NOT NULL DEFAULT 0,
  total           INTEGER NOT NULL CHECK (total >= 0),
  transport_mode  TEXT CHECK (transport_mode IN ('road', 'rail', 'air', 'ship', 'hand')),
  vehicle_no      TEXT,
  distance_km     INTEGER CHECK (distance_km >= 0),
  transporter     TEXT,
  note            TEXT,
  dispatched_at   TEXT NOT NULL,
  dispatched_by   INTEGER REFERENCES app_user(id),
  CHECK (from_branch_id <> to_branch_id)
) STRICT;
CREATE UNIQUE INDEX transfer_document_no ON transfer (company_id, document_no);
CREATE INDEX transfer_from ON transfer (from_branch_id, dispatched_at);
CREATE INDEX transfer_to ON transfer (to_branch_id, dispatched_at);

CREATE TABLE transfer_line (
  id           INTEGER PRIMARY KEY,
  transfer_id  INTEGER NOT NULL REFERENCES transfer(id),
  line_no      INTEGER NOT NULL,
  item_id      INTEGER NOT NULL REFERENCES item(id),
  batch_no     TEXT NOT NULL,
  expiry_date  TEXT,
  qty          INTEGER NOT NULL CHECK (qty > 0),
  hsn_code     TEXT,
  unit_value   INTEGER NOT NULL CHECK (unit_value >= 0),
  rate_bp      INTEGER NOT NULL DEFAULT 0,
  taxable      INTEGER NOT NULL,
  cgst         INTEGER NOT NULL DEFAULT 0,
  sgst         INTEGER NOT NULL DEFAULT 0,
  igst         INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX transfer_line_transfer ON transfer_line (transfer_id, line_no);
CREATE INDEX transfer_line_item ON transfer_line (item_id);

CREATE TABLE transfer_receipt (
  id           INTEGER PRIMARY KEY,
  transfer_id  INTEGER NOT NULL UNIQUE REFERENCES transfer(id),
  branch_id    INTEGER NOT NULL REFERENCES branch(id),
  received_at  TEXT NOT NULL,
  received_by  INTEGER REFERENCES app_user(id),
  input_cgst   INTEGER NOT NULL DEFAULT 0,
  input_sgst   INTEGER NOT NULL DEFAULT 0,
  input_igst   INTEGER NOT NULL DEFAULT 0,
  note         TEXT
) STRICT;

CREATE TABLE transfer_receipt_line (
  id                   INTEGER PRIMARY KEY,
  transfer_receipt_id  INTEGER NOT NULL REFERENCES transfer_receipt(id),
  transfer_line_id     INTEGER NOT NULL REFERENCES transfer_line(id),
  received             INTEGER NOT NULL CHECK (received >= 0),
  damaged              INTEGER NOT NULL CHECK (damaged >= 0),
  short                INTEGER NOT NULL CHECK (short >= 0),
  UNIQUE (transfer_receipt_id, transfer_line_id)
) STRICT;
CREATE INDEX transfer_receipt_line_line ON transfer_receipt_line (transfer_line_id);
`,
};
