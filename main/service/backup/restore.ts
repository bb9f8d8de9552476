/**
 * Restoring a backup (issue 14), with the service stopped: the file is decrypted (a sealed one) or
 * copied into the data folder, checked (integrity_check, schema no newer than this app's, the same
 * store unless forced), the current store and its -wal/-shm are moved aside under a dated name, and
 * the checked copy takes their place. Nothing is changed until every check has passed.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { pipeline } from 'node:stream/promises';
import { FILE_MODE, keepPrivate } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { installationFingerprint, type CopyFacts } from '../store/backup-copy.js';
import { inspectCopy } from './copy.js';
import { BackupFileError, fromPassphrase, isSealed, unseal } from './sealed.js';
import { runningService } from './service-lock.js';

export class RestoreRefused extends Error {
  constructor(
    readonly code: 'SERVICE_RUNNING' | 'NO_FILE' | 'NEEDS_PASSPHRASE' | 'WRONG_PASSPHRASE' | 'DAMAGED' | 'NOT_A_BACKUP' | 'NEWER_FORMAT' | 'NEWER_SCHEMA' | 'FOREIGN',
    message: string,
  ) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  dataDir: string;
  /** The store file to replace (store-file.ts: store.sqlite, or the demo's). */
  target: string;
  /** The backup to restore. */
  file: string;
  passphrase?: string;
  /** Restore a backup of another store (another installation) all the same. */
  force?: boolean;
  now?: () => Date;
}

export interface Restored {
  facts: CopyFacts;
  /** Where the store that was replaced now is (absent when there was none). */
  asideFile?: string;
  /** In words: what date the store returns to. */
  message: string;
}

function fingerprintOf(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return installationFingerprint(db);
    } finally {
      db.close();
    }
  } catch {
    return null; // The current store cannot be read (the reason to restore, perhaps): nothing to compare.
  }
}

const n = (count: number) => count.toLocaleString('en-IN');
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const now = options.now ?? (() => new Date());
  const pid = runningService(options.dataDir);
  if (pid !== null) {
    throw new RestoreRefused('SERVICE_RUNNING', `Optical POS is running on this data folder (process ${pid}): close the app (or stop \`npm run serve\`) on this computer, then restore.`);
  }
  if (!existsSync(options.file)) throw new RestoreRefused('NO_FILE', `${options.file} does not exist.`);
  const stamp = now().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const work = path.join(options.dataDir, `.restore-${stamp}.partial`);
  try {
    if (isSealed(options.file)) {
      if (!options.passphrase) throw new RestoreRefused('NEEDS_PASSPHRASE', `${options.file} is encrypted: give the store's backup passphrase.`);
      try {
        await unseal(options.file, fromPassphrase(options.passphrase), work);
      } catch (err) {
        if (err instanceof BackupFileError) throw new RestoreRefused(err.code === 'NEEDS_PASSPHRASE' ? 'NEEDS_PASSPHRASE' : err.code, err.message);
        throw err;
      }
    } else {
      // Into a file that is 0600 from its first byte, whatever the mode of the file given.
      await pipeline(createReadStream(options.file), createWriteStream(work, { flags: 'wx', mode: FILE_MODE }));
    }
    let facts: CopyFacts;
    try {
      facts = inspectCopy(work);
    } catch (err) {
      throw new RestoreRefused('NOT_A_BACKUP', `${options.file} is not an Optical POS backup (${err instanceof Error ? err.message : String(err)}).`);
    }
    if (facts.integrity !== 'ok') throw new RestoreRefused('DAMAGED', `${options.file} is damaged (SQLite's integrity check: ${facts.integrity}): it cannot be restored.`);
    if (facts.schema > migrations.length) {
      throw new RestoreRefused('NEWER_SCHEMA', `${options.file} was made by a newer Optical POS (schema ${facts.schema}, this app knows ${migrations.length}): update the app first, then restore.`);
    }
    if (facts.schema === 0 || facts.installation === null) throw new RestoreRefused('NOT_A_BACKUP', `${options.file} holds no Optical POS store.`);
    const current = fingerprintOf(options.target);
    if (current !== null && facts.installation !== current && !options.force) {
      throw new RestoreRefused('FOREIGN', `${options.file} is a backup of another store (another installation), not of this one. Restore it only if you mean to replace this store with that one: add --force.`);
    }
    let asideFile: string | undefined;
    if (existsSync(options.target)) {
      asideFile = `${options.target}.before-restore-${stamp}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(options.target + suffix)) renameSync(options.target + suffix, asideFile + suffix);
      }
    }
    renameSync(work, options.target);
    keepPrivate(options.target);
    const when = facts.takenAt ? `the backup taken ${dateTime(facts.takenAt)}` : 'the moment this copy was made';
    const last = facts.lastOrderDate ? ` Its last order is dated ${facts.lastOrderDate.slice(0, 10)}.` : '';
    const later = facts.schema < migrations.length ? ' The app will upgrade it when it starts.' : '';
    return {
      facts,
      ...(asideFile ? { asideFile } : {}),
      message: `Restored. The store returns to ${when}: ${n(facts.counts.sales_order)} orders, ${n(facts.counts.customer)} customers.${last} Anything entered after that is not in it.${later}${asideFile ? ` The store it replaced is kept as ${asideFile}.` : ''}`,
    };
  } finally {
    rmSync(work, { force: true });
  }
}
