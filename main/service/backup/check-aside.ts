/**
 * inspectCopy (copy.ts) off the service's thread: the scheduled backup and a restore check a
 * whole copy of the store while the tills keep selling. Answers the same facts, or rejects with
 * the same error message, as inspectCopy on this thread would.
 */
import { besideModule, startWorker } from '../db/threads.js';
import type { CopyFacts } from '../store/backup-copy.js';

const workerFile = besideModule(import.meta.url, 'check-worker');

export function inspectCopyAside(file: string, nativeBinding?: string): Promise<CopyFacts> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(workerFile, { file, nativeBinding });
    let settled = false;
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
      if (!settled) reject(new Error(`the check stopped before answering (exit code ${code})`));
    });
  });
}
