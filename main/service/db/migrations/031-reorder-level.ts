/**
 * The column itself is the catalogue's (029-catalogue.ts). Reorder levels: the sellable stock of an item at a branch at or below which the item is reported
 * as low (the low-stock report, stock/low-stock.ts). Null: the item is not watched. One level per
 * item, the same at every branch (head office sets it, as it sets the catalogue).
 *
 * The partial index keeps the report keyed on the watched items of a company, not on the whole
 * catalogue.
 */
import type { Migration } from './migration.js';

export const reorderLevel: Migration = {
  name: 'reorder-level',
  sql: `
CREATE INDEX item_reorder_level ON item (company_id, code) WHERE reorder_level IS NOT NULL;
`,
};
