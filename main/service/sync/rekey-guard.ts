/**
 * A store whose sync stopped because it went back (a restored backup: the worker's SEQUENCE_REWOUND,
 * BATCH_HASH_CONFLICT or NODE_REPLACED, or the restore mark at start) must not sell as the PC it
 * was (issue 15): the ids and numbers it would mint next were used after the backup, by the sales
 * the hub still holds. Every row id comes from the IdSource, so refusing there stops every write
 * that would make a row (a sale, a receipt, a customer, a cart line) until the PC is re-keyed,
 * in one place and inside the write's transaction, which then writes nothing. Reading, signing in
 * and the sync chip keep working, so the counter sees why.
 */
import type { Db } from '../db/database.js';
import { conflict } from '../errors.js';
import type { IdSource } from '../ids/id-source.js';
import { syncStore } from '../store/sync.js';

export function refusingUntilRekeyed(db: Db, ids: IdSource): IdSource {
  const store = syncStore(db);
  return {
    next(table) {
      const reason = store.stoppedReason();
      if (reason) {
        throw conflict(
          `This till cannot save anything new until it is re-keyed: it went back to an older copy of its store, and what it would save now could take numbers already used. ${reason}`,
          'STORE_NEEDS_REKEY',
        );
      }
      return ids.next(table);
    },
  };
}
