/**
 * Where this PC's copy of other branches' stock stands: a branch PC holds only its own branches'
 * stock movements, and the hub sends it the other branches' stock levels (item, branch, batch:
 * on hand and expiry), which it keeps in `stock` as its own branches' are kept from their
 * movements. `levels_after` is the hub's place in those levels after the last this PC has ('' none).
 *
 * Bookkeeping of this node, in sync_state: not journaled, not synced.
 */
import type { Migration } from './migration.js';

export const stockLevels: Migration = {
  name: 'stock-levels',
  sql: `
ALTER TABLE sync_state ADD COLUMN levels_after TEXT NOT NULL DEFAULT '';
`,
};
