/**
 * The checkpoint thread (checkpointer.ts): its own connection to the store, a PASSIVE checkpoint
 * every `everyMs`. A checkpoint with nothing new to copy reads the WAL index and returns at once.
 * Errors (a locked or missing file) are reported to the service's log and the next turn tries again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, everyMs, nativeBinding } = workerData as { file: string; everyMs: number; nativeBinding?: string };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

let db: Database.Database;
try {
  db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  // The copy is synced as the service's own commits are (database.ts).
  db.pragma('synchronous = FULL');
  db.pragma('wal_autocheckpoint = 0');
} catch (err) {
  // Thrown, a SqliteError would reach the service without its message.
  parentPort!.postMessage({ error: `cannot open the store (${messageOf(err)}); the service's commits checkpoint instead` });
  process.exit(1);
}
let lastError = '';

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    lastError = '';
  } catch (err) {
    const message = messageOf(err);
    // Said once, not five times a second.
    if (message !== lastError) parentPort!.postMessage({ error: message });
    lastError = message;
  }
}, everyMs);

parentPort!.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
