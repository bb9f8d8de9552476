/**
 * Where a store's data lives when run from the command line: POS_DATA_DIR, else
 * ~/.optical-pos. (The desktop app uses Electron's per-user app data folder instead.)
 */
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(): string {
  return process.env.POS_DATA_DIR || path.join(os.homedir(), '.optical-pos');
}
