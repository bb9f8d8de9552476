/**
 * SQL for backups (issue 14): what a copy of the store is checked with (integrity, schema, row
 * counts, whose store it is), the mark a fresh copy carries (when it was taken, and why), and the
 * backup settings kept in the `setting` table.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { settings } from './setting.js';

/** The tables whose row counts a verified backup reports: the store's people, goods and money. */
export const COUNTED_TABLES = ['customer', 'item', 'sales_order', 'sales_order_line', 'receipt', 'invoice', 'credit_note', 'stock_movement'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];
export type RowCounts = Record<CountedTable, number>;

export interface CopyFacts {
  /** PRAGMA integrity_check's answer: 'ok', or its first complaints. */
  integrity: string;
  /** The schema (migrations applied) the copy was written with. */
  schema: number;
  counts: RowCounts;
  /** Which installation the copy belongs to (a hash of its secret, never the secret); null when none. */
  installation: string | null;
  /** When the backup was taken and why, as marked on the copy; null on a file not made by a backup. */
  takenAt: string | null;
  reason: string | null;
  /** The latest order date in the copy (YYYY-MM-DD…); null with no order. */
  lastOrderDate: string | null;
}

/** A stable, one-way name for an installation: the first 16 hex digits of SHA-256 of its secret. */
export function installationFingerprint(db: Db): string | null {
  const secret = settings(db).get('installation_secret');
  return secret ? createHash('sha256').update(`optical-pos installation ${secret}`).digest('hex').slice(0, 16) : null;
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)!.n > 0;
}

/** Reads what a copy holds; `db` is the copy, opened read-only. Nothing is written. */
export function copyFacts(db: Db): CopyFacts {
  const problems = db.prepare<[], { integrity_check: string }>('PRAGMA integrity_check(5)').all().map((r) => r.integrity_check);
  const schema = db.pragma('user_version', { simple: true }) as number;
  const counts = {} as RowCounts;
  for (const table of COUNTED_TABLES) {
    counts[table] = tableExists(db, table) ? db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n : 0;
  }
  const hasSettings = tableExists(db, 'setting');
  const get = (key: string) => (hasSettings ? settings(db).get(key) ?? null : null);
  return {
    integrity: problems.join('; ') || 'no answer',
    schema,
    counts,
    installation: hasSettings ? installationFingerprint(db) : null,
    takenAt: get('backup_taken_at'),
    reason: get('backup_reason'),
    lastOrderDate: tableExists(db, 'sales_order') ? db.prepare<[], { d: string | null }>('SELECT max(order_date) AS d FROM sales_order').get()!.d : null,
  };
}

/** Marks a fresh copy (never the live store) with when it was taken and why. */
export function markCopy(db: Db, takenAt: string, reason: string): void {
  db.transaction(() => {
    settings(db).set('backup_taken_at', takenAt);
    settings(db).set('backup_reason', reason);
  }).immediate();
}

export interface BackupSettings {
  /** The folder backups go to; '' for the data folder's own backups/ folder. */
  folder: string;
  /** The hour of the day (0–23) the daily backup is taken. */
  hour: number;
  /** How many backups are kept in the folder (the newest). */
  generations: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { folder: '', hour: 21, generations: 7 };

function whole(text: string | undefined, min: number, max: number, fallback: number): number {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export const backupSettings = (db: Db) => ({
  read(): BackupSettings {
    const store = settings(db);
    return {
      folder: store.get('backup_folder') ?? DEFAULT_BACKUP_SETTINGS.folder,
      hour: whole(store.get('backup_hour'), 0, 23, DEFAULT_BACKUP_SETTINGS.hour),
      generations: whole(store.get('backup_generations'), 1, 365, DEFAULT_BACKUP_SETTINGS.generations),
    };
  },
  write(value: BackupSettings): void {
    db.transaction(() => {
      const store = settings(db);
      store.set('backup_folder', value.folder);
      store.set('backup_hour', String(value.hour));
      store.set('backup_generations', String(value.generations));
    }).immediate();
  },
});

/** Writes a consistent copy of the whole store into `file` (empty or missing), in one statement. */
export function vacuumInto(db: Db, file: string): void {
  db.prepare('VACUUM INTO ?').run(file);
}
