/**
 * Chain scale (issue 12): what the order lists and the dashboard read is kept up to date as it is
 * written, instead of being summed from every receipt and line on every read.
 *
 * - `sales_order.received` (Received receipts, paise) and `sales_order.item_count` (lines), kept
 *   by triggers on `receipt` and `sales_order_line`, so every write path (SaveSale, SaveReceipt,
 *   cancel, settle, the seed, a future sync) keeps them without remembering to.
 * - `sales_order_tally`: per branch and status, the orders, their net, and how many of them the
 *   customer still owes on and how much (the dashboard's status table and outstanding balance,
 *   and the total of an unfiltered order search), kept by triggers on `sales_order`.
 * - Indexes that serve each Orders/search filter with its sort, and the dashboard's day ranges.
 *
 * The due rule is DUE_SQL's (store/sales-order.ts): net − insurer's share − received.
 */
import type { Migration } from './migration.js';

const DUE = (row: 'new' | 'old') => `(${row}.net_amount - ${row}.insurance_amount - ${row}.received)`;

const add = (row: 'new' | 'old') => `
  INSERT INTO sales_order_tally (branch_id, status_id, orders, amount, owing, owed)
  VALUES (${row}.branch_id, ${row}.status_id, 1, ${row}.net_amount, ${DUE(row)} > 0, max(${DUE(row)}, 0))
  ON CONFLICT (branch_id, status_id) DO UPDATE SET orders = orders + 1, amount = amount + excluded.amount,
    owing = owing + excluded.owing, owed = owed + excluded.owed;`;

const remove = (row: 'new' | 'old') => `
  UPDATE sales_order_tally SET orders = orders - 1, amount = amount - ${row}.net_amount,
    owing = owing - (${DUE(row)} > 0), owed = owed - max(${DUE(row)}, 0)
  WHERE branch_id = ${row}.branch_id AND status_id = ${row}.status_id;`;

const credit = (row: 'new' | 'old', sign: '+' | '-') => `
  UPDATE sales_order SET received = received ${sign} ${row}.amount WHERE id = ${row}.sales_order_id;`;

export const orderFigures: Migration = {
  name: 'order-figures',
  sql: `
ALTER TABLE sales_order ADD COLUMN received INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sales_order ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0;

UPDATE sales_order SET received = r.amount
FROM (SELECT sales_order_id, sum(amount) AS amount FROM receipt WHERE status_id = 1 AND sales_order_id IS NOT NULL GROUP BY sales_order_id) AS r
WHERE r.sales_order_id = sales_order.id;

UPDATE sales_order SET item_count = l.n
FROM (SELECT sales_order_id, count(*) AS n FROM sales_order_line GROUP BY sales_order_id) AS l
WHERE l.sales_order_id = sales_order.id;

CREATE TRIGGER receipt_received_insert AFTER INSERT ON receipt
WHEN new.status_id = 1 AND new.sales_order_id IS NOT NULL
BEGIN ${credit('new', '+')}
END;

CREATE TRIGGER receipt_received_update AFTER UPDATE OF status_id, amount, sales_order_id ON receipt
WHEN (old.status_id = 1 AND old.sales_order_id IS NOT NULL) OR (new.status_id = 1 AND new.sales_order_id IS NOT NULL)
BEGIN
  UPDATE sales_order SET received = received - old.amount WHERE id = old.sales_order_id AND old.status_id = 1;
  UPDATE sales_order SET received = received + new.amount WHERE id = new.sales_order_id AND new.status_id = 1;
END;

CREATE TRIGGER receipt_received_delete AFTER DELETE ON receipt
WHEN old.status_id = 1 AND old.sales_order_id IS NOT NULL
BEGIN ${credit('old', '-')}
END;

CREATE TRIGGER sales_order_line_count_insert AFTER INSERT ON sales_order_line
BEGIN
  UPDATE sales_order SET item_count = item_count + 1 WHERE id = new.sales_order_id;
END;

CREATE TRIGGER sales_order_line_count_delete AFTER DELETE ON sales_order_line
BEGIN
  UPDATE sales_order SET item_count = item_count - 1 WHERE id = old.sales_order_id;
END;

CREATE TRIGGER sales_order_line_count_move AFTER UPDATE OF sales_order_id ON sales_order_line
WHEN old.sales_order_id <> new.sales_order_id
BEGIN
  UPDATE sales_order SET item_count = item_count - 1 WHERE id = old.sales_order_id;
  UPDATE sales_order SET item_count = item_count + 1 WHERE id = new.sales_order_id;
END;

CREATE TABLE sales_order_tally (
  branch_id INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  orders    INTEGER NOT NULL,
  amount    INTEGER NOT NULL,
  owing     INTEGER NOT NULL,
  owed      INTEGER NOT NULL,
  PRIMARY KEY (branch_id, status_id)
) WITHOUT ROWID;

INSERT INTO sales_order_tally (branch_id, status_id, orders, amount, owing, owed)
SELECT branch_id, status_id, count(*), sum(net_amount), sum(due > 0), sum(max(due, 0))
FROM (SELECT branch_id, status_id, net_amount, net_amount - insurance_amount - received AS due FROM sales_order)
GROUP BY branch_id, status_id;

CREATE TRIGGER sales_order_tally_insert AFTER INSERT ON sales_order
BEGIN ${add('new')}
END;

CREATE TRIGGER sales_order_tally_update AFTER UPDATE OF branch_id, status_id, net_amount, insurance_amount, received ON sales_order
BEGIN ${remove('old')} ${add('new')}
END;

CREATE TRIGGER sales_order_tally_delete AFTER DELETE ON sales_order
BEGIN ${remove('old')}
END;

CREATE INDEX sales_order_company_date ON sales_order (company_id, order_date);
CREATE INDEX sales_order_company_status ON sales_order (company_id, status_id, order_date);
CREATE INDEX sales_order_company_seq ON sales_order (company_id, substr(order_no, -6));
CREATE INDEX sales_order_company_user ON sales_order (company_id, created_by, order_date);
CREATE INDEX sales_order_company_net ON sales_order (company_id, net_amount);
CREATE INDEX sales_order_company_discount ON sales_order (company_id, total_discount);
CREATE INDEX sales_order_company_delivery ON sales_order (company_id, delivery_date);
CREATE INDEX sales_order_branch_day ON sales_order (branch_id, order_date, status_id, net_amount);
CREATE INDEX sales_order_branch_status ON sales_order (branch_id, status_id, order_date);
CREATE INDEX sales_order_branch_owing ON sales_order (branch_id, id, year_id)
  WHERE status_id <> 5 AND net_amount - insurance_amount - received > 0;
CREATE INDEX sales_order_open_delivery ON sales_order (branch_id, delivery_date)
  WHERE delivery_date IS NOT NULL AND status_id NOT IN (4, 5);
CREATE INDEX receipt_branch_day ON receipt (branch_id, receipt_date);
CREATE INDEX credit_note_branch_day ON credit_note (branch_id, credit_note_date);
CREATE INDEX eye_checkup_recall_open ON eye_checkup_recall (branch_id, recall_date, customer_id) WHERE notified_at IS NULL;
`,
};
