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
  return db;
}
