/**
 * Till sessions and end of day (issue 16).
 *
 * - `till_session`: one working day of one till (the x-till-id the request comes from) at a branch,
 *   opened with a float and closed with the cash counted by denomination. At most one open session
 *   per till and branch (a partial unique index). A closed session is never reopened: its Z report
 *   (the JSON the report builder answered at close) is kept in `z_report`.
 * - `till_cash_move`: cash put into or taken out of the drawer during the day, with a reason.
 * - `receipt.till_session_id`: the session a receipt was taken in (null for receipts before
 *   sessions existed and for receipts taken by another means); `receipt.tendered`: the cash the
 *   customer handed over for a cash receipt (change = tendered − amount); `receipt.approval_code`:
 *   a card payment's approval code (the card's last four digits stay in `card_no`);
 *   `receipt.split_of`: for the receipts of one split payment (several kinds in one SaveSale),
 *   the first of them (itself included), so the printed receipt names every part.
 * - `sales_order.till_session_id`: the session a sale was booked in, for the X and Z reports.
 */
import type { Migration } from './migration.js';

export const tillSessions: Migration = {
  name: 'till-sessions',
  sql: `
CREATE TABLE till_session (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES company(id),
  branch_id       INTEGER NOT NULL REFERENCES branch(id),
  till            TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  opening_float   INTEGER NOT NULL CHECK (opening_float >= 0),
  opened_by       INTEGER NOT NULL REFERENCES app_user(id),
  opened_at       TEXT NOT NULL,
  closed_by       INTEGER REFERENCES app_user(id),
  closed_at       TEXT,
  expected_cash   INTEGER,
  counted_cash    INTEGER CHECK (counted_cash IS NULL OR counted_cash >= 0),
  denominations   TEXT,
  z_report        TEXT,
  CHECK ((status = 'open') = (closed_at IS NULL))
) STRICT;
CREATE UNIQUE INDEX till_session_one_open ON till_session (company_id, branch_id, till) WHERE status = 'open';
CREATE INDEX till_session_branch ON till_session (company_id, branch_id, opened_at);

CREATE TABLE till_cash_move (
  id              INTEGER PRIMARY KEY,
  till_session_id INTEGER NOT NULL REFERENCES till_session(id),
  direction       TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  reason          TEXT NOT NULL,
  created_by      INTEGER NOT NULL REFERENCES app_user(id),
  created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX till_cash_move_session ON till_cash_move (till_session_id);

ALTER TABLE receipt ADD COLUMN till_session_id INTEGER REFERENCES till_session(id);
ALTER TABLE receipt ADD COLUMN tendered INTEGER CHECK (tendered IS NULL OR tendered >= amount);
ALTER TABLE receipt ADD COLUMN approval_code TEXT;
ALTER TABLE receipt ADD COLUMN split_of INTEGER REFERENCES receipt(id);
CREATE INDEX receipt_till_session ON receipt (till_session_id);

ALTER TABLE sales_order ADD COLUMN till_session_id INTEGER REFERENCES till_session(id);
CREATE INDEX sales_order_till_session ON sales_order (till_session_id);
`,
};
