/**
 * For command-line tools (import, seed): open the store a data folder holds, the real one when
 * set up, else the demo, with the installation's id source, as the service itself would.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupBeforeMigration } from './backup/take.js';
import { openDatabase, openReadOnly, type Db } from './db/database.js';
import { idSource, type IdSource } from './ids/id-source.js';
import { loadInstallation } from './store/installation.js';
import { companies, type CompanyRow } from './store/company.js';
import type { StoreMode } from './context.js';

export const STORE_FILE = 'store.sqlite';
export const DEMO_FILE = 'demo.sqlite';

export function storeFile(dataDir: string): { file: string; mode: StoreMode } | null {
  const real = path.join(dataDir, STORE_FILE);
  if (existsSync(real)) return { file: real, mode: 'store' };
  return null;
}

export interface OpenStore {
  file: string;
  db: Db;
  ids: IdSource;
  company: CompanyRow;
}

export function openStoreFile(dataDir: string): OpenStore {
  const file = storeFile(dataDir)?.file ?? path.join(dataDir, DEMO_FILE);
  if (!existsSync(file)) throw new Error(`No store in ${dataDir}: start the app once (demo) or run \`npm run setup\` first.`);
  // As the service does: an existing store is backed up before a migration changes it.
  const db = openDatabase(file, { beforeMigrate: backupBeforeMigration(dataDir) });
  const company = companies(db).only();
  if (!company) {
    db.close();
    throw new Error(`${file} holds no store yet.`);
  }
  return { file, db, ids: idSource(db, loadInstallation(db).node), company };
}

/**
 * For `npm run backup`: the store a data folder holds, opened read-only (never migrated, so a
 * backup taken while the app runs, or by an older or newer build, changes nothing in it).
 */
export function openStoreReadOnly(dataDir: string): { file: string; db: Db } {
  const file = storeFile(dataDir)?.file ?? path.join(dataDir, DEMO_FILE);
  if (!existsSync(file)) throw new Error(`No store in ${dataDir}: nothing to back up.`);
  return { file, db: openReadOnly(file) };
}
