/**
 * When each node last reached the hub, as the hub tells every PC with its pulls (the hub's
 * clock). The chain dashboard counts a branch as heard from when its PC reached the hub, not only
 * when it last changed something: a branch with a quiet hour whose PC keeps syncing is not "not
 * synced".
 *
 * Bookkeeping of this node, like sync_heard: not journaled, not synced.
 */
import type { Migration } from './migration.js';

export const nodeSeen: Migration = {
  name: 'node-seen',
  sql: `
CREATE TABLE sync_seen (
  node_id INTEGER PRIMARY KEY,
  seen_at TEXT NOT NULL
) STRICT;
`,
};
