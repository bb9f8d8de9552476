/**
 * Taking a backup (issue 14) while the tills keep selling: SQLite's online backup API
 * (better-sqlite3 `backup()`) copies the store page by page between requests; a sale saved on the
 * service's connection meanwhile is carried into the copy, so the copy is the store as it stood
 * when the backup ended, whole. The copy is made in the data folder (0600 from its first byte),
 * marked with when and why, opened read-only and checked (integrity_check, schema, row counts,
 * whose store), then moved into the backup folder (plain inside the data folder) or sealed there
 * (AES-256-GCM, sealed.ts) and read back to prove the sealed file opens to the checked bytes. The
 * folder keeps the newest N. Every outcome is a BackupResult, kept in backups.json and returned so
 * the caller (and, later, the change journal) can record it; a failure never throws.
 */
import { createHash } from 'node:crypto';
import { chmodSync, constants, copyFileSync, createReadStream, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { FILE_MODE, type Db } from '../db/database.js';
import { backupSettings, installationFingerprint, markCopy, vacuumInto } from '../store/backup-copy.js';
import { CHECK_STOPPED, inspectCopyAside } from './check-aside.js';
import { backupName, copyProblem, ensureFolder, inspectCopy, prune } from './copy.js';
import { backupKey } from './key.js';
import { registerJournal } from '../db/journal.js';
import { journalEntries } from '../store/journal.js';
import { addToRecord, type BackupReason, type BackupResult } from './record.js';
import { seal, unseal } from './sealed.js';

export const DEFAULT_FOLDER = 'backups';

/** stepPages for a copy in one step (better-sqlite3 takes at most 2^31 − 1). */
export const ALL_PAGES = 0x7fffffff;

/** The folder backups go to: the chosen one, else <dataDir>/backups. */
export function backupFolder(dataDir: string, chosen: string): string {
  return chosen ? path.resolve(chosen) : path.join(dataDir, DEFAULT_FOLDER);
}

/** Whether `folder` is the data folder or inside it (a plain backup may stay there). */
export function insideDataDir(dataDir: string, folder: string): boolean {
  const rel = path.relative(path.resolve(dataDir), path.resolve(folder));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export interface TakeOptions {
  db: Db;
  dataDir: string;
  now: () => Date;
  reason: BackupReason;
  nativeBinding?: string;
  /** Pages copied per step between requests (SQLite's online backup; default 100, at least 1). */
  stepPages?: number;
  /** Stops the copy (the app is closing and cannot wait); the result then says so. */
  signal?: AbortSignal;
}

function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** An empty file, owner-only, for SQLite to copy into (so no byte of the copy is ever world-readable). */
function privateEmpty(file: string): void {
  writeFileSync(file, '', { mode: FILE_MODE, flag: 'wx' });
}

/** Removes a file of ours if it is there; a path that cannot hold one (its folder a file, a drive gone) is no error. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing there to remove.
  }
}

/** Renames, or copies (0600) and removes when the folder is on another disk (a mount inside the data folder). */
function moveFile(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
    chmodSync(to, FILE_MODE);
    rmSync(from, { force: true });
  }
}

/** Marks a fresh copy with when and why, and leaves it in rollback-journal mode (one file, opens read-only anywhere). */
function mark(file: string, at: Date, reason: BackupReason, nativeBinding?: string): void {
  const copy = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    // The mark is a write to a journaled table: the copy's triggers need the journal's functions.
    registerJournal(copy);
    copy.pragma('journal_mode = DELETE');
    markCopy(copy, at.toISOString(), reason);
  } finally {
    copy.close();
  }
}

/** Removes copies left in the data folder by a backup that was cut short (the process ended mid-copy). */
export function removeLeftovers(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (/^\.(optical-pos-.*|restore-.*)\.partial(-journal)?$/.test(name)) rmSync(path.join(dataDir, name), { force: true });
  }
}

const running = new Map<string, Promise<unknown>>();

/** One backup at a time per data folder: a second asks waits for the first to end. */
function oneAtATime<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(dataDir) ?? Promise.resolve();
  const next = before.then(work, work);
  running.set(dataDir, next);
  void next.finally(() => {
    if (running.get(dataDir) === next) running.delete(dataDir);
  });
  return next;
}

/** Takes, checks, places and records one backup of the open store. Never throws: a failure is a result. */
export function takeBackup(options: TakeOptions): Promise<BackupResult> {
  return oneAtATime(options.dataDir, () => take(options));
}

