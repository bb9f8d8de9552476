/**
 * Who moved an order's promised delivery, and when (issue 11). The date itself has been on
 * sales_order since migration 005 (`delivery_date`, `delivery_time`); SaveSale now fills it, and
 * the order page can change it, which these columns record (the latest change; the change journal
 * of a later issue keeps every one).
 */
import type { Migration } from './migration.js';

export const deliveryPromise: Migration = {
  name: 'delivery-promise',
  sql: `
ALTER TABLE sales_order ADD COLUMN delivery_changed_by INTEGER REFERENCES app_user(id);
ALTER TABLE sales_order ADD COLUMN delivery_changed_at TEXT;
`,
};
