/**
 * Sets up a real store in a data folder: written to a side file first and renamed into place
 * only when complete, so a failed setup leaves nothing half-made and the demo keeps working.
 */
import { existsSync, rmSync, renameSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { idSource } from '../ids/id-source.js';
import { loadInstallation } from '../store/installation.js';
import { asActor } from '../db/journal.js';
import { STORE_FILE } from '../store-file.js';
import { createStore, type StoreSpec } from './create-store.js';

export async function setupStore(dataDir: string, spec: StoreSpec, node: number, now = new Date(), tillCode?: string): Promise<string> {
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, STORE_FILE);
  if (existsSync(target)) throw new Error(`A store is already set up in ${dataDir}`);
  const partial = `${target}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const db = openDatabase(partial);
  try {
    const installation = loadInstallation(db, node, tillCode);
    await asActor({ userId: null, branchId: null, till: '', source: 'setup', now: () => now }, () =>
      createStore(db, idSource(db, installation.node), spec, now, 'store'),
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    renameSync(partial, target);
    return target;
  } catch (err) {
    if (db.open) db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    throw err;
  }
}