async function take({ db, dataDir, now, reason, nativeBinding, stepPages = 100, signal }: TakeOptions): Promise<BackupResult> {
  const at = now();
  const started = Date.now();
  const settings = backupSettings(db).read();
  const folder = backupFolder(dataDir, settings.folder);
  const sealed = !insideDataDir(dataDir, folder);
  const name = backupName(at, reason, sealed);
  const work = path.join(dataDir, `.${name}.partial`);
  const result = (ok: boolean, message: string, extra: Partial<BackupResult> = {}): BackupResult => {
    const r: BackupResult = { at: at.toISOString(), reason, ok, message, ...extra, tookMs: Date.now() - started };
    try {
      addToRecord(dataDir, r);
    } catch {
      // The record is a convenience; the backup's own outcome stands.
    }
    try {
      // Journaled as whoever asked (a manager's Back up now) or the system (daily, at close).
      db.transaction(() =>
        journalEntries(db).event('backup', null, { reason, ok, message, file: r.file ? path.basename(r.file) : null, encrypted: r.encrypted ?? false }),
      ).immediate();
    } catch {
      // A store that cannot take a journal entry (a full disk) must not lose the backup's result.
    }
    return r;
  };
  try {
    const key = sealed ? backupKey(dataDir) : null;
    if (sealed && !key) return result(false, `No backup was written: a backup to ${folder} is encrypted, and no backup passphrase is set. Set one under Settings > Backups.`);
    ensureFolder(folder, !sealed);
    privateEmpty(work);
    await db.backup(work, {
      progress: () => {
        if (signal?.aborted) throw new Error(CHECK_STOPPED);
        return Math.max(1, stepPages);
      },
    });
    mark(work, at, reason, nativeBinding);
    // Read in full on a thread of its own: on this one it held every till up (a minute at 1M orders).
    const facts = await inspectCopyAside(work, nativeBinding, signal);
    const problem = copyProblem(facts, { schema: db.pragma('user_version', { simple: true }) as number, installation: installationFingerprint(db) });
    if (problem) return result(false, `The backup failed its check: ${problem}. Nothing was kept; the earlier backups are untouched.`);
    const file = path.join(folder, name);
    if (key) {
      const partial = `${file}.partial`;
      try {
        await seal(work, partial, key.key, key.kdf);
        // Read back from the drive: the sealed file must open, with the key, to exactly the checked copy.
        if ((await unseal(partial, () => key.key)) !== (await sha256(work))) throw new Error('the written file does not read back the same');
        renameSync(partial, file);
      } finally {
        removeQuietly(partial);
      }
    } else {
      moveFile(work, file);
    }
    const removed = prune(folder, settings.generations);
    const kept = removed.length ? `; ${removed.length} older removed (keeping ${settings.generations})` : '';
    return result(true, `Backed up and checked: ${facts.counts.sales_order.toLocaleString('en-IN')} orders, ${facts.counts.customer.toLocaleString('en-IN')} customers${kept}.`, {
      file,
      encrypted: sealed,
      bytes: statSync(file).size,
      schema: facts.schema,
      counts: facts.counts,
    });
  } catch (err) {
    return result(false, `The backup failed: ${err instanceof Error ? err.message : String(err)}. The earlier backups are untouched.`);
  } finally {
    for (const f of [work, `${work}-journal`]) rmSync(f, { force: true });
  }
}

/**
 * The backup taken before a migration changes an existing store (migrate.ts's hook): synchronous,
 * as opening the store is, with VACUUM INTO, into <dataDir>/backups (plain, 0600), checked like any
 * other. If it cannot be made and checked the upgrade does not go ahead.
 */
export function backupBeforeMigration(dataDir: string, now: () => Date = () => new Date(), nativeBinding?: string) {
  return (db: Db, from: number, to: number): BackupResult => {
    const at = now();
    const folder = path.join(dataDir, DEFAULT_FOLDER);
    const file = path.join(folder, backupName(at, 'migration', false));
    const started = Date.now();
    try {
      ensureFolder(folder, true);
      privateEmpty(file);
      vacuumInto(db, file);
      mark(file, at, 'migration', nativeBinding);
      const facts = inspectCopy(file, nativeBinding);
      const problem = copyProblem(facts, { schema: from, installation: installationFingerprint(db) });
      if (problem) throw new Error(problem);
      prune(folder, Math.max(backupSettings(db).read().generations, 1));
      const r: BackupResult = {
        at: at.toISOString(), reason: 'migration', ok: true, message: `Backed up before upgrading the store from schema ${from} to ${to}.`,
        file, encrypted: false, bytes: statSync(file).size, schema: facts.schema, counts: facts.counts, tookMs: Date.now() - started,
      };
      addToRecord(dataDir, r);
      return r;
    } catch (err) {
      removeQuietly(file);
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`The store was not upgraded: the backup before the upgrade could not be made (${why}). Free some disk space or call support.`);
    }
  };
}
