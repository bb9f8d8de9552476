/**
 * A customer's returns and exchanges (returns/): goods a customer brings back after delivery.
 *
 * `sales_return`: one return, owned by the branch that took it (the order's branch: an order
 * changes only where it was booked, auth/ownership.ts). Its number comes from the 'sales_return'
 * series; when the sale was invoiced, the GST credit note that reduces the invoice takes its number
 * from the 'gst_credit_note' series and is this same row (CGST Rule 53: it names the invoice).
 *
 *   settlement     refund (money back from the till: refund_kind_id, till_session_id),
 *                  credit_note (onto a store credit note, credit_note_id) or exchange (paid
 *                  into a new sale, exchange_order_id; any rest refunded from the till)
 *   amount         what the goods back are worth, paise: the lines' totals, rounded to the rupee
 *                  as a bill is (rounding keeps the difference)
 *   refund_amount  paid out by the till, paise
 *   taxable … igst the GST reversed: the invoice's own figures, per line, in proportion
 *   approved_by    a manager who let a return past the store's return window
 *
 * `sales_return_line`: the order line, how many came back, where they went (sellable stock, or the
 * damaged bin: a 'return' movement in and a 'write_off' movement out, both naming the return) and
 * its share of the line's figures.
 */
import type { Migration } from './migration.js';

export const returns: Migration = {
  name: 'returns',
  sql: `
CREATE TABLE sales_return (
  id                 INTEGER PRIMARY KEY,
  company_id         INTEGER NOT NULL REFERENCES company(id),
  branch_id          INTEGER NOT NULL REFERENCES branch(id),
  year_id            INTEGER NOT NULL REFERENCES financial_year(id),
  return_no          TEXT NOT NULL,
  return_date        TEXT NOT NULL,
  sales_order_id     INTEGER NOT NULL REFERENCES sales_order(id),
  customer_id        INTEGER NOT NULL REFERENCES customer(id),
  reason             TEXT NOT NULL,
  settlement         TEXT NOT NULL CHECK (settlement IN ('refund', 'credit_note', 'exchange')),
  amount             INTEGER NOT NULL CHECK (amount >= 0),
  rounding           INTEGER NOT NULL,
  refund_amount      INTEGER NOT NULL DEFAULT 0 CHECK (refund_amount >= 0),
  refund_kind_id     INTEGER REFERENCES payment_kind(id),
  till_session_id    INTEGER REFERENCES till_session(id),
  credit_note_id     INTEGER REFERENCES credit_note(id),
  exchange_order_id  INTEGER REFERENCES sales_order(id),
  invoice_id         INTEGER REFERENCES invoice(id),
  gst_credit_note_no TEXT CHECK (gst_credit_note_no IS NULL OR length(gst_credit_note_no) <= 16),
  taxable            INTEGER NOT NULL,
  cgst               INTEGER NOT NULL,
  sgst               INTEGER NOT NULL,
  igst               INTEGER NOT NULL,
  past_window        INTEGER NOT NULL DEFAULT 0,
  approved_by        INTEGER REFERENCES app_user(id),
  approval_reason    TEXT,
  created_by         INTEGER NOT NULL REFERENCES app_user(id),
  created_at         TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX sales_return_no ON sales_return (company_id, return_no);
CREATE UNIQUE INDEX sales_return_gst_no ON sales_return (company_id, gst_credit_note_no) WHERE gst_credit_note_no IS NOT NULL;
CREATE INDEX sales_return_order ON sales_return (sales_order_id);
CREATE INDEX sales_return_branch_date ON sales_return (company_id, branch_id, return_date, id);
CREATE INDEX sales_return_till ON sales_return (till_session_id) WHERE till_session_id IS NOT NULL;
CREATE INDEX sales_return_exchange ON sales_return (exchange_order_id) WHERE exchange_order_id IS NOT NULL;
CREATE INDEX sales_return_invoice ON sales_return (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX sales_return_credit_note ON sales_return (credit_note_id) WHERE credit_note_id IS NOT NULL;
CREATE INDEX sales_return_customer ON sales_return (customer_id, return_date);

CREATE TABLE sales_return_line (
  id                  INTEGER PRIMARY KEY,
  sales_return_id     INTEGER NOT NULL REFERENCES sales_return(id),
  sales_order_line_id INTEGER NOT NULL REFERENCES sales_order_line(id),
  item_id             INTEGER NOT NULL REFERENCES item(id),
  qty                 INTEGER NOT NULL CHECK (qty > 0),
  destination         TEXT NOT NULL CHECK (destination IN ('stock', 'damaged')),
  taxable             INTEGER NOT NULL,
  gst_rate_bp         INTEGER NOT NULL,
  cgst                INTEGER NOT NULL,
  sgst                INTEGER NOT NULL,
  igst                INTEGER NOT NULL,
  total               INTEGER NOT NULL
) STRICT;
CREATE INDEX sales_return_line_return ON sales_return_line (sales_return_id);
CREATE INDEX sales_return_line_order_line ON sales_return_line (sales_order_line_id);
CREATE INDEX sales_return_line_item ON sales_return_line (item_id);
`,
};
