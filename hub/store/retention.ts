/**
 * The SQL of log retention (sync/retention.ts): how far every live node has pulled, the changes of
 * a range as archive lines, and removing a range with the batches it ends.
 */
import type pg from 'pg';

/**
 * Changes retention keeps whatever their age: the company's installation secret as head office's
 * PC set it, which a joining PC is given (sync/join.ts reads it from the log: it is each PC's own
 * setting, so row_state does not hold it). A pull never sees them again (they lie below its cursor).
 */
const removable = (c = '') => `NOT (${c}tbl = 'setting' AND ${c}row_key = '["installation_secret"]')`;

/** pg_advisory_lock key: one prune at a time ('hubr'). */
export const PRUNE_LOCK = 0x68756272;

export interface RetentionBounds {
  /** Changes up to this cursor were removed already. */
  pruned: number;
  /** row_state is built up to this cursor. */
  mark: number;
  /** The lowest cursor a live node (not re-keyed away, not revoked, that has pulled) has pulled up to; null: none has. */
  pulled: number | null;
  /** The live node furthest behind, with its name. */
  behind: { nodeId: number; name: string; pulledUpto: number; seenAt: string | null } | null;
}

export async function retentionBounds(db: pg.PoolClient | pg.Pool): Promise<RetentionBounds> {
  const { rows } = await db.query<{ pruned: string; mark: string; id: number | null; name: string | null; pulled_upto: string | null; seen_at: Date | null }>(
    `SELECT (SELECT cursor FROM change_pruned) AS pruned, (SELECT cursor FROM row_state_mark) AS mark, n.id, n.name, n.pulled_upto, n.seen_at
       FROM (SELECT 1) one LEFT JOIN LATERAL (
              SELECT id, name, pulled_upto, seen_at FROM node
               WHERE replaced_by IS NULL AND revoked_at IS NULL AND pulled_upto IS NOT NULL
               ORDER BY pulled_upto, id LIMIT 1
            ) n ON true`,
  );
  const row = rows[0]!;
  const behind = row.id === null ? null : { nodeId: row.id, name: row.name!, pulledUpto: Number(row.pulled_upto), seenAt: row.seen_at?.toISOString() ?? null };
  return { pruned: Number(row.pruned), mark: Number(row.mark), pulled: behind?.pulledUpto ?? null, behind };
}

/** The cursor of the `count`-th change after `after` (at most `upto`); `upto` when fewer lie between. */
export async function chunkEnd(db: pg.PoolClient, after: number, upto: number, count: number): Promise<number> {
  const { rows } = await db.query<{ last: string | null; n: string }>(
    `SELECT max(cursor) AS last, count(*) AS n FROM (SELECT cursor FROM change WHERE cursor > $1 AND cursor <= $2 AND ${removable()} ORDER BY cursor LIMIT $3) c`,
    [after, upto, count],
  );
  return Number(rows[0]!.n) < count ? upto : Number(rows[0]!.last);
}

/**
 * Up to `limit` changes after `after` and up to `upto`, each as one line of JSON (the members a
 * pull sends, and when the hub received it), in cursor order.
 */
export async function archiveLines(db: pg.PoolClient, after: number, upto: number, limit: number): Promise<Array<{ cursor: number; line: string }>> {
  const { rows } = await db.query<{ cursor: string; line: string }>(
    `SELECT cursor, json_build_object(
              'cursor', cursor, 'nodeId', node_id, 'seq', seq, 'hlc', hlc, 'at', at, 'userId', user_id, 'branchId', branch_id,
              'till', till, 'source', source, 'tbl', tbl, 'rowId', row_id, 'rowKey', row_key, 'op', op,
              'oldValues', old_values, 'newValues', new_values, 'receivedAt', received_at)::text AS line
       FROM change WHERE cursor > $1 AND cursor <= $2 AND ${removable()} ORDER BY cursor LIMIT $3`,
    [after, upto, limit],
  );
  return rows.map((row) => ({ cursor: Number(row.cursor), line: row.line }));
}

/**
 * Removes the changes after `after` up to `upto` and the batches ending in them, and moves
 * change_pruned to `upto`; answers how many changes went. In the caller's transaction.
 */
export async function removeChanges(client: pg.PoolClient, after: number, upto: number): Promise<number> {
  await client.query(
    `DELETE FROM batch b USING change c WHERE c.node_id = b.node_id AND c.seq = b.last_seq AND c.cursor > $1 AND c.cursor <= $2 AND ${removable('c.')}`,
    [after, upto],
  );
  // The latest clock time removed is kept: a snapshot's PC starts its clock past every time the log held.
  const { rows } = await client.query<{ n: string }>(
    `WITH gone AS (DELETE FROM change WHERE cursor > $1 AND cursor <= $2 AND ${removable()} RETURNING hlc)
     UPDATE change_pruned SET cursor = greatest(cursor, $2), hlc = greatest(hlc, (SELECT max(hlc) FROM gone))
     RETURNING (SELECT count(*) FROM gone) AS n`,
    [after, upto],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The cursor up to which the log was removed. */
export async function prunedUpto(db: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await db.query<{ cursor: string }>('SELECT cursor FROM change_pruned');
  return Number(rows[0]?.cursor ?? 0);
}
