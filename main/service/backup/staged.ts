/**
 * A restore chosen on the Backups screen (issue 14): the service cannot replace the file it has
 * open, so the backup is decrypted and checked now, while the app runs (every refusal the command
 * would give, given here), and kept in the data folder as `restore-staged.sqlite` (0600) with a
 * note of what it is. The next start puts it in place before opening the store, the current store
 * kept aside under a dated name, exactly as `npm run restore` would.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { FILE_MODE } from '../db/database.js';
import { conflict, invalid } from '../errors.js';
import { backupSettings, installationFingerprint } from '../store/backup-copy.js';
import { backupsIn } from './copy.js';
import { backupKey } from './key.js';
import { checkedCopy, putInPlace, RestoreRefused, returnsTo, stampOf } from './restore.js';
import { backupFolder, DEFAULT_FOLDER } from './take.js';

export const STAGED_FILE = 'restore-staged.sqlite';
const NOTE_FILE = 'restore-staged.json';

export interface StagedRestore {
  /** The backup it came from. */
  file: string;
  takenAt: string | null;
  stagedAt: string;
  /** In words: what the store returns to ("the backup taken …: 1,204 orders, …"). */
  returnsTo: string;
}

export function stagedRestore(dataDir: string): StagedRestore | null {
  const note = path.join(dataDir, NOTE_FILE);
  if (!existsSync(note) || !existsSync(path.join(dataDir, STAGED_FILE))) return null;
  try {
    return JSON.parse(readFileSync(note, 'utf8')) as StagedRestore;
  } catch {
    return null;
  }
}

/** Forgets a staged restore: the next start opens the store as it is. */
export function cancelStagedRestore(dataDir: string): void {
  for (const f of [NOTE_FILE, STAGED_FILE]) rmSync(path.join(dataDir, f), { force: true });
}

/** The backups a restore may be chosen from: those in the folder in use and in the data folder's own. */
function restorable(db: Db, dataDir: string): string[] {
  const folders = new Set([backupFolder(dataDir, backupSettings(db).read().folder), path.join(dataDir, DEFAULT_FOLDER)]);
  return [...folders].flatMap((f) => backupsIn(f));
}

/** A RestoreRefused in a manager's words, as a 400 naming the field or a 409. */
function refusal(err: RestoreRefused) {
  switch (err.code) {
    case 'NEEDS_PASSPHRASE':
    case 'WRONG_PASSPHRASE':
      return invalid(err.message, { passphrase: [err.code === 'NEEDS_PASSPHRASE' ? 'Give the backup passphrase.' : 'The passphrase is wrong for this backup.'] }, err.code);
    case 'NO_FILE':
      return invalid(err.message, { file: ['Choose one of the backups listed.'] }, err.code);
    default:
      return conflict(err.message, `BACKUP_${err.code}`);
  }
}

export async function stageRestore(options: { db: Db; dataDir: string; file: string; passphrase?: string | undefined; now: Date; nativeBinding?: string }): Promise<StagedRestore> {
  const { db, dataDir, now } = options;
  const file = restorable(db, dataDir).find((f) => f === options.file);
  if (!file) throw invalid('Choose one of the backups listed on this screen.', { file: ['Not one of this store’s backups.'] });
  const work = path.join(dataDir, `.restore-${stampOf(now)}.partial`);
  try {
    const facts = await checkedCopy(file, work, { passphrase: options.passphrase, kept: backupKey(dataDir) }, installationFingerprint(db), false, options.nativeBinding);
    renameSync(work, path.join(dataDir, STAGED_FILE));
    const staged: StagedRestore = {
      file,
      takenAt: facts.takenAt,
      stagedAt: now.toISOString(),
      returnsTo: returnsTo(facts),
    };
    writeFileSync(path.join(dataDir, NOTE_FILE), `${JSON.stringify(staged, null, 1)}\n`, { mode: FILE_MODE });
    return staged;
  } catch (err) {
    if (err instanceof RestoreRefused) throw refusal(err);
    throw err;
  } finally {
    rmSync(work, { force: true });
  }
}

/** At start, before the store is opened: puts a staged restore in place. Answers what was done, or null. */
export function applyStagedRestore(dataDir: string, target: string, now: Date): string | null {
  const staged = stagedRestore(dataDir);
  if (!staged) {
    cancelStagedRestore(dataDir);
    return null;
  }
  const aside = putInPlace(path.join(dataDir, STAGED_FILE), target, stampOf(now));
  cancelStagedRestore(dataDir);
  return `Restored ${staged.file}: the store returns to ${staged.returnsTo}${aside ? ` The store it replaced is kept as ${aside}.` : ''}`;
}
