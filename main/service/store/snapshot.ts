/**
 * SQL of a join from the hub's snapshot (sync/snapshot.ts): where the download stands, kept in
 * the side file being filled (table `join_snapshot`, made there and dropped before the file is
 * renamed into place, so a store never holds it), the synced tables in the order their rows are
 * written (parents before children), the merges to apply once every row is in, and the rows whose
 * parent is missing.
 */
import type { Db } from '../db/database.js';
import { addFigures, FIGURE_TRIGGERS } from './figures.js';
import { perDatabase } from './per-database.js';

export interface JoinSnapshotRow {
  /** The hub's join answer and this PC's TLS, as JSON: a re-run resumes without spending the code again. */
  pending: string;
  /** The SHA-256 (hex) of the join code's secret this file was made for. */
  code_hash: string;
  snapshot_id: string | null;
  mark: number | null;
  clock_high: string | null;
  /** The table being downloaded and its last key written ('' none yet); null: every table is in. */
  tbl: string | null;
  after: string;
  /** 1 once the rows are in, the merges applied and the pull cursor set to the mark. */
  done: number;
}

/** Only the side file of a join ever has this table. */
export function createJoinSnapshot(db: Db, pending: string, codeHash: string): void {
  db.exec(`CREATE TABLE IF NOT EXISTS join_snapshot (
    one INTEGER PRIMARY KEY CHECK (one = 1), pending TEXT NOT NULL, code_hash TEXT NOT NULL,
    snapshot_id TEXT, mark INTEGER, clock_high TEXT, tbl TEXT, after TEXT NOT NULL DEFAULT '', done INTEGER NOT NULL DEFAULT 0)`);
  db.prepare('INSERT INTO join_snapshot (one, pending, code_hash) VALUES (1, ?, ?)').run(pending, codeHash);
}

/** The download's state, or null in a file that is not a join's side file. */
export function readJoinSnapshot(db: Db): JoinSnapshotRow | null {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'join_snapshot'").get();
  return has ? (db.prepare('SELECT * FROM join_snapshot WHERE one = 1').get() as JoinSnapshotRow | undefined) ?? null : null;
}

/** The file becomes a store: the download's state (with this PC's key in it) is wiped from its pages. */
export function dropJoinSnapshot(db: Db): void {
  db.pragma('secure_delete = ON');
  db.exec('DROP TABLE IF EXISTS join_snapshot; DROP TABLE IF EXISTS join_snapshot_index');
}

/**
 * The tables' own indexes (not their keys) set aside while their rows go in, kept in the side
 * file to be made again at the end: each index is then built once from its sorted rows instead of
 * kept row by row (a table of orders has nineteen). In one transaction.
 */
export function setIndexesAside(db: Db, tables: readonly string[]): number {
  db.exec('CREATE TABLE IF NOT EXISTS join_snapshot_index (name TEXT PRIMARY KEY, sql TEXT NOT NULL)');
  const indexes = db
    .prepare<[], { name: string; tbl_name: string; sql: string }>("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .all()
    .filter((i) => tables.includes(i.tbl_name));
  const keep = db.prepare('INSERT OR IGNORE INTO join_snapshot_index (name, sql) VALUES (?, ?)');
  for (const i of indexes) {
    keep.run(i.name, i.sql);
    db.exec(`DROP INDEX "${i.name.replace(/"/g, '""')}"`);
  }
  // And two kinds of trigger, each kept to be made again at the end:
  // - those that add each new row to a full-text search table (customer_search): the search table
  //   is filled once at the end with the same expressions (searchFill). Each page's commit would
  //   otherwise write a segment of it, merged again and again (at 500,000 customers the join
  //   slowed to a few hundred rows a second);
  // - those that keep figures from the rows (an order's received, the daily totals, the shelf):
  //   each figure is added once from all the rows at the end (store/figures.ts), not once per row.
  const fts = searchTables(db);
  const triggers = db
    .prepare<[], { name: string; tbl_name: string; sql: string }>("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'")
    .all()
    .filter((t) => FIGURE_TRIGGERS.includes(t.name) || (tables.includes(t.tbl_name) && searchFill(t.sql, fts) !== null));
  for (const t of triggers) {
    keep.run(t.name, t.sql);
    db.exec(`DROP TRIGGER "${t.name.replace(/"/g, '""')}"`);
  }
  return indexes.length + triggers.length;
}

/** The store's full-text search tables. */
const searchTables = (db: Db): Set<string> =>
  new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%'")
      .all()
      .map((t) => t.name),
  );

/** `CREATE TRIGGER name AFTER INSERT ON table BEGIN INSERT INTO search (columns) VALUES (expressions over new); END`. */
const SEARCH_TRIGGER = /^CREATE TRIGGER \w+ AFTER INSERT ON (\w+) BEGIN\s+INSERT INTO (\w+) \(([^)]*)\)\s+VALUES \((.*)\);\s*END$/s;

