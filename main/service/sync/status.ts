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
