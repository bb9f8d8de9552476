/**
 * Restoring a backup (issue 14), with the service stopped: the file is decrypted (a sealed one) or
 * copied into the data folder, checked (integrity_check, schema no newer than this app's, the same
 * store unless forced), the current store and its -wal/-shm are moved aside under a dated name, and
 * the checked copy takes their place. Nothing is changed until every check has passed.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FILE_MODE, keepPrivate, openReadOnly } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { installationFingerprint, type CopyFacts } from '../store/backup-copy.js';
import { inspectCopyAside } from './check-aside.js';
import { backupKey, type BackupKey } from './key.js';
import { BackupFileError, fromPassphrase, isSealed, unseal, type KdfParams } from './sealed.js';
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
    const db = openReadOnly(file);
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

/** How a sealed file's key is found: the passphrase typed, or the key kept in the data folder when the file was made with it. */
export interface KeySource {
  passphrase?: string | undefined;
  kept?: BackupKey | null;
}

function keyFor(file: string, source: KeySource) {
  return (kdf: KdfParams): Buffer => {
    const { kept, passphrase } = source;
    if (kept && kept.kdf.salt.equals(kdf.salt) && kept.kdf.logN === kdf.logN && kept.kdf.r === kdf.r && kept.kdf.p === kdf.p) return kept.key;
    if (!passphrase) throw new RestoreRefused('NEEDS_PASSPHRASE', `${file} is encrypted: give the store's backup passphrase.`);
    return fromPassphrase(passphrase)(kdf);
  };
}

/**
 * Decrypts (a sealed file) or copies `file` into `work`, 0600 from its first byte, and checks it:
 * SQLite's integrity check, a schema this app knows, an Optical POS store, and the same store as
 * `currentInstallation` unless `force`. Answers what it holds; refuses with a RestoreRefused.
 */
export async function checkedCopy(file: string, work: string, keys: KeySource, currentInstallation: string | null, force = false, nativeBinding?: string): Promise<CopyFacts> {
  if (!existsSync(file)) throw new RestoreRefused('NO_FILE', `${file} does not exist.`);
  if (isSealed(file)) {
    try {
      await unseal(file, keyFor(file, keys), work);
    } catch (err) {
      if (err instanceof BackupFileError) throw new RestoreRefused(err.code, err.message);
      throw err;
    }
  } else {
    await pipeline(createReadStream(file), createWriteStream(work, { flags: 'wx', mode: FILE_MODE }));
  }
  let facts: CopyFacts;
  try {
    facts = await inspectCopyAside(work, nativeBinding);
  } catch (err) {
    throw new RestoreRefused('NOT_A_BACKUP', `${file} is not an Optical POS backup (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (facts.integrity !== 'ok') throw new RestoreRefused('DAMAGED', `${file} is damaged (SQLite's integrity check: ${facts.integrity}): it cannot be restored.`);
  if (facts.schema > migrations.length) {
    throw new RestoreRefused('NEWER_SCHEMA', `${file} was made by a newer Optical POS (schema ${facts.schema}, this app knows ${migrations.length}): update the app first, then restore.`);
  }
  if (facts.schema === 0 || facts.installation === null) throw new RestoreRefused('NOT_A_BACKUP', `${file} holds no Optical POS store.`);
  if (currentInstallation !== null && facts.installation !== currentInstallation && !force) {
    throw new RestoreRefused('FOREIGN', `${file} is a backup of another store (another installation), not of this one. Restore it only if you mean to replace this store with that one: add --force.`);
  }
  return facts;
}

/** Moves the store (and its -wal, -shm) aside under a dated name and puts `checked` in its place; answers where the old one went. */
export function putInPlace(checked: string, target: string, stamp: string): string | undefined {
  let asideFile: string | undefined;
  if (existsSync(target)) {
    asideFile = `${target}.before-restore-${stamp}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(target + suffix)) renameSync(target + suffix, asideFile + suffix);
    }
  }
  renameSync(checked, target);
  keepPrivate(target);
  // The store went back: the next start stops its sync until it is re-keyed (issue 15, sync/rekey.ts).
  writeFileSync(path.join(path.dirname(target), RESTORED_MARKER), `${stamp}\n`, { mode: FILE_MODE });
  return asideFile;
}

/** Left beside the store by a restore, taken away by the next start (consumeRestoreMarker). */
export const RESTORED_MARKER = 'restored-from-backup';

/** Whether a restore put the store in place since the last start; the mark is gone after. */
export function consumeRestoreMarker(dataDir: string): boolean {
  const marker = path.join(dataDir, RESTORED_MARKER);
  if (!existsSync(marker)) return false;
  rmSync(marker, { force: true });
  return true;
}

export const stampOf = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/** What date a restored copy returns the store to, in words. */
export function returnsTo(facts: CopyFacts): string {
  const when = facts.takenAt ? `the backup taken ${dateTime(facts.takenAt)}` : 'the moment this copy was made';
  const last = facts.lastOrderDate ? ` Its last order is dated ${facts.lastOrderDate.slice(0, 10)}.` : '';
  return `${when}: ${n(facts.counts.sales_order)} orders, ${n(facts.counts.customer)} customers.${last} Anything entered after that is not in it.`;
}

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const now = options.now ?? (() => new Date());
  const pid = runningService(options.dataDir);
  if (pid !== null) {
    throw new RestoreRefused('SERVICE_RUNNING', `Optical POS is running on this data folder (process ${pid}): close the app (or stop \`npm run serve\`) on this computer, then restore.`);
  }
  const stamp = stampOf(now());
  const work = path.join(options.dataDir, `.restore-${stamp}.partial`);
  try {
    const facts = await checkedCopy(options.file, work, { passphrase: options.passphrase, kept: backupKey(options.dataDir) }, fingerprintOf(options.target), options.force);
    const asideFile = putInPlace(work, options.target, stamp);
    const later = facts.schema < migrations.length ? ' The app will upgrade it when it starts.' : '';
    return {
      facts,
      ...(asideFile ? { asideFile } : {}),
      message: `Restored. The store returns to ${returnsTo(facts)}${later}${asideFile ? ` The store it replaced is kept as ${asideFile}.` : ''}`,
    };
  } finally {
    rmSync(work, { force: true });
  }
}
