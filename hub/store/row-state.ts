/**
 * The `row_state` table (migration 'row-state'): the current rows of every synced table, as
 * sync/row-state.ts folds the changes into them. Read and written a batch at a time: one
 * statement reads every row a batch touches, one writes them all back (INSERT … ON CONFLICT) and
 * moves `row_state_mark` to the batch's last cursor, so the rows are always the log folded up to
 * the mark, in the same transaction as the changes.
 */
import type pg from 'pg';

export interface RowState {
  tbl: string;
  rowKey: string;
  /** The node and cursor of the change that last changed the row. */
  nodeId: number;
  cursor: number;
  /** The row's own branch_id column, where it has one. */
  branchId: number | null;
  values: Record<string, unknown>;
  /** Column → the clock time that last won it ('*': an examination's time, on its header). */
  colHlc: Record<string, string>;
  deleted: boolean;
  /** The branches whose PCs hold the row: its changes' audiences together (null: every PC). */
  audience: number[] | null;
}

interface RawRow {
  tbl: string;
  row_key: string;
  node_id: number;
  cursor: string;
  branch_id: string | null;
  row_values: Record<string, unknown>;
  col_hlc: Record<string, string>;
  deleted: boolean;
  audience: string[] | null;
}

const rowOf = (row: RawRow): RowState => ({
  tbl: row.tbl,
  rowKey: row.row_key,
  nodeId: row.node_id,
  cursor: Number(row.cursor),
  branchId: row.branch_id === null ? null : Number(row.branch_id),
  values: row.row_values,
  colHlc: row.col_hlc,
  deleted: row.deleted,
  audience: row.audience === null ? null : row.audience.map(Number),
});

/** The rows held for these (table, key) pairs; absent ones are not in the answer. */
export async function loadRows(client: pg.PoolClient, keys: ReadonlyArray<{ tbl: string; rowKey: string }>): Promise<RowState[]> {
  if (keys.length === 0) return [];
  const { rows } = await client.query<RawRow>(
    `SELECT r.tbl, r.row_key, r.node_id, r.cursor, r.branch_id, r.row_values, r.col_hlc, r.deleted, r.audience
       FROM unnest($1::text[], $2::text[]) AS k (tbl, row_key)
       JOIN row_state r ON r.tbl = k.tbl AND r.row_key = k.row_key`,
    [keys.map((k) => k.tbl), keys.map((k) => k.rowKey)],
  );
  return rows.map(rowOf);
}

/**
 * Writes the rows (inserted or replaced whole) and moves the mark to `mark`, in one statement. The
 * rows travel as one JSON document (jsonb_to_recordset): parsed once, where arrays of JSON texts
 * would be escaped and parsed twice.
 */
export async function saveRows(client: pg.PoolClient, rows: readonly RowState[], mark: number): Promise<void> {
  const doc = rows.map((r) => ({
    tbl: r.tbl,
    row_key: r.rowKey,
    node_id: r.nodeId,
    cursor: r.cursor,
    branch_id: r.branchId,
    row_values: r.values,
    col_hlc: r.colHlc,
    deleted: r.deleted,
    audience: r.audience,
  }));
  await client.query(
    `WITH saved AS (
       INSERT INTO row_state (tbl, row_key, node_id, cursor, branch_id, row_values, col_hlc, deleted, audience)
       SELECT tbl, row_key, node_id, cursor, branch_id, row_values, col_hlc, deleted, audience
         FROM jsonb_to_recordset($1::jsonb)
              AS t (tbl text, row_key text, node_id int, cursor bigint, branch_id bigint, row_values jsonb, col_hlc jsonb, deleted boolean, audience bigint[])
       ON CONFLICT (tbl, row_key) DO UPDATE SET
         node_id = excluded.node_id, cursor = excluded.cursor, branch_id = excluded.branch_id,
         row_values = excluded.row_values, col_hlc = excluded.col_hlc, deleted = excluded.deleted, audience = excluded.audience
     )
     UPDATE row_state_mark SET cursor = greatest(cursor, $2)`,
    [JSON.stringify(doc), mark],
  );
}

