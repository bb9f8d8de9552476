/**
 * Starting a worker thread from a module beside the caller: built, the `.js` file; from the
 * sources (tests, tsx), a small boot that registers tsx and then imports the `.ts` file. Used by
 * the read workers (reads/) and by the backup check (backup/check-aside.ts), which each open the
 * store file on a connection of their own so the service's thread keeps answering the tills.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The worker module `name` (without extension) in the folder of the module at `callerUrl`. */
export function besideModule(callerUrl: string, name: string): string {
  const here = fileURLToPath(callerUrl);
  return path.join(path.dirname(here), `${name}${path.extname(here)}`);
}

export function startWorker(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (!file.endsWith('.ts')) return new Worker(file, { workerData, ...limits });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
  return new Worker(boot, { eval: true, workerData, ...limits });
}
