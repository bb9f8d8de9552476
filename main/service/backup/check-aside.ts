/**
 * inspectCopy (copy.ts) off the service's thread: the scheduled backup and a restore check a
 * whole copy of the store while the tills keep selling. Answers the same facts, or rejects with
 * the same error message, as inspectCopy on this thread would.
 */
import { besideModule, startWorker } from '../db/threads.js';
import type { CopyFacts } from '../store/backup-copy.js';

const workerFile = besideModule(import.meta.url, 'check-worker');

/** What a check stopped by its signal rejects with (the closing backup's budget: schedule.ts). */
export const CHECK_STOPPED = 'it was stopped before the end, as the app was closing';

/**
 * `signal`: when it aborts, the check's thread is terminated and the promise rejects with
 * CHECK_STOPPED, so a closing backup keeps to its budget while checking as while copying (a
 * 900 MB copy's check took 9 s of a 4 s budget).
 */
export function inspectCopyAside(file: string, nativeBinding?: string, signal?: AbortSignal): Promise<CopyFacts> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(CHECK_STOPPED));
    const worker = startWorker(workerFile, { file, nativeBinding });
    let settled = false;
    const stop = () => {
      if (settled) return;
      settled = true;
      reject(new Error(CHECK_STOPPED));
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (m: { facts?: CopyFacts; error?: string }) => {
      settled = true;
      if (m.facts) resolve(m.facts);
      else reject(new Error(m.error ?? 'the check answered nothing'));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (!settled) reject(new Error(`the check stopped before answering (exit code ${code})`));
    });
  });
}
