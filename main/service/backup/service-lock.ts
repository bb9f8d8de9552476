/**
 * `service.lock` in the data folder: the process id of the service that has the store open, written
 * at start and removed at close. A restore refuses while that process lives (a running service
 * holds the store's file open and would go on writing to the file being replaced). A lock left by a
 * crash names a process that is gone and is ignored.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_MODE } from '../db/database.js';

export const SERVICE_LOCK_FILE = 'service.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks the data folder as in use by this process; the answer removes the mark. */
export function holdServiceLock(dataDir: string): () => void {
  const file = path.join(dataDir, SERVICE_LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: FILE_MODE });
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
  };
}

/** The process id of a live service on this data folder, or null. */
export function runningService(dataDir: string): number | null {
  const file = path.join(dataDir, SERVICE_LOCK_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}
