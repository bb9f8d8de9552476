/**
 * What a SaveSale was asked, so its idempotency key answers only the same request (issue 11).
 *
 * `request_hash`: SHA-256 of the SaveSale body in canonical form (keys sorted), kept with the order
 * its session became. A retry with the same key and the same body gets the first answer; the same
 * key with another body is refused (409) instead of being answered with an order it did not make.
 * Orders saved before this migration have none and keep answering retries as before.
 *
 * `cart.taken_over_from` / `taken_over_at`: a manager taking over another
 * user's open cart (the cart belongs to the user who opened it; the take-over is recorded).
 */
import type { Migration } from './migration.js';

export const saleKey: Migration = {
  name: 'sale-key',
  sql: `
ALTER TABLE sales_order ADD COLUMN request_hash TEXT;
ALTER TABLE cart ADD COLUMN taken_over_from INTEGER REFERENCES app_user(id);
ALTER TABLE cart ADD COLUMN taken_over_at TEXT;
CREATE INDEX cart_branch_user ON cart (branch_id, user_id);
`,
};
