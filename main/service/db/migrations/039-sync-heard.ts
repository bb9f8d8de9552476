/**
 * What this PC knows of each node's sync, per branch the changes name: the newest change time
 * (when the change was made at that node, as its journal wrote it) and when it got here. Written
 * by the sync worker in the same transaction as a pulled page is applied (other nodes' changes,
 * sync/apply.ts) and as a pushed batch is acknowledged by the hub (this node's own). The chain
 * dashboard reads it: a branch whose newest change is more than an hour old shows as not synced.
 *
 * Bookkeeping of this node, like sync_state: not journaled, not synced.
 */
import type { Migration } from './migration.js';

export const syncHeard: Migration = {
  name: 'sync-heard',
  sql: `
CREATE TABLE sync_heard (
  node_id     INTEGER NOT NULL,
  branch_id   INTEGER NOT NULL,
  last_at     TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (node_id, branch_id)
) STRICT, WITHOUT ROWID;
`,
};
