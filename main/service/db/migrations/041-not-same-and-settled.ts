/**
 * Two decisions a manager records by hand, each a branch's fact that travels to every PC:
 *
 * `customer_distinct`: "not the same person": two customers the Duplicates screen proposed as one
 * person (customer/duplicates.ts) that a manager says are two. Kept as the pair (the lower id
 * first), so the screen leaves the pair out at every PC. Made, and undone, at the branch that made
 * it, as a merge is. Two branches saying it of one pair while apart make two rows: the pair stays
 * out of the list while any of them is not undone.
 *
 * `order_settlement`: a manager's "Settled" on an order that needed a person (Orders/to-settle,
 * order/any-branch.ts): how it was settled (a note), who and when, and, when money was given
 * back, the till's cash out that paid it (till_cash_move). The figures the order had when it was
 * settled are kept beside it: the order leaves the To settle list while its figures are still
 * these, and comes back if they change again (another payment, a cancel, a hand-over arriving).
 */
import type { Migration } from './migration.js';

export const notSameAndSettled: Migration = {
  name: 'not-same-and-settled',
  sql: `
CREATE TABLE customer_distinct (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES company(id),
  branch_id     INTEGER NOT NULL REFERENCES branch(id),
  customer_a_id INTEGER NOT NULL REFERENCES customer(id),
  customer_b_id INTEGER NOT NULL REFERENCES customer(id),
  created_by    INTEGER NOT NULL REFERENCES app_user(id),
  created_at    TEXT NOT NULL,
  undone_by     INTEGER REFERENCES app_user(id),
  undone_at     TEXT,
  CHECK (customer_a_id < customer_b_id)
) STRICT;
CREATE INDEX customer_distinct_pair ON customer_distinct (customer_a_id, customer_b_id) WHERE undone_at IS NULL;
CREATE INDEX customer_distinct_b ON customer_distinct (customer_b_id);
CREATE INDEX customer_distinct_company ON customer_distinct (company_id, created_at);

CREATE TABLE order_settlement (
  id               INTEGER PRIMARY KEY,
  company_id       INTEGER NOT NULL REFERENCES company(id),
  branch_id        INTEGER NOT NULL REFERENCES branch(id),
  sales_order_id   INTEGER NOT NULL REFERENCES sales_order(id),
  note             TEXT NOT NULL,
  refund_amount    INTEGER NOT NULL DEFAULT 0 CHECK (refund_amount >= 0),
  till_cash_move_id INTEGER REFERENCES till_cash_move(id),
  status_id        INTEGER NOT NULL,
  net_amount       INTEGER NOT NULL,
  insurance_amount INTEGER NOT NULL,
  received         INTEGER NOT NULL,
  delivered_at     TEXT,
  created_by       INTEGER NOT NULL REFERENCES app_user(id),
  created_at       TEXT NOT NULL
) STRICT;
CREATE INDEX order_settlement_order ON order_settlement (sales_order_id);
`,
};