/** The cursor up to which row_state is built, and the log's last cursor before `before`. */
export async function markAndLog(client: pg.PoolClient, before: number = Number.MAX_SAFE_INTEGER): Promise<{ mark: number; top: number }> {
  const { rows } = await client.query<{ mark: string; top: string | null }>(
    'SELECT (SELECT cursor FROM row_state_mark) AS mark, (SELECT max(cursor) FROM change WHERE cursor < $1) AS top',
    [before],
  );
  return { mark: Number(rows[0]!.mark), top: Number(rows[0]!.top ?? 0) };
}

export interface RowPage {
  rows: Array<{ rowKey: string; branchId: number | null; values: Record<string, unknown>; cursor: number }>;
  /** The mark when the page was read: the rows are the log folded up to this cursor. */
  mark: number;
}

/** A table's current rows (not deleted), of one branch or every one, in key order after `after`. */
export async function tableRows(db: pg.Pool, tbl: string, branchId: number | null, after: string, limit: number): Promise<RowPage> {
  const { rows } = await db.query<RawRow & { mark: string }>(
    `SELECT r.tbl, r.row_key, r.node_id, r.cursor, r.branch_id, r.row_values, r.col_hlc, r.deleted, r.audience, (SELECT cursor FROM row_state_mark) AS mark
       FROM row_state r
      WHERE r.tbl = $1 AND NOT r.deleted AND ($2::bigint IS NULL OR r.branch_id = $2) AND r.row_key > $3
      ORDER BY r.row_key LIMIT $4`,
    [tbl, branchId, after, limit],
  );
  const mark = rows[0]
    ? Number(rows[0].mark)
    : Number((await db.query<{ cursor: string }>('SELECT cursor FROM row_state_mark')).rows[0]!.cursor);
  return { rows: rows.map(rowOf).map((r) => ({ rowKey: r.rowKey, branchId: r.branchId, values: r.values, cursor: r.cursor })), mark };
}

/** Every row held, deleted ones too (tests and checks). */
export async function allRows(db: pg.Pool): Promise<RowState[]> {
  const { rows } = await db.query<RawRow>('SELECT tbl, row_key, node_id, cursor, branch_id, row_values, col_hlc, deleted, audience FROM row_state ORDER BY tbl, row_key');
  return rows.map(rowOf);
}

/** Rows of these tables (not deleted) whose customer_id is `customerId`: a customer merge moves them (sync/merge-fold.ts). */
export async function rowsNamingCustomer(client: pg.PoolClient, tables: readonly string[], customerId: number): Promise<RowState[]> {
  const { rows } = await client.query<RawRow>(
    `SELECT tbl, row_key, node_id, cursor, branch_id, row_values, col_hlc, deleted, audience FROM row_state
      WHERE tbl = ANY($1::text[]) AND NOT deleted AND row_values->'customer_id' = to_jsonb($2::bigint)`,
    [tables, customerId],
  );
  return rows.map(rowOf);
}

/** The customer_merge rows (not undone) that merged `mergedId` away. */
export async function mergesOf(client: pg.PoolClient, mergedId: number): Promise<RowState[]> {
  const { rows } = await client.query<RawRow>(
    `SELECT tbl, row_key, node_id, cursor, branch_id, row_values, col_hlc, deleted, audience FROM row_state
      WHERE tbl = 'customer_merge' AND NOT deleted AND row_values->'merged_id' = to_jsonb($1::bigint)`,
    [mergedId],
  );
  return rows.map(rowOf);
}

/** The rows a merge moved (row_state_merge_row), for its undo. */
export async function mergeMoved(client: pg.PoolClient, mergeId: number): Promise<Array<{ tbl: string; rowKey: string }>> {
  const { rows } = await client.query<{ tbl: string; row_key: string }>('SELECT tbl, row_key FROM row_state_merge_row WHERE merge_id = $1', [mergeId]);
  return rows.map((row) => ({ tbl: row.tbl, rowKey: row.row_key }));
}

/** Notes the rows merges moved, and forgets those of undone merges. */
export async function saveMergeMoves(client: pg.PoolClient, moved: ReadonlyArray<{ mergeId: number; tbl: string; rowKey: string }>, undone: readonly number[]): Promise<void> {
  if (undone.length > 0) await client.query('DELETE FROM row_state_merge_row WHERE merge_id = ANY($1::bigint[])', [undone]);
  if (moved.length === 0) return;
  await client.query(
    `INSERT INTO row_state_merge_row (merge_id, tbl, row_key)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [moved.map((m) => m.mergeId), moved.map((m) => m.tbl), moved.map((m) => m.rowKey)],
  );
}
