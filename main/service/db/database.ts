/**
 * Opens the store's SQLite file. better-sqlite3 is a native module built for one ABI at a time:
 * under plain Node the copy in node_modules is used; under Electron the copy built for
 * Electron's ABI is passed in as `nativeBinding` (see main/electron/native-binding.ts), so one
 * checkout serves both without rebuilding node_modules.
 */
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

export type Db = Database.Database;

export interface OpenOptions {
  nativeBinding?: string;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // NORMAL is durable in WAL mode except across a power cut mid-checkpoint; a till can lose
  // the last transaction in that case, never corrupt the file.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // SQLite's advice for a long-lived connection: optimize on open (0x10002: every table, statistics
  // only where they are missing or stale, bounded by analysis_limit), now and then, and on close.
  db.pragma('analysis_limit = 400');
  db.pragma('optimize = 0x10002');
  return db;
}

/** How often a long-running service refreshes the planner's statistics (PRAGMA optimize). */
export const OPTIMIZE_EVERY_MS = 6 * 60 * 60_000;

/** Refreshes what the query planner knows, as SQLite recommends before a connection closes. */
export function optimize(db: Db): void {
  if (db.open) db.pragma('optimize');
}

/** Closes the store's file after a last PRAGMA optimize. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  optimize(db);
  db.close();
}
