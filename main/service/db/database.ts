/**
 * Opens the store's SQLite file. better-sqlite3 is a native module built for one ABI at a time:
 * under plain Node the copy in node_modules is used; under Electron the copy built for
 * Electron's ABI is passed in as `nativeBinding` (see main/electron/native-binding.ts), so one
 * checkout serves both without rebuilding node_modules.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { registerJournal } from './journal.js';
import { migrate, type BeforeMigrate } from './migrate.js';

export type Db = Database.Database;

export interface OpenOptions {
  nativeBinding?: string;
  /** Run before an existing store is migrated (the service backs it up: backup/take.ts). */
  beforeMigrate?: BeforeMigrate;
}

/** The store holds patients and money: only the user the service runs as may read it. */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

/** Makes the data folder, private; repaired when an older version made it 0755 (any user of the PC could read it). */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  if (process.platform !== 'win32' && (statSync(dir).mode & 0o777) !== FOLDER_MODE) chmodSync(dir, FOLDER_MODE);
}

/**
 * The store file and its WAL and shared-memory files readable by their owner only, made so and
 * repaired at every open (a copy or an older version may have left them 0644). Not on Windows,
 * where the data folder sits under the user's profile.
 */
export function keepPrivate(file: string): void {
  if (process.platform === 'win32') return;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(f) && (statSync(f).mode & 0o777) !== FILE_MODE) chmodSync(f, FILE_MODE);
  }
}

/** 40 MB of WAL (SQLite's default is 1,000 pages, 4 MB): see checkpointer.ts. */
export const WAL_BACKSTOP_PAGES = 10_000;

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // FULL (issue 14): every commit is synced to the WAL file before it is acknowledged, so a sale
  // whose receipt was printed survives a power cut. NORMAL syncs only at checkpoints and could
  // lose the last sales. Its cost is in the README (bench: SaveSale against its storage floor,
  // which opens its file here too).
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // The service copies the WAL back into the file on a thread of its own (checkpointer.ts); a
  // commit does it only past this many pages, if that thread falls behind or is not running.
  db.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  migrate(db, options.beforeMigrate);
  // SQLite's advice for a long-lived connection: optimize on open (0x10002: every table, statistics
  // only where they are missing or stale, bounded by analysis_limit), now and then, and on close.
  db.pragma('analysis_limit = 400');
  db.pragma('optimize = 0x10002');
  keepPrivate(file);
  return db;
}

/**
 * A store file opened for reading only (read workers, `npm run backup`, checking a backup). The
 * stores prepare their writes too, and the journal's triggers on those tables name the journal's
 * functions, so they are registered here as on a writing connection; nothing written gets through.
 */
export function openReadOnly(file: string, options: { nativeBinding?: string | undefined } = {}): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  registerJournal(db);
  return db;
}

/** How often a long-running service refreshes the planner's statistics (PRAGMA optimize). */
export const OPTIMIZE_EVERY_MS = 6 * 60 * 60_000;

/**
 * How many times the planner's statistics of this connection's store were refreshed by it. A
 * read-only connection loads them once, when it first reads the schema, and never again (it cannot
 * run ANALYZE): the read workers compare this number and reopen theirs when it moved
 * (reads/read-connection.ts), or a store that grew while the service ran, a branch's first sync of
 * the company's history say, kept being planned as the small store it was (1.3 s instead of 10 ms
 * for an order search by name, measured).
 */
const refreshed = new WeakMap<Db, { version: number; statistics: string }>();
export const statisticsVersion = (db: Db): number => refreshed.get(db)?.version ?? 0;

/** The planner's statistics as one text, to tell whether a PRAGMA optimize changed them. */
function statisticsText(db: Db): string {
  try {
    return (db.prepare("SELECT coalesce(group_concat(line, char(10)), '') AS s FROM (SELECT tbl || ' ' || coalesce(idx, '') || ' ' || stat AS line FROM sqlite_stat1 ORDER BY tbl, idx)").get() as { s: string }).s;
  } catch {
    return ''; // No sqlite_stat1 yet: nothing was ever analysed.
  }
}

/**
 * PRAGMA optimize with `mask`, counted in statisticsVersion when the statistics came out different
 * from what they were after the last one. (Whether it had anything to do does not tell: an empty
 * table is listed as due at every call, and analysing it changes nothing.)
 */
function optimizeWith(db: Db, mask: number): void {
  const known = refreshed.get(db) ?? { version: 0, statistics: statisticsText(db) };
  db.pragma(`optimize = ${mask}`);
  const statistics = statisticsText(db);
  refreshed.set(db, statistics === known.statistics ? known : { version: known.version + 1, statistics });
}

/** Refreshes what the query planner knows, as SQLite recommends before a connection closes. */
export function optimize(db: Db): void {
  if (db.open) optimizeWith(db, 0xfffe);
}

/**
 * After a bulk write (a seed batch, an import, a pulled sync page): refreshes the statistics of
 * any table that grew or shrank 25-fold since they were taken (0x10002: every table, not only
 * those this connection queried). About a millisecond when none did. Without it, a store that
 * started small and grows fast keeps the planner's belief that the full-text indexes' own tables
 * hold a handful of rows, and each insert into customer_search scans them: a seed slowed from
 * 3,000 to 300 customers/s between 60,000 and 100,000 customers, a sync catch-up would too.
 */
export function refreshStatistics(db: Db): void {
  if (db.open && !db.inTransaction) optimizeWith(db, 0x10002);
}

/** Closes the store's file after a last PRAGMA optimize. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  optimize(db);
  db.close();
}