/**
 * For a trigger that only adds the new row to a full-text search table: the statements that fill
 * that table from every row at once, the trigger's own expressions over the table aliased `new`
 * (emptied first: a page written twice after a kill may have added some). Null for any other trigger.
 */
export function searchFill(triggerSql: string, fts: ReadonlySet<string>): string | null {
  const match = SEARCH_TRIGGER.exec(triggerSql.trim());
  if (!match || !fts.has(match[2]!)) return null;
  const [, table, search, columns, values] = match as unknown as [string, string, string, string, string];
  return `INSERT INTO ${search} (${search}) VALUES ('delete-all'); INSERT INTO ${search} (${columns}) SELECT ${values} FROM ${table} AS new`;
}

/**
 * The indexes set aside, made again. A unique index the rows break (two rows with one document
 * number or code, given at two PCs while apart) is made once the rows after the first of each
 * clash (by rowid) are taken out and handed to `keptOut` with their values, as a pull keeps out
 * the later of two such rows.
 */
export function restoreIndexes(db: Db, keptOut: (table: string, rowKey: string, reason: string, values: Record<string, unknown>) => void = () => undefined): number {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'join_snapshot_index'").get();
  if (!has) return 0;
  const all = db.prepare<[], { name: string; sql: string }>('SELECT name, sql FROM join_snapshot_index ORDER BY name').all();
  const figures = all.filter((i) => FIGURE_TRIGGERS.includes(i.name));
  const indexes = all.filter((i) => !FIGURE_TRIGGERS.includes(i.name));
  const fts = searchTables(db);
  for (const i of indexes) {
    const fill = i.sql.startsWith('CREATE TRIGGER') ? searchFill(i.sql, fts) : null;
    if (fill !== null) {
      db.exec(fill);
      db.exec(i.sql);
      continue;
    }
    try {
      db.exec(i.sql);
    } catch (error) {
      const unique = UNIQUE_INDEX.exec(i.sql);
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE' || !unique) throw error;
      const [, table, columns, where] = unique as unknown as [string, string, string, string | undefined];
      const cols = columns.split(',').map((c) => c.trim());
      const scope = [where ? `(${where})` : '1', ...cols.map((c) => `${c} IS NOT NULL`)].join(' AND ');
      // Unqualified, the condition's columns are the subquery's own (f), as SQLite resolves them.
      const later = db
        .prepare<[], Record<string, unknown> & { rowid: number }>(
          `SELECT rowid AS rowid, * FROM ${table} t WHERE ${scope} AND rowid > (SELECT min(rowid) FROM ${table} f WHERE ${scope} AND ${cols.map((c) => `f.${c} = t.${c}`).join(' AND ')})`,
        )
        .all();
      const drop = db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
      for (const row of later) {
        const { rowid, ...values } = row;
        keptOut(table, String(values.id ?? rowid), `${table} (${cols.join(', ')}) = (${cols.map((c) => String(values[c])).join(', ')}) is another row's already (index ${i.name})`, values);
        drop.run(rowid);
      }
      db.exec(i.sql);
    }
  }
  // The figures from every row, with the indexes back to read them by, then their triggers.
  if (figures.length > 0) {
    addFigures(db);
    for (const t of figures) db.exec(t.sql);
  }
  db.exec('DELETE FROM join_snapshot_index');
  return all.length;
}

/** `CREATE UNIQUE INDEX name ON table (columns) [WHERE condition]` as the migrations write them. */
const UNIQUE_INDEX = /^CREATE UNIQUE INDEX \S+ ON (\w+) \(([\w\s,]+)\)(?: WHERE (.+))?$/s;

export const joinSnapshotStore = perDatabase((db: Db) => {
  const set = db.prepare<{ snapshot_id: string | null; mark: number | null; clock_high: string | null; tbl: string | null; after: string; done: number }>(
    `UPDATE join_snapshot SET snapshot_id = @snapshot_id, mark = @mark, clock_high = @clock_high, tbl = @tbl, after = @after, done = @done WHERE one = 1`,
  );
  const progress = db.prepare<[string | null, string]>('UPDATE join_snapshot SET tbl = ?, after = ? WHERE one = 1');
  const merges = db.prepare<[], { id: number }>('SELECT id FROM customer_merge WHERE undone_at IS NULL ORDER BY created_at, id');
  const foreignKeys = db.prepare<[string], { table: string }>('SELECT "table" FROM pragma_foreign_key_list(?)');
  return {
    set: (row: Omit<JoinSnapshotRow, 'pending' | 'code_hash'>) => set.run(row),
    /** The table being downloaded and its last key written, in the page's own transaction. */
    progress: (tbl: string | null, after: string) => progress.run(tbl, after),
    /** The merges standing, oldest first: each PC re-points the rows naming the merged-away customer itself. */
    activeMerges: () => merges.all().map((m) => m.id),
    /** The tables `table`'s foreign keys name. */
    parentsOf: (table: string) => foreignKeys.all(table).map((f) => f.table),
  };
});

