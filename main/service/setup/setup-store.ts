/**
 * Sets up a real store in a data folder: written to a side file first and renamed into place
 * only when complete, so a failed setup leaves nothing half-made and the demo keeps working.
 */
import { existsSync, rmSync, renameSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { idSource } from '../ids/id-source.js';
import { loadInstallation, TILL_CODE } from '../store/installation.js';
import { asActor } from '../db/journal.js';
import { STORE_FILE } from '../store-file.js';
import { createStore, StoreSpecError, type StoreSpec, type StoreSpecIssue } from './create-store.js';

/** Thrown when the data folder already holds a real store. */
export class StoreExistsError extends Error {}

/** The installation's own rules (its number and till code), checked before anything is written. */
function checkInstallation(node: number, tillCode: string | undefined): void {
  const issues: StoreSpecIssue[] = [];
  if (!Number.isInteger(node) || node < 1 || node > 36 ** 3 - 1) issues.push({ path: 'node', message: 'a whole number from 1 (1 for a single-PC store)' });
  if (tillCode !== undefined && !TILL_CODE.test(tillCode.trim().toUpperCase())) issues.push({ path: 'tillCode', message: `1 to 3 letters or digits, got "${tillCode}"` });
  if (issues.length > 0) throw new StoreSpecError(issues);
}

export async function setupStore(dataDir: string, spec: StoreSpec, node: number, now = new Date(), tillCode?: string): Promise<string> {
  const target = path.join(dataDir, STORE_FILE);
  if (existsSync(target)) throw new StoreExistsError(`A store is already set up in ${dataDir}`);
  checkInstallation(node, tillCode);
  mkdirSync(dataDir, { recursive: true });
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
