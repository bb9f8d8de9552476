/**
 * A manager's approval of a price or discount beyond what the cashier may give (issue 11).
 *
 * `price_approval`: given at the till by a manager who typed their own password; for one item at
 * one price and discount, asked by one user, with the manager's reason; usable once within
 * 10 minutes (`used_at`). The cart line that used it and, once sold, the order line keep its id,
 * so every such line says who approved it, when and why.
 */
import type { Migration } from './migration.js';

export const priceApprovals: Migration = {
  name: 'price-approvals',
  sql: `
CREATE TABLE price_approval (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES company(id),
  branch_id     INTEGER NOT NULL REFERENCES branch(id),
  item_id       INTEGER NOT NULL REFERENCES item(id),
  price         INTEGER NOT NULL CHECK (price >= 0),
  discount_bp   INTEGER,
  discount_amount INTEGER,
  what          TEXT NOT NULL,
  reason        TEXT NOT NULL,
  requested_by  INTEGER NOT NULL REFERENCES app_user(id),
  approved_by   INTEGER NOT NULL REFERENCES app_user(id),
  approved_at   TEXT NOT NULL,
  expires_at    TEXT NOT NULL,
  used_at       TEXT
) STRICT;
CREATE INDEX price_approval_branch ON price_approval (branch_id, approved_at);
ALTER TABLE cart_line ADD COLUMN price_approval_id INTEGER REFERENCES price_approval(id);
ALTER TABLE sales_order_line ADD COLUMN price_approval_id INTEGER REFERENCES price_approval(id);
`,
};
