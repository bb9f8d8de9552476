/**
 * WAL checkpoints off the write path (issue 12, SaveSale's p99). SQLite's default copies the WAL
 * back into the store file from inside whichever commit pushes the WAL past 1,000 pages: on a big
 * store that is every ten or so sales (a sale writes 70–100 pages: the order, its lines, its
 * receipt, twenty-odd indexes and the journal), and that one sale waits for the copy and a second
 * fsync. Here a worker thread with its own connection runs a PASSIVE checkpoint a few times a
 * second instead; a passive checkpoint takes no lock a writer needs, so the tills keep committing
 * while it copies. The writing connections keep SQLite's own checkpoint as a backstop at
 * WAL_BACKSTOP_PAGES (database.ts), so the WAL stays bounded if this thread is ever stopped.
 */
import { besideModule, startWorker } from './threads.js';

/** How often the checkpoint thread copies the WAL back into the store file. */
export const CHECKPOINT_EVERY_MS = 200;

const workerFile = besideModule(import.meta.url, 'checkpoint-worker');

export interface Checkpointer {
  /** Stops the thread after its current checkpoint and closes its connection. */
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  everyMs?: number;
  nativeBinding?: string | undefined;
  log?: (message: string) => void;
}

/** An error from a thread arrives as an Error, or (better-sqlite3's SqliteError) as a plain copy of one. */
function messageOf(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'message' in err) return String(err.message);
  return String(err);
}

export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const worker = startWorker(
    workerFile,
    { file, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS, nativeBinding: options.nativeBinding },
    // It holds one connection and a timer: a small heap is plenty.
    { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  );
  let exited = false;
  const stopped = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  // A failed checkpoint thread leaves SQLite's own backstop in charge; it is logged, never thrown.
  worker.on('message', (m: { error?: string }) => {
    if (m.error) options.log?.(`checkpoint thread: ${m.error}`);
  });
  worker.on('error', (err: unknown) => options.log?.(`checkpoint thread stopped: ${messageOf(err)}`));
  worker.unref();
  return {
    async close() {
      if (exited) return;
      // Held open until the thread has closed its connection (it runs unref'd otherwise).
      worker.ref();
      worker.postMessage('stop');
      await stopped;
    },
  };
}
