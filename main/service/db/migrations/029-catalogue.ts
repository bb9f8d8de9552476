/**
 * The catalogue as head office keeps it: what a branch needs to reorder, sell and count an item,
 * and a price history with changes that take effect on a later day.
 *
 *   item.reorder_level  units on hand at or below which the item should be ordered again; null: not set
 *   item.pack_size      lenses in a box of contact lenses (or units in any pack); null: sold singly
 *   item.batch_tracked  1: stock is kept by batch and expiry (contact lenses and their solutions),
 *                       so receipts and sales name the batch; existing contact lenses are marked
 *
 *   item_price          every change of an item's selling price: the old and new price (paise), the
 *                       day it takes effect, why (the rule, "edited", "import"), who and when. The
 *                       price in effect on a day is the newest row in effect that day, else
 *                       item.sale_price (store/item.ts reads it so), so a change dated later
 *                       applies on its day at every PC, with nobody writing anything that morning.
 *                       Master data, written at head office only, as the item.
 */
import type { Migration } from './migration.js';

export const catalogue: Migration = {
  name: 'catalogue',
  sql: `
ALTER TABLE item ADD COLUMN reorder_level INTEGER CHECK (reorder_level >= 0);
ALTER TABLE item ADD COLUMN pack_size INTEGER CHECK (pack_size >= 1);
ALTER TABLE item ADD COLUMN batch_tracked INTEGER NOT NULL DEFAULT 0 CHECK (batch_tracked IN (0, 1));
UPDATE item SET batch_tracked = 1 WHERE item_type_id IN (4, 5);

CREATE TABLE item_price (
  id             INTEGER PRIMARY KEY,
  company_id     INTEGER NOT NULL REFERENCES company(id),
  item_id        INTEGER NOT NULL REFERENCES item(id),
  effective_from TEXT NOT NULL,
  old_price      INTEGER NOT NULL CHECK (old_price >= 0),
  new_price      INTEGER NOT NULL CHECK (new_price >= 0),
  reason         TEXT NOT NULL,
  created_by     INTEGER REFERENCES app_user(id),
  created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX item_price_in_effect ON item_price (item_id, effective_from, created_at);
CREATE INDEX item_price_company ON item_price (company_id);
CREATE INDEX item_price_user ON item_price (created_by);
`,
};
