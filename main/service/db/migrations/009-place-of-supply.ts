/**
 * The place of supply and the delivery mode, fixed on the order when it is sold (issue 11).
 *
 * The invoice took its tax type from the order but its place of supply from the customer's record
 * as it is when printing, so a customer who moved state could get an IGST invoice naming the
 * store's own state. Now both are the sale's: `place_of_supply_state_id` (the state the supply is
 * made in) and `delivery_mode_id` (1 collected at the store, 2 shipped to the customer's address).
 *
 * Orders sold before: intra-state ones were supplied in their branch's state; for inter-state ones
 * the customer's state on record now is the best that is known.
 */
import type { Migration } from './migration.js';

export const placeOfSupply: Migration = {
  name: 'place-of-supply',
  sql: `
ALTER TABLE sales_order ADD COLUMN place_of_supply_state_id INTEGER REFERENCES state(id);
ALTER TABLE sales_order ADD COLUMN delivery_mode_id INTEGER NOT NULL DEFAULT 1 CHECK (delivery_mode_id IN (1, 2));
UPDATE sales_order SET place_of_supply_state_id = CASE
  WHEN intra_state = 1 THEN (SELECT b.state_id FROM branch b WHERE b.id = sales_order.branch_id)
  ELSE coalesce((SELECT c.state_id FROM customer c WHERE c.id = sales_order.customer_id),
                (SELECT b.state_id FROM branch b WHERE b.id = sales_order.branch_id))
END;
UPDATE sales_order SET delivery_mode_id = 2 WHERE intra_state = 0;
`,
};
