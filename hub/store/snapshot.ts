/**
 * A joining PC's snapshot of the current rows (sync/snapshot.ts): every read of it runs on one
 * connection inside one REPEATABLE READ transaction, so every page of a join comes from the same
 * state of row_state, whatever pushes (and their folding) commit meanwhile, and the mark read with
 * them is the cursor that state stands for.
 */
import type pg from 'pg';
import { audienceFilter, NOT_SENT_HASH, sentValues } from './audience.js';
import type { NodeRow } from './node.js';

/** The tables a join reads page by page: the current rows, and the levels its pulls bring after. */
const JOIN_READS = ['row_state', 'stock_level'] as const;

/**
 * ANALYZE the tables a join reads where their statistics are stale by autovacuum's own rule (more
 * rows changed since the last ANALYZE than 50 and a tenth of the table); answers those analyzed.
 * Without them, right after a large push (head office's whole history, then a PC joins) the planner
 * took row_state for a few thousand rows and sorted every row of the table for each page: at
 * 100,000 orders, 0.5 s a page of orders instead of 0.15 s, and more the larger the chain.
 * Autovacuum comes to it within minutes; a join does not wait for that. ANALYZE reads a sample of
 * fixed size (about a second at half a million rows).
 */
export async function analyzeIfStale(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ relname: (typeof JOIN_READS)[number] }>(
    `SELECT relname FROM pg_stat_user_tables
      WHERE relname = ANY ($1::text[]) AND n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`,
    [JOIN_READS],
  );
  // Names from JOIN_READS only (the query keeps no other).
  for (const { relname } of rows) await pool.query(`ANALYZE ${relname}`);
  return rows.map((row) => row.relname);
}

/** Starts the read on this connection: the mark, and the latest clock time of the changes up to it. */
export async function beginSnapshot(client: pg.PoolClient): Promise<{ mark: number; clockHigh: string | null }> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows } = await client.query<{ mark: string }>('SELECT cursor AS mark FROM row_state_mark');
  const mark = Number(rows[0]!.mark);
  // A node's clock times rise with its seq: each node's latest entry up to the mark, found by index.
  // Changes the log no longer holds (retention) left their latest time in change_pruned.
  const { rows: high } = await client.query<{ hlc: string | null }>(
    `SELECT greatest(max(last.hlc), (SELECT hlc FROM change_pruned)) AS hlc
       FROM node n CROSS JOIN LATERAL (
              SELECT c.hlc FROM change c WHERE c.node_id = n.id AND c.cursor <= $1 ORDER BY c.seq DESC LIMIT 1
            ) last`,
    [mark],
  );
  return { mark, clockHigh: high[0]?.hlc ?? null };
}

export interface SnapshotPageJson {
  /** The page's rows as a JSON array of SnapshotRow, written by PostgreSQL. */
  json: string;
  count: number;
  /** The last row's key (null: none). */
  last: string | null;
  more: boolean;
}

/**
 * One page of a table's rows for `node`'s snapshot, in key order after `after`: the rows there
 * are, and a deleted row only where it keeps clock times (a late change of it loses to them at the
 * PC as it would at a PC that applied the whole log). Every row a node receives is chosen here,
 * from its node row: a branch PC only the rows meant for its branches (store/audience.ts, the
 * pull's own rule), and other branches' users without their password hashes.
 */
export async function snapshotPage(client: pg.PoolClient, node: NodeRow, tbl: string, after: string, limit: number): Promise<SnapshotPageJson> {
  const values = sentValues('$4', '$5', { tbl: 'r.tbl', id: 'r.row_key', values: 'r.row_values' });
  const { rows } = await client.query<{ n: string; last: string | null; json: string }>(
    `WITH page AS (
       SELECT r.row_key, ${values} AS row_values, r.col_hlc, r.deleted, r.cursor, r.node_id FROM row_state r
        WHERE r.tbl = $1 AND r.row_key > $2 AND (NOT r.deleted OR r.col_hlc <> '{}'::jsonb) AND ${audienceFilter('r.audience', '$4')}
        ORDER BY r.row_key LIMIT $3 + 1
     ), shown AS (SELECT * FROM page ORDER BY row_key LIMIT $3)
     SELECT (SELECT count(*) FROM page) AS n, (SELECT max(row_key) FROM shown) AS last,
            (SELECT coalesce(json_agg(json_build_object(
                      'key', row_key, 'values', CASE WHEN deleted THEN NULL ELSE row_values END, 'colHlc', col_hlc,
                      'cursor', cursor, 'nodeId', node_id) ORDER BY row_key), '[]')::text
               FROM shown) AS json`,
    [tbl, after, limit, node.branches, NOT_SENT_HASH],
  );
  const row = rows[0]!;
  const n = Number(row.n);
  return { json: row.json, count: Math.min(n, limit), last: row.last, more: n > limit };
}
