/**
 * The backup check (copy.ts inspectCopy: SQLite's integrity check, schema, row counts) on a
 * thread of its own (check-aside.ts): it reads the whole copy, about a minute for a store of a
 * million orders, which on the service's thread would hold up every till that long.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { inspectCopy } from './copy.js';

const { file, nativeBinding } = workerData as { file: string; nativeBinding?: string };
try {
  parentPort!.postMessage({ facts: inspectCopy(file, nativeBinding) });
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err), code: (err as { code?: unknown }).code ?? null });
}
