/**
 * The backup key (issue 14, docs/decisions.md "Backups"): the daily backup to a USB drive or a share
 * runs with nobody at the keyboard, so the key derived from the store's passphrase is kept, never the
 * passphrase, in `backup.key` in the data folder (0600, like token.key): neither in the store nor in
 * any backup. Whoever can read the data folder can read the store itself, so the file exposes nothing
 * more; a backup carried away is safe as long as the passphrase is. Restoring on a new PC needs only
 * the passphrase: each file's header carries its scrypt salt and cost.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_MODE } from '../db/database.js';
import { DEFAULT_KDF, deriveKey, keyCheck, type KdfParams } from './sealed.js';

export const BACKUP_KEY_FILE = 'backup.key';

export interface BackupKey {
  key: Buffer;
  kdf: KdfParams;
}

/** The shortest passphrase accepted: it alone guards the backups that leave the shop. */
export const MIN_PASSPHRASE = 10;

/** Derives the key from a new passphrase and keeps it in the data folder (replacing any earlier one). */
export function setPassphrase(dataDir: string, passphrase: string): BackupKey {
  const kdf: KdfParams = { ...DEFAULT_KDF, salt: randomBytes(16) };
  const key = deriveKey(passphrase, kdf);
  const file = path.join(dataDir, BACKUP_KEY_FILE);
  const text = JSON.stringify({ logN: kdf.logN, r: kdf.r, p: kdf.p, salt: kdf.salt.toString('base64'), key: key.toString('base64') });
  writeFileSync(`${file}.new`, `${text}\n`, { mode: FILE_MODE });
  renameSync(`${file}.new`, file);
  return { key, kdf };
}

/** The kept backup key, or null when no passphrase has been set. */
export function backupKey(dataDir: string): BackupKey | null {
  const file = path.join(dataDir, BACKUP_KEY_FILE);
  if (!existsSync(file)) return null;
  if (process.platform !== 'win32' && (statSync(file).mode & 0o777) !== FILE_MODE) chmodSync(file, FILE_MODE);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { logN: number; r: number; p: number; salt: string; key: string };
  const key = Buffer.from(kept.key, 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a backup key: set the backup passphrase again.`);
  return { key, kdf: { logN: kept.logN, r: kept.r, p: kept.p, salt: Buffer.from(kept.salt, 'base64') } };
}

/** Whether `passphrase` is the one the kept key was made from. */
export function isKeptPassphrase(dataDir: string, passphrase: string): boolean {
  const kept = backupKey(dataDir);
  return kept !== null && keyCheck(deriveKey(passphrase, kept.kdf)).equals(keyCheck(kept.key));
}
