/**
 * A plain copy of the store on disk: opened read-only and checked (integrity_check, schema, row
 * counts, whose store), named and pruned as one generation among the folder's backups.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { FOLDER_MODE, openReadOnly, type Db } from '../db/database.js';
import { copyFacts, type CopyFacts } from '../store/backup-copy.js';
import type { BackupReason } from './record.js';

/** Reads what a plain copy holds, opened read-only; a file that is no SQLite store is refused in words. */
export function inspectCopy(file: string, nativeBinding?: string): CopyFacts {
  let db: Db | undefined;
  try {
    db = openReadOnly(file, { nativeBinding });
    return copyFacts(db);
  } catch (err) {
    const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) throw new Error(`${file} is not a readable Optical POS store (${code}).`);
    throw err;
  } finally {
    db?.close();
  }
}

/** Why a copy is not a good backup of this store, or null when it is. */
export function copyProblem(facts: CopyFacts, expect: { schema: number; installation: string | null }): string | null {
  if (facts.integrity !== 'ok') return `the copy failed SQLite's integrity check (${facts.integrity})`;
  if (facts.schema !== expect.schema) return `the copy has schema ${facts.schema}, the store ${expect.schema}`;
  if (expect.installation !== null && facts.installation !== expect.installation) return 'the copy is not of this store';
  return null;
}

/**
 * A folder for backups: made owner-only (0700) when it is made here, and kept so when it is the
 * data folder's own (`repair`). A folder the manager chose that already exists (a drive, a share,
 * a folder others use) keeps its mode: it is not ours to change.
 */
export function ensureFolder(folder: string, repair: boolean): void {
  mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  if (process.platform === 'win32' || !repair) return;
  try {
    if ((statSync(folder).mode & 0o777) !== FOLDER_MODE) chmodSync(folder, FOLDER_MODE);
  } catch {
    // Not ours to change (a mounted share): the files themselves are still 0600 where modes exist.
  }
}

export const PLAIN_EXT = '.sqlite';
export const SEALED_EXT = '.opbackup';
const NAME = /^optical-pos-(\d{8}T\d{9}Z)-(daily|close|migration|manual)\.(sqlite|opbackup)$/;

/** optical-pos-20261125T184650123Z-daily.opbackup: sorts by time, says why. */
export function backupName(at: Date, reason: BackupReason, sealed: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `optical-pos-${stamp}-${reason}${sealed ? SEALED_EXT : PLAIN_EXT}`;
}

/** The backups in a folder (only files named by backupName), newest first. */
export function backupsIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((n) => NAME.test(n)).sort().reverse().map((n) => path.join(folder, n));
}

/** Keeps the newest `generations` backups in the folder, deletes the rest; answers the deleted files. */
export function prune(folder: string, generations: number): string[] {
  const old = backupsIn(folder).slice(Math.max(1, generations));
  for (const file of old) rmSync(file, { force: true });
  return old;
}
