/**
 * Any branch serves any customer: an order booked at one branch can be collected at another.
 *
 * `sales_order.collect_branch_id`  where the customer collects the order; NULL is the booking
 *                                  branch itself. The booking branch (or head office) moves it;
 *                                  the collection branch marks it in lab, ready and delivered.
 * `sales_order.delivered_branch_id`, `delivered_at`  which branch handed the goods over, and when:
 *                                  kept even when a cancellation made elsewhere wins the status
 *                                  (sync/order-rules.ts), so the order shows that it needs a person.
 */
import type { Migration } from './migration.js';

export const anyBranch: Migration = {
  name: 'any-branch',
  sql: `
ALTER TABLE sales_order ADD COLUMN collect_branch_id INTEGER REFERENCES branch(id);
ALTER TABLE sales_order ADD COLUMN delivered_branch_id INTEGER REFERENCES branch(id);
ALTER TABLE sales_order ADD COLUMN delivered_at TEXT;
CREATE INDEX sales_order_collect_branch ON sales_order (collect_branch_id, status_id) WHERE collect_branch_id IS NOT NULL;
CREATE INDEX sales_order_to_settle ON sales_order (company_id, status_id) WHERE received > net_amount - insurance_amount OR (status_id = 5 AND (received > 0 OR delivered_at IS NOT NULL));
`,
};
