/** What the sync chip shows (issue 15): from sync_state, the journal and the dead letters. */
import type { Db } from '../db/database.js';
import { syncStore } from '../store/sync.js';
import type { SyncStatus } from '../../../shared/models/sync.js';

export function syncStatus(db: Db, worker: { online(): boolean } | undefined): SyncStatus {
  const store = syncStore(db);
  const state = store.state();
  return {
    configured: worker !== undefined,
    online: worker?.online() ?? false,
    waiting: store.waiting(state.acked_seq),
    lastSuccessAt: state.last_success_at,
    lastError: state.last_error,
    stopped: state.stopped_reason,
    deadLetterCount: store.deadLetterCount(),
    deadLetters: store.deadLetters(50).map((d) => ({ cursor: d.cursor, nodeId: d.node_id, seq: d.seq, table: d.tbl, op: d.op, reason: d.reason, at: d.at })),
  };
}

/**
 * After a restore (backup/restore.ts leaves a mark): a store that had synced stops syncing until
 * it is re-keyed, before it talks to the hub at all, so the chip says so even offline. The hub
 * would refuse it anyway once the store pushes (SEQUENCE_REWOUND), but only after the counter had
 * sold on the old node's ids and numbers.
 */
export function stopSyncAfterRestore(db: Db): boolean {
  const store = syncStore(db);
  if (store.state().acked_seq === 0) return false;
  const reason =
    'This store was restored from a backup: it must not sync, nor sell, as the PC it was. Re-key it first: at head office `npm run hub -- join-code NAME`, ' +
    'then on this PC, with the app closed, `npm run setup -- --rekey <hub address> <code>`.';
  store.setState({ stopped_reason: reason, last_error: reason });
  return true;
}
