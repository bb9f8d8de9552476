/**
 * SQL of branch sync (issue 15, migration 018, main/service/sync/): the worker's state, the
 * outbox read from the journal, the dead letters, the last-writer-wins clocks, and the generic
 * row writes that apply a pulled change to any table. Table and column names in the generic
 * writes come from the schema itself (PRAGMA table_info), never from the change as sent.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { listOf } from './rows.js';
import type { JournalRow } from './journal.js';
import type { StockLevel } from '../../../shared/sync.js';

export interface SyncStateRow {
  acked_seq: number;
  pull_cursor: number;
  last_success_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  stopped_reason: string | null;
  pending_batch: string | null;
  head_office: string;
  /** The clock as the last pulled page left it: where a restart starts it from (db/journal.ts). */
  clock_high: string | null;
  /** Where this PC's copy of other branches' stock levels stands at the hub ('' none yet). */
  levels_after: string;
}

/** A journal entry as the outbox sends it: the journal's row with its clock time, without the user's name. */
export type OutboxRow = Omit<JournalRow, 'user_name'> & { hlc: string };

export interface DeadLetterRow {
  id: number;
  cursor: number;
  node_id: number;
  seq: number;
  tbl: string;
  op: string;
  row_ref: string | null;
  reason: string;
  at: string;
}

export interface TableShape {
  columns: ReadonlySet<string>;
  /** The primary key's columns in key order (a table without one: every column). */
  key: readonly string[];
}

/**
 * sync_clock's column for a row's own time: the time of every column of the row that has no row
 * of its own. A join writes it for the time most of a row's columns share (they were written by
 * one change, usually its insert), and a row only for each column written since; what
 * clockOf answers is the same as with a row per column, in a fraction of the rows.
 */
export const ROW_CLOCK = '';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const NO_COLUMNS: readonly string[] = [];

