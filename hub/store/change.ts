/**
 * The `change` and `batch` tables (issue 15): what nodes pushed, in the order of the hub's
 * cursor. Pushes are applied under one advisory lock (PUSH_LOCK), so cursors are assigned and
 * committed in the same order and a reader that sees a cursor sees every smaller one.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PulledChange, SyncChange } from '../../shared/sync.js';
import { audienceFilter, grantedHashes, NOT_SENT_HASH, sentValues } from './audience.js';

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

/**
 * Appends a node's changes in seq order with one COPY (the rows in the order sent, so the cursors
 * follow seq); returns the last cursor assigned. The caller holds the push lock.
 */
export async function insertChanges(client: pg.PoolClient, nodeId: number, changes: readonly SyncChange[]): Promise<number> {
  return appendChanges(client, nodeId, changes);
}

/**
 * Appends a node's changes with one COPY, in the order sent (seq order, so the cursors follow
 * seq); returns the cursor assigned to the last (the identity's last value in this session: the
 * COPY drew every cursor in the changes' order). The caller holds the push lock.
 */
export async function appendChanges(client: pg.PoolClient, nodeId: number, changes: readonly SyncChange[]): Promise<number> {
  if (changes.length === 0) throw new Error('appendChanges: no changes');
  await pipeline(Readable.from([copyText(nodeId, changes)]), client.query(copyFrom(`COPY change (${COPY_COLUMNS}) FROM STDIN`)));
  const { rows } = await client.query<{ cursor: string }>(`SELECT currval(pg_get_serial_sequence('change', 'cursor')) AS cursor`);
  return Number(rows[0]!.cursor);
}

/** The columns copyText() writes, in its order. */
export const COPY_COLUMNS = 'node_id, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, audience';

/** The changes as COPY's text format: a line per change, a tab between columns, \N for null. */
export function copyText(nodeId: number, changes: readonly SyncChange[]): string {
  const node = String(nodeId);
  const lines: string[] = [];
  for (const c of changes) {
    lines.push(
      `${node}\t${c.seq}\t${field(c.hlc)}\t${field(c.at)}\t${numberField(c.userId)}\t${numberField(c.branchId)}\t${field(c.till)}\t${field(c.source)}\t${field(c.tbl)}\t${numberField(c.rowId)}\t${field(c.rowKey)}\t${field(c.op)}\t${jsonField(c.oldValues)}\t${jsonField(c.newValues)}\t${arrayField(c.audience)}\n`,
    );
  }
  return lines.join('');
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const field = (text: string | null) => (text === null ? '\\N' : SPECIAL.test(text) ? text.replace(SPECIALS, (ch) => ESCAPED[ch]!) : text);
const numberField = (n: number | null) => (n === null ? '\\N' : String(n));
/** A bigint[] in COPY's text format ({1,2}); absent or null: \N. */
const arrayField = (audience: SyncChange['audience']) => (audience === null || audience === undefined ? '\\N' : `{${audience.join(',')}}`);
const jsonField = (values: SyncChange['oldValues']) => (values === null ? '\\N' : field(JSON.stringify(values)));

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
  audience?: string[] | null;
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
    ...(row.audience !== undefined ? { audience: row.audience === null ? null : row.audience.map(Number) } : {}),
  };
}

/** Every node's changes after `after` and before `before` (at most `limit`), in cursor order: building the current rows from the log. */
export async function changesBetween(client: pg.PoolClient, after: number, before: number, limit: number): Promise<PulledChange[]> {
  const { rows } = await client.query<RawChange>(
    `SELECT cursor, node_id, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, audience, NULL AS top
       FROM change WHERE cursor > $1 AND cursor < $2 ORDER BY cursor LIMIT $3`,
    [after, before, limit],
  );
  return rows.map(pulled);
}

export interface ChangePageJson {
  /** The page's changes as a JSON array of PulledChange, written by PostgreSQL. */
  json: string;
  count: number;
  /** The last change's cursor (null: none). */
  last: number | null;
  /** More changes wait after the page. */
  more: boolean;
  /** The highest cursor committed when the page was read (one snapshot with the page). */
  top: number;
  /**
   * For a node of some branches: the cursor up to which the log was looked through (the page may
   * hold none of the changes before it, all for other branches); the pull goes on after it.
   */
  scannedTo: number | null;
}

/**
 * At most this many cursors are looked through for one page of a node that serves some branches:
 * a PC of one branch in fifty passes over most changes, and a page that finds none of its own in
 * this many answers at once (empty, `next` past them) rather than read the log to its end.
 */
export const SCAN_WINDOW = 100_000;

/**
 * changesAfter() as the pull answers it: the same page (up to `limit` changes, one snapshot with
 * the highest cursor) written as JSON by PostgreSQL itself, so the hub neither parses each change's
 * values into objects nor writes them out again. For a node serving `branches` (null: head office,
 * everything), only the changes meant for them (store/audience.ts), with users' password hashes
 * only of their own users, and only the changes row_state is folded up to (`top` is then the mark):
 * the hashes are decided from it.
 */
export async function changePageJson(
  db: pg.Pool,
  exceptNode: number,
  after: number,
  limit: number,
  own: { node: number | null; upto: number } = { node: null, upto: 0 },
  branches: readonly number[] | null = null,
): Promise<ChangePageJson> {
  const window = branches === null ? null : after + SCAN_WINDOW;
  const { rows } = await db.query<{ top: string | null; n: string; last: string | null; json: string }>(
    `WITH upto AS (
       -- A node of some branches reads no further than row_state is folded: whose password hash
       -- it is sent is decided from row_state (sentValues, grantedHashes).
       SELECT CASE WHEN $6::bigint[] IS NULL THEN (SELECT max(cursor) FROM change) ELSE least((SELECT max(cursor) FROM change), (SELECT cursor FROM row_state_mark)) END AS top
     ), page AS (
       SELECT * FROM change
        WHERE cursor > $2 AND cursor <= (SELECT top FROM upto) AND node_id <> $1 AND NOT (node_id IS NOT DISTINCT FROM $4 AND seq <= $5)
          AND ($7::bigint IS NULL OR cursor <= $7) AND ${audienceFilter('audience', '$6')}
        ORDER BY cursor LIMIT $3 + 1
     ), shown AS (SELECT * FROM page ORDER BY cursor LIMIT $3),
     sent AS (
       SELECT cursor, node_id, seq, hlc, at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values,
              ${sentValues('$6', '$8')} AS new_values, 0 AS part
         FROM shown
       UNION ALL
       ${grantedHashes('$6')}
     )
     SELECT (SELECT top FROM upto) AS top, (SELECT count(*) FROM page) AS n, (SELECT max(cursor) FROM shown) AS last,
            (SELECT coalesce(json_agg(json_build_object(
                      'cursor', cursor, 'nodeId', node_id, 'seq', seq, 'hlc', hlc, 'at', at, 'userId', user_id,
                      'branchId', branch_id, 'till', till, 'source', source, 'tbl', tbl, 'rowId', row_id, 'rowKey', row_key,
                      'op', op, 'oldValues', old_values, 'newValues', new_values) ORDER BY cursor, part), '[]')::text
               FROM sent) AS json`,
    [exceptNode, after, limit, own.node, own.upto, branches, window, NOT_SENT_HASH],
  );
  const row = rows[0]!;
  const n = Number(row.n);
  const top = Number(row.top ?? 0);
  return { json: row.json, count: Math.min(n, limit), last: num(row.last), more: n > limit, top, scannedTo: window === null ? null : Math.min(window, top) };
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
