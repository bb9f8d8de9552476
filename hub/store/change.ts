/**
 * The `change` and `batch` tables (issue 15): what nodes pushed, in the order of the hub's
 * cursor. Pushes are applied under one advisory lock (PUSH_LOCK), so cursors are assigned and
 * committed in the same order and a reader that sees a cursor sees every smaller one.
 */
import type pg from 'pg';
import type { PulledChange, SyncChange } from '../../shared/sync.js';

/** pg_advisory_xact_lock key serialising every push ('hubp'). */
export const PUSH_LOCK = 0x68756270;

export async function lockPushes(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [PUSH_LOCK]);
}

export interface BatchRow {
  lastSeq: number;
  hash: string;
  /** The cursor of the batch's last change. */
  cursor: number;
}

export async function findBatch(client: pg.PoolClient, nodeId: number, lastSeq: number): Promise<BatchRow | null> {
  const { rows } = await client.query<{ hash: string; cursor: string }>(
    `SELECT b.hash, c.cursor FROM batch b JOIN change c ON c.node_id = b.node_id AND c.seq = b.last_seq
      WHERE b.node_id = $1 AND b.last_seq = $2`,
    [nodeId, lastSeq],
  );
  return rows[0] ? { lastSeq, hash: rows[0].hash, cursor: Number(rows[0].cursor) } : null;
}

/** Appends a node's changes in seq order; returns the last cursor assigned. */
export async function insertChanges(client: pg.PoolClient, nodeId: number, changes: readonly SyncChange[]): Promise<number> {
  return Math.max(...(await appendChanges(client, nodeId, changes)));
}

/** Appends a node's changes in seq order; returns the cursor assigned to each, in the changes' order. */
export async function appendChanges(client: pg.PoolClient, nodeId: number, changes: readonly SyncChange[]): Promise<number[]> {
  const json = (values: SyncChange['oldValues']) => (values === null ? null : JSON.stringify(values));
  const { rows } = await client.query<{ cursor: string; seq: string }>(
    `INSERT INTO change (node_id, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values)
     SELECT $1, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values::jsonb, new_values::jsonb
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::text[],
                   $10::bigint[], $11::text[], $12::text[], $13::text[], $14::text[])
            WITH ORDINALITY AS t (seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, n)
      ORDER BY n
     RETURNING cursor, seq`,
    [
      nodeId,
      changes.map((c) => c.seq),
      changes.map((c) => c.hlc),
      changes.map((c) => c.at),
      changes.map((c) => c.userId),
      changes.map((c) => c.branchId),
      changes.map((c) => c.till),
      changes.map((c) => c.source),
      changes.map((c) => c.tbl),
      changes.map((c) => c.rowId),
      changes.map((c) => c.rowKey),
      changes.map((c) => c.op),
      changes.map((c) => json(c.oldValues)),
      changes.map((c) => json(c.newValues)),
    ],
  );
  const cursorOf = new Map(rows.map((row) => [Number(row.seq), Number(row.cursor)]));
  return changes.map((change) => cursorOf.get(change.seq)!);
}

export async function insertBatch(client: pg.PoolClient, nodeId: number, firstSeq: number, lastSeq: number, hash: string): Promise<void> {
  await client.query('INSERT INTO batch (node_id, first_seq, last_seq, hash) VALUES ($1, $2, $3, $4)', [nodeId, firstSeq, lastSeq, hash]);
}

interface RawChange {
  cursor: string;
  node_id: number;
  seq: string;
  hlc: string;
  at: string;
  user_id: string | null;
  branch_id: string | null;
  till: string;
  source: string;
  tbl: string;
  row_id: string | null;
  row_key: string | null;
  op: PulledChange['op'];
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  top: string | null;
}

const num = (value: string | null) => (value === null ? null : Number(value));

export interface ChangePage {
  changes: PulledChange[];
  /** The highest cursor committed when the page was read (one snapshot with the page). */
  top: number;
}

/**
 * Up to `limit` changes of nodes other than `exceptNode` after `after`, in cursor order, read in
 * one statement (one snapshot) with the highest committed cursor.
 */
export async function changesAfter(
  db: pg.Pool,
  exceptNode: number,
  after: number,
  limit: number,
  /** A re-keyed node: the node it replaced, whose entries up to `upto` are its own too. */
  own: { node: number | null; upto: number } = { node: null, upto: 0 },
): Promise<ChangePage> {
  const { rows } = await db.query<RawChange>(
    `WITH top AS (SELECT max(cursor) AS top FROM change)
     SELECT c.cursor, c.node_id, c.seq, c.hlc, c.at, c.user_id, c.branch_id, c.till, c.source, c.tbl, c.row_id, c.row_key, c.op,
            c.old_values, c.new_values, top.top
       FROM top LEFT JOIN LATERAL (
              SELECT * FROM change
               WHERE cursor > $2 AND node_id <> $1 AND NOT (node_id IS NOT DISTINCT FROM $4 AND seq <= $5)
               ORDER BY cursor LIMIT $3
            ) c ON true
      ORDER BY c.cursor`,
    [exceptNode, after, limit, own.node, own.upto],
  );
  const top = Number(rows[0]?.top ?? 0);
  const changes = rows.filter((row) => row.cursor !== null).map(pulled);
  return { changes, top };
}

function pulled(row: RawChange): PulledChange {
  return {
    cursor: Number(row.cursor),
    nodeId: row.node_id,
    seq: Number(row.seq),
    hlc: row.hlc,
    at: row.at,
    userId: num(row.user_id),
    branchId: num(row.branch_id),
    till: row.till,
    source: row.source,
    tbl: row.tbl,
    rowId: num(row.row_id),
    rowKey: row.row_key,
    op: row.op,
    oldValues: row.old_values,
    newValues: row.new_values,
  };
}

/** Every node's changes after `after` and before `before` (at most `limit`), in cursor order: building the current rows from the log. */
export async function changesBetween(client: pg.PoolClient, after: number, before: number, limit: number): Promise<PulledChange[]> {
  const { rows } = await client.query<RawChange>(
    `SELECT cursor, node_id, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, NULL AS top
       FROM change WHERE cursor > $1 AND cursor < $2 ORDER BY cursor LIMIT $3`,
    [after, before, limit],
  );
  return rows.map(pulled);
}

/** Every change in cursor order (tests and checks). */
export async function allChanges(db: pg.Pool): Promise<PulledChange[]> {
  return (await changesAfter(db, 0, 0, Number.MAX_SAFE_INTEGER)).changes;
}

/** The clock times the hub holds for `nodeId`'s entries after `after` (at most `count`), in order. */
export async function heldTimes(db: pg.PoolClient, nodeId: number, after: number, count: number): Promise<Array<{ seq: number; hlc: string }>> {
  const { rows } = await db.query<{ seq: string; hlc: string }>(
    'SELECT seq, hlc FROM change WHERE node_id = $1 AND seq > $2 AND seq <= $2 + $3 ORDER BY seq',
    [nodeId, after, count],
  );
  return rows.map((row) => ({ seq: Number(row.seq), hlc: row.hlc }));
}