export const syncStore = perDatabase((db: Db) => {
  const state = db.prepare<[], SyncStateRow>('SELECT * FROM sync_state WHERE id = 1');
  const stopped = db.prepare<[], { stopped_reason: string | null }>('SELECT stopped_reason FROM sync_state WHERE id = 1');
  // A batch of up to 2,000 entries, read on the thread the tills' sales wait on: as arrays made into
  // objects, which store/rows.ts measures.
  const outbox = listOf(
    db.prepare<[number, number], OutboxRow>(
      `SELECT seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values
         FROM journal WHERE seq > ? ORDER BY seq LIMIT ?`,
    ),
  );
  const waiting = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM journal WHERE seq > ?');
  const journalTimes = db.prepare<[number], { seq: number; hlc: string }>('SELECT seq, hlc FROM journal WHERE seq > ? ORDER BY seq');
  const passwordHash = db.prepare<[number], { password_hash: string }>('SELECT password_hash FROM app_user WHERE id = ?');
  const deadLetter = db.prepare(
    `INSERT INTO sync_dead_letter (cursor, node_id, seq, tbl, op, row_ref, reason, change, at)
     VALUES (@cursor, @node_id, @seq, @tbl, @op, @row_ref, @reason, @change, @at)`,
  );
  const deadLetters = db.prepare<[number], DeadLetterRow>(
    'SELECT id, cursor, node_id, seq, tbl, op, row_ref, reason, at FROM sync_dead_letter ORDER BY id DESC LIMIT ?',
  );
  const deadCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sync_dead_letter');
  // A column's own time, else its row's (col ROW_CLOCK: a joined row's columns written together).
  const clockOf = db.prepare<[string, string, string], { hlc: string }>(
    `SELECT hlc FROM sync_clock WHERE tbl = ? AND row_ref = ? AND col IN (?, '${ROW_CLOCK}') ORDER BY col = '${ROW_CLOCK}' LIMIT 1`,
  );
  const setClock = db.prepare<[string, string, string, string]>(
    `INSERT INTO sync_clock (tbl, row_ref, col, hlc) VALUES (?, ?, ?, ?)
     ON CONFLICT (tbl, row_ref, col) DO UPDATE SET hlc = excluded.hlc WHERE excluded.hlc > sync_clock.hlc`,
  );
  // The latest time this node itself wrote the column (an insert writes every column).
  const localColumnHlc = db.prepare<{ tbl: string; rowId: number | null; rowKey: string | null; path: string }, { hlc: string | null }>(
    `SELECT max(hlc) AS hlc FROM journal
      WHERE tbl = @tbl AND row_id IS @rowId AND row_key IS @rowKey
        AND (op IN ('insert', 'delete') OR json_type(new_values, @path) IS NOT NULL)`,
  );
  const localRowHlc = db.prepare<{ tbl: string; rowId: number | null; rowKey: string | null }, { hlc: string | null }>(
    'SELECT max(hlc) AS hlc FROM journal WHERE tbl = @tbl AND row_id IS @rowId AND row_key IS @rowKey',
  );
  // An examination's own time: the newest entry of its header or of its Rx rows written here.
  const localDocumentHlc = db.prepare<{ id: number; prefix: string }, { hlc: string | null }>(
    `SELECT max(hlc) AS hlc FROM journal
      WHERE (tbl = 'customer_eye_info' AND row_id = @id) OR (tbl = 'customer_eye_rx' AND substr(row_key, 1, length(@prefix)) = @prefix)`,
  );
  // Keeps the newest change time per node and branch (migration 039).
  const heard = db.prepare<{ node: number; branch: number; at: string; received: string }>(
    `INSERT INTO sync_heard (node_id, branch_id, last_at, received_at) VALUES (@node, @branch, @at, @received)
     ON CONFLICT (node_id, branch_id) DO UPDATE SET last_at = excluded.last_at, received_at = excluded.received_at
     WHERE excluded.last_at > sync_heard.last_at`,
  );
  // When each node last reached the hub, as the hub said (migration 042).
  const seen = db.prepare<{ node: number; at: string }>(
    `INSERT INTO sync_seen (node_id, seen_at) VALUES (@node, @at)
     ON CONFLICT (node_id) DO UPDATE SET seen_at = excluded.seen_at WHERE excluded.seen_at > sync_seen.seen_at`,
  );
  const newestSeen = db.prepare<[], { at: string | null }>('SELECT max(seen_at) AS at FROM sync_seen');
  const shapes = new Map<string, TableShape | null>();
  const writes = new Map<string, ReturnType<Db['prepare']>>();
  const prepared = (sql: string) => {
    let statement = writes.get(sql);
    if (!statement) writes.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const where = (shape: TableShape) => shape.key.map((c) => `${q(c)} IS ?`).join(' AND ');
  // A pulled page writes thousands of rows of a few shapes: each statement is prepared once per
  // table, kind and column set, and bound by position. Found again per row by comparing the column
  // names with those of the table's statements of that kind (a few), not by a key built per row.
  const rowWrites = new Map<string, Array<{ cols: readonly string[]; statement: ReturnType<Db['prepare']> }>>();
  const rowWrite = (kind: string, table: string, cols: readonly string[], sql: () => string) => {
    const name = `${kind} ${table}`;
    let made = rowWrites.get(name);
    if (!made) rowWrites.set(name, (made = []));
    next: for (const known of made) {
      if (known.cols.length !== cols.length) continue;
      for (let i = 0; i < cols.length; i++) if (known.cols[i] !== cols[i]) continue next;
      return known.statement;
    }
    const statement = db.prepare(sql());
    made.push({ cols, statement });
    return statement;
  };

  const upsertOf = (table: string, shape: TableShape, cols: readonly string[]) =>
    rowWrite('upsert', table, cols, () => {
      const rest = cols.filter((c) => !shape.key.includes(c));
      return (
        `INSERT INTO ${q(table)} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})` +
        ` ON CONFLICT (${shape.key.map(q).join(', ')}) DO ${rest.length ? `UPDATE SET ${rest.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}` : 'NOTHING'}`
      );
    });
  // Another branch's stock as the hub adds it up (a branch PC holds only its own branches' movements);
  // one of an item or branch this store lacks yet is left for the join or a later level.
  const setLevel = db.prepare<StockLevel>(
    `INSERT INTO stock (item_id, branch_id, batch_no, expiry_date, on_hand)
     SELECT @itemId, @branchId, @batchNo, @expiryDate, @onHand
      WHERE EXISTS (SELECT 1 FROM item WHERE id = @itemId) AND EXISTS (SELECT 1 FROM branch WHERE id = @branchId)
     ON CONFLICT (item_id, branch_id, batch_no) DO UPDATE SET on_hand = excluded.on_hand, expiry_date = excluded.expiry_date`,
  );
  const setClocks = db.prepare<[string]>(
    `INSERT INTO sync_clock (tbl, row_ref, col, hlc) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?) WHERE true
     ON CONFLICT (tbl, row_ref, col) DO UPDATE SET hlc = excluded.hlc WHERE excluded.hlc > sync_clock.hlc`,
  );

  return {
    state: () => state.get()!,
    /** Why sync is stopped (the store must be re-keyed), or null; read on every id minted. */
    stoppedReason: () => stopped.get()?.stopped_reason ?? null,
    /** Sets the given columns of the one state row. */
    setState(patch: Partial<SyncStateRow>) {
      const keys = Object.keys(patch);
      if (keys.length === 0) return;
      prepared(`UPDATE sync_state SET ${keys.map((k) => `${q(k)} = @${k}`).join(', ')} WHERE id = 1`).run(patch);
    },
    outbox: (afterSeq: number, limit: number) => outbox(afterSeq, limit),
    waiting: (afterSeq: number) => waiting.get(afterSeq)!.n,
    /** Every journal entry's clock time after `afterSeq`, in order (a re-key compares them with the hub's). */
    journalTimes: (afterSeq: number) => journalTimes.all(afterSeq),
    passwordHash: (userId: number) => passwordHash.get(userId)?.password_hash ?? null,
    deadLetter: (row: Omit<DeadLetterRow, 'id'> & { change: string }) => deadLetter.run(row),
    deadLetters: (limit: number) => deadLetters.all(limit),
    /** A change of `node` for `branch` made at `at` was pulled or acknowledged at `received`; the newest is kept. */
    heard: (node: number, branch: number, at: string, received: string) => heard.run({ node, branch, at, received }),
    seen: (node: number, at: string) => seen.run({ node, at }),
    /** Another branch's stock of an item and batch, as the hub sent it: it stands as given. */
    setLevel: (level: StockLevel) => setLevel.run(level),
    /** The newest last contact the hub told of (a pull asks only for newer ones), or null. */
    newestSeen: () => newestSeen.get()?.at ?? null,
    deadLetterCount: () => deadCount.get()!.n,
    clockOf: (tbl: string, rowRef: string, col: string) => clockOf.get(tbl, rowRef, col)?.hlc ?? null,
    setClock: (tbl: string, rowRef: string, col: string, hlc: string) => setClock.run(tbl, rowRef, col, hlc),
    localColumnHlc: (tbl: string, rowId: number | null, rowKey: string | null, col: string) =>
      localColumnHlc.get({ tbl, rowId, rowKey, path: `$.${JSON.stringify(col)}` })?.hlc ?? null,
    localDocumentHlc: (id: number) => localDocumentHlc.get({ id, prefix: `[${id},` })?.hlc ?? null,
    localRowHlc: (tbl: string, rowId: number | null, rowKey: string | null) => localRowHlc.get({ tbl, rowId, rowKey })?.hlc ?? null,

    /** The table's columns and key, or null when this store has no such table. */
    shape(table: string): TableShape | null {
      if (shapes.has(table)) return shapes.get(table)!;
      const columns = db.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(table) as Array<{ name: string; pk: number }>;
      const shape =
        columns.length === 0
          ? null
          : {
              columns: new Set(columns.map((c) => c.name)),
              key: (columns.some((c) => c.pk > 0) ? columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk) : columns).map((c) => c.name),
            };
      shapes.set(table, shape);
      return shape;
    },
    exists(table: string, shape: TableShape, key: Record<string, unknown>): boolean {
      return rowWrite('exists', table, NO_COLUMNS, () => `SELECT 1 FROM ${q(table)} WHERE ${where(shape)}`).get(keyValues(shape, key)) !== undefined;
    },
    /**
     * Inserts the row (its key and the given values; a key column among the values takes the
     * key's value), or sets the given columns when it is there already.
     */
    upsert(table: string, shape: TableShape, key: Record<string, unknown>, values: Record<string, unknown>) {
      const cols: string[] = [];
      const args: unknown[] = [];
      for (const c in values) {
        if (Object.hasOwn(key, c)) continue;
        cols.push(c);
        args.push(values[c]);
      }
      for (const c in key) {
        cols.push(c);
        args.push(key[c]);
      }
      return upsertOf(table, shape, cols).run(args).changes;
    },
    /**
     * upsert's statement for rows of these columns (the values' first, then the key's), to run
     * with their values in that order: a join writes thousands of rows of one shape.
     */
    upserter(table: string, shape: TableShape, cols: readonly string[]): (args: unknown[]) => void {
      const statement = upsertOf(table, shape, cols);
      return (args) => void statement.run(args);
    },
    /** setClock for many at once: a JSON array of [table, row_ref, col, hlc], in one statement. */
    setClocks: (clocks: string) => setClocks.run(clocks),
    update(table: string, shape: TableShape, key: Record<string, unknown>, values: Record<string, unknown>) {
      const cols = Object.keys(values);
      if (cols.length === 0) return 1;
      const statement = rowWrite('update', table, cols, () => `UPDATE ${q(table)} SET ${cols.map((c) => `${q(c)} = ?`).join(', ')} WHERE ${where(shape)}`);
      return statement.run([...Object.values(values), ...keyValues(shape, key)]).changes;
    },
    remove(table: string, shape: TableShape, key: Record<string, unknown>) {
      return rowWrite('remove', table, NO_COLUMNS, () => `DELETE FROM ${q(table)} WHERE ${where(shape)}`).run(keyValues(shape, key)).changes;
    },
  };
});

/** The key's values in the key's column order (the `?` of where()). */
function keyValues(shape: TableShape, key: Record<string, unknown>): unknown[] {
  return shape.key.map((c) => key[c] ?? null);
}
