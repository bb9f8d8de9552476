/**
 * What the screens are told about backups: every user, when the last good one was taken (and
 * whether that is more than a day ago); a manager, the settings and the recent results; and the
 * settings a manager changes, checked first.
 */
import path from 'node:path';
import type { Db } from '../db/database.js';
import { invalid } from '../errors.js';
import { backupSettings, type BackupSettings } from '../store/backup-copy.js';
import { backupKey, MIN_PASSPHRASE, setPassphrase } from './key.js';
import { lastGoodBackup, readRecord, type BackupResult } from './record.js';
import { stagedRestore, type StagedRestore } from './staged.js';
import { backupFolder, insideDataDir } from './take.js';

export const STALE_AFTER_MS = 24 * 60 * 60_000;

export interface BackupStatus {
  lastGoodAt: string | null;
  /** No good backup, or the last one more than a day old: every user is warned. */
  stale: boolean;
}

/** `practice`: the demo store, whose made-up data warns nobody (docs/decisions.md, "Backups"). */
export function backupStatus(dataDir: string, now: Date, practice = false): BackupStatus {
  const lastGoodAt = lastGoodBackup(dataDir);
  const old = lastGoodAt === null || now.getTime() - new Date(lastGoodAt).getTime() > STALE_AFTER_MS;
  return { lastGoodAt, stale: old && !practice };
}

export interface BackupOverview extends BackupSettings, BackupStatus {
  /** Where the backups go now (the chosen folder, or the data folder's). */
  folderInUse: string;
  /** Whether they are encrypted there (outside the data folder). */
  encrypted: boolean;
  passphraseSet: boolean;
  recent: BackupResult[];
  /** A restore chosen on the screen, put in place at the next start; null when none. */
  stagedRestore: StagedRestore | null;
}

export function backupOverview(db: Db, dataDir: string, now: Date, practice = false): BackupOverview {
  const settings = backupSettings(db).read();
  const folderInUse = backupFolder(dataDir, settings.folder);
  return {
    ...settings,
    ...backupStatus(dataDir, now, practice),
    folderInUse,
    encrypted: !insideDataDir(dataDir, folderInUse),
    passphraseSet: backupKey(dataDir) !== null,
    recent: readRecord(dataDir).slice(0, 20),
    stagedRestore: stagedRestore(dataDir),
  };
}

export interface SettingsChange extends BackupSettings {
  /** A new backup passphrase; absent keeps the one set. */
  passphrase?: string | undefined;
}

/** Checks and keeps new backup settings (and a new passphrase); nothing is kept if any is refused. */
export function changeBackupSettings(db: Db, dataDir: string, change: SettingsChange): void {
  const folder = change.folder.trim();
  if (folder && !path.isAbsolute(folder)) {
    throw invalid('The backup folder must be a full path (such as E:\\Backups or /media/usb/backups).', { folder: ['Give the full path of the folder.'] });
  }
  if (change.passphrase !== undefined && change.passphrase.length < MIN_PASSPHRASE) {
    throw invalid(`The backup passphrase must be at least ${MIN_PASSPHRASE} characters.`, { passphrase: [`At least ${MIN_PASSPHRASE} characters.`] });
  }
  const outside = !insideDataDir(dataDir, backupFolder(dataDir, folder));
  if (outside && change.passphrase === undefined && backupKey(dataDir) === null) {
    throw invalid('Backups outside the data folder are encrypted: set a backup passphrase with this folder.', { passphrase: ['Set a passphrase for backups in this folder.'] });
  }
  if (change.passphrase !== undefined) setPassphrase(dataDir, change.passphrase);
  backupSettings(db).write({ folder, hour: change.hour, generations: change.generations });
}
