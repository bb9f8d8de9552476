/**
 * What this PC has heard from each other node of the chain: per node, the branch its changes name,
 * the newest change time (when the change was made at that node, as its journal wrote it) among
 * the changes pulled from it, and when this PC received it. Written by the sync worker as it applies
 * a pulled page (sync/apply.ts), in the page's transaction. The chain dashboard reads it: a branch
 * whose newest change reached this PC more than an hour ago is shown as not synced.
 *
 * Bookkeeping of this node, like sync_state: not journaled, not synced.
 */
import type { Migration } from './migration.js';

export const syncHeard: Migration = {
  name: 'sync-heard',
  sql: `
CREATE TABLE sync_heard (
  node_id     INTEGER PRIMARY KEY,
  branch_id   INTEGER,
  last_at     TEXT NOT NULL,
  received_at TEXT NOT NULL
) STRICT;
CREATE INDEX sync_heard_branch ON sync_heard (branch_id);
`,
};
