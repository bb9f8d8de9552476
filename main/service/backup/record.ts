/**
 * What became of each backup (issue 14), kept in `backups.json` in the data folder (0600): the
 * newest first, the last 50. It describes files on disk, not the store's data, so it lives beside
 * the store rather than in it: restoring an older store does not forget the backups made since.
 * The change journal (being built) can journal each BackupResult from where takeBackup returns it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_MODE } from '../db/database.js';
import type { RowCounts } from '../store/backup-copy.js';

export const BACKUP_RECORD_FILE = 'backups.json';
const KEPT = 50;

export type BackupReason = 'daily' | 'close' | 'migration' | 'manual';

export interface BackupResult {
  /** When the backup started (ISO). */
  at: string;
  reason: BackupReason;
  ok: boolean;
  /** What happened, in words for the manager. */
  message: string;
  /** The file written (absent when none was). */
  file?: string;
  encrypted?: boolean;
  bytes?: number;
  schema?: number;
  counts?: RowCounts;
  /** How long it took, in milliseconds. */
  tookMs?: number;
}

export function readRecord(dataDir: string): BackupResult[] {
  const file = path.join(dataDir, BACKUP_RECORD_FILE);
  if (!existsSync(file)) return [];
  try {
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(list) ? (list as BackupResult[]) : [];
  } catch {
    return [];
  }
}

export function addToRecord(dataDir: string, result: BackupResult): void {
  const file = path.join(dataDir, BACKUP_RECORD_FILE);
  const list = [result, ...readRecord(dataDir)].slice(0, KEPT);
  writeFileSync(`${file}.new`, `${JSON.stringify(list, null, 1)}\n`, { mode: FILE_MODE });
  renameSync(`${file}.new`, file);
}

/** When the newest backup that was written and verified was taken; null when none was. */
export function lastGoodBackup(dataDir: string): string | null {
  return readRecord(dataDir).find((r) => r.ok)?.at ?? null;
}
