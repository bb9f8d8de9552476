/**
 * Who receives what (migration 'audience'): a change's audience is the branches whose PCs must
 * receive it (null: every PC); a node's branches are those it serves (null: head office, which
 * receives everything). The one rule, `audienceFilter`, decides for the pull (over `change`) and a
 * snapshot (over `row_state`) alike. Also the followers of an order (branches that fetched it on
 * demand) and the fetch's read of an order's rows.
 */
import type pg from 'pg';
import { HASH_NOT_SENT } from '../../shared/sync.js';

type Queryable = pg.Pool | pg.PoolClient;

/**
 * The SQL condition "a node serving `branches` receives this row": `column` is the row's audience
 * (change.audience or row_state.audience), `branches` a bigint[] parameter ($n) holding the node's
 * branches, null for a head-office node.
 */
export const audienceFilter = (column: string, branches: string): string => `(${branches}::bigint[] IS NULL OR ${column} IS NULL OR ${column} && ${branches}::bigint[])`;

/**
 * A change's new values as a node serving `branches` receives them (a JSON expression over
 * `change` columns tbl, row_id, new_values): a user's password hash only at head office and at the
 * PCs of the user's branches (user_branch, or the user's own branch); elsewhere HASH_NOT_SENT.
 * `columns` names them otherwise, qualified (the expression has subqueries over row_state): over
 * row_state aliased r (a snapshot), { tbl: 'r.tbl', id: 'r.row_key', values: 'r.row_values' }.
 */
export const sentValues = (
  branches: string,
  notSent: string,
  columns: { tbl: string; id: string; values: string } = { tbl: 'tbl', id: 'row_id::text', values: 'new_values' },
): string => `CASE
  WHEN ${branches}::bigint[] IS NOT NULL AND ${columns.tbl} = 'app_user' AND ${columns.values} ? 'password_hash' AND NOT EXISTS (
         SELECT 1 FROM row_state u
          WHERE u.tbl = 'user_branch' AND NOT u.deleted AND u.row_values->>'user_id' = ${columns.id}
            AND (u.row_values->>'branch_id')::bigint = ANY (${branches}::bigint[])
         UNION ALL
         SELECT 1 FROM row_state a
          WHERE a.tbl = 'app_user' AND a.row_key = ${columns.id} AND (a.row_values->>'branch_id')::bigint = ANY (${branches}::bigint[]))
  THEN jsonb_set(${columns.values}, '{password_hash}', to_jsonb(${notSent}::text))
  ELSE ${columns.values} END`;

export const NOT_SENT_HASH = HASH_NOT_SENT;

/**
 * A user given one of the node's branches (a user_branch insert on the page, `shown`): right
 * after it, an update of the user carrying their current password hash (from row_state), so they
 * sign in at the branch's PC from then on, though the hash was kept from it when it was set.
 * Same columns as the page's rows, `part` 1 (after the change it follows).
 */
export const grantedHashes = (branches: string): string => `SELECT s.cursor, s.node_id, s.seq, s.hlc, s.at, s.user_id, s.branch_id, s.till, s.source,
              'app_user'::text, (s.new_values->>'user_id')::bigint, NULL::text, 'update'::text, NULL::jsonb,
              jsonb_build_object('password_hash', a.row_values->'password_hash'), 1
         FROM shown s JOIN row_state a ON a.tbl = 'app_user' AND a.row_key = s.new_values->>'user_id' AND NOT a.deleted AND a.row_values ? 'password_hash'
        WHERE ${branches}::bigint[] IS NOT NULL AND s.tbl = 'user_branch' AND s.op = 'insert' AND (s.new_values->>'branch_id')::bigint = ANY (${branches}::bigint[])`;

/** The branches that follow each of these orders (fetched them on demand). */
export async function followersOf(db: Queryable, orderIds: readonly number[]): Promise<Map<number, number[]>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ order_id: string; branches: string[] }>(
    'SELECT order_id, array_agg(branch_id ORDER BY branch_id) AS branches FROM order_follower WHERE order_id = ANY ($1::bigint[]) GROUP BY order_id',
    [orderIds],
  );
  return new Map(rows.map((row) => [Number(row.order_id), row.branches.map(Number)]));
}

/** The node's branches follow the order from now on. */
export async function follow(db: Queryable, orderId: number, branches: readonly number[], nodeId: number): Promise<void> {
  await db.query(
    'INSERT INTO order_follower (order_id, branch_id, node_id) SELECT $1, b, $3 FROM unnest($2::bigint[]) AS b ON CONFLICT DO NOTHING',
    [orderId, branches, nodeId],
  );
}

/** The order's id by its number, as the hub holds it (not deleted); null when it holds none. */
export async function orderIdByNo(db: Queryable, orderNo: string): Promise<number | null> {
  const { rows } = await db.query<{ row_key: string }>(
    "SELECT row_key FROM row_state WHERE tbl = 'sales_order' AND row_values->>'order_no' = $1 AND NOT deleted LIMIT 1",
    [orderNo],
  );
  return rows[0] ? Number(rows[0].row_key) : null;
}

export interface HeldRow {
  tbl: string;
  rowKey: string;
  nodeId: number;
  cursor: number;
  values: Record<string, unknown>;
  /** The clock time of the change that last wrote the row (null: that change is no longer in the log). */
  hlc: string | null;
  seq: number | null;
  at: string | null;
}

/** Tables whose rows name their order (sales_order_id), fetched with it. */
export const ORDER_CHILD_TABLES = ['sales_order_line', 'receipt', 'invoice', 'sales_return', 'credit_note', 'order_settlement'] as const;

/**
 * An order's rows as the hub holds them (not deleted): the order, the rows naming it, a return's
 * lines and a credit note's movements, parents before children. The rows' audience takes the
 * node's branches (so a snapshot of the rows a node holds includes them).
 */
export async function orderRows(db: Queryable, orderId: number, branches: readonly number[]): Promise<HeldRow[]> {
  const { rows } = await db.query<{ tbl: string; row_key: string; node_id: number; cursor: string; row_values: Record<string, unknown>; hlc: string | null; seq: string | null; at: string | null }>(
    `WITH own AS (
       SELECT r.*, 0 AS rank FROM row_state r WHERE r.tbl = 'sales_order' AND r.row_key = $1::text AND NOT r.deleted
       UNION ALL
       SELECT r.*, 1 FROM row_state r
        WHERE r.tbl = ANY ($3::text[]) AND r.row_values ? 'sales_order_id' AND r.row_values->>'sales_order_id' = $1::text AND NOT r.deleted
     ), family AS (
       SELECT * FROM own
       UNION ALL
       SELECT r.*, 2 FROM row_state r
        WHERE NOT r.deleted AND (
              (r.tbl = 'sales_return_line' AND r.row_values->>'sales_return_id' IN (SELECT row_key FROM own WHERE tbl = 'sales_return'))
           OR (r.tbl = 'credit_note_movement' AND r.row_values->>'credit_note_id' IN (SELECT row_key FROM own WHERE tbl = 'credit_note')))
     ), marked AS (
       UPDATE row_state r SET audience = ARRAY(SELECT DISTINCT b FROM unnest(r.audience || $2::bigint[]) AS b ORDER BY b)
         FROM family f WHERE r.tbl = f.tbl AND r.row_key = f.row_key AND r.audience IS NOT NULL
     )
     SELECT f.tbl, f.row_key, f.node_id, f.cursor, f.row_values, c.hlc, c.seq, c.at
       FROM family f LEFT JOIN change c ON c.cursor = f.cursor
      ORDER BY f.rank, f.tbl, f.cursor`,
    [orderId, branches, ORDER_CHILD_TABLES],
  );
  return rows.map((row) => ({
    tbl: row.tbl,
    rowKey: row.row_key,
    nodeId: row.node_id,
    cursor: Number(row.cursor),
    values: row.row_values,
    hlc: row.hlc,
    seq: row.seq === null ? null : Number(row.seq),
    at: row.at,
  }));
}

/** The branches of these codes (case as typed ignored), as the hub holds the branch table; unknown codes are left out. */
export async function branchesByCode(db: Queryable, codes: readonly string[]): Promise<Array<{ id: number; code: string }>> {
  const { rows } = await db.query<{ row_key: string; code: string }>(
    "SELECT row_key, row_values->>'code' AS code FROM row_state WHERE tbl = 'branch' AND NOT deleted AND upper(row_values->>'code') = ANY ($1::text[])",
    [codes.map((code) => code.toUpperCase())],
  );
  return rows.map((row) => ({ id: Number(row.row_key), code: row.code }));
}

/** Every branch code the hub holds (for a refusal naming them). */
export async function branchCodes(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>("SELECT row_values->>'code' AS code FROM row_state WHERE tbl = 'branch' AND NOT deleted ORDER BY 1");
  return rows.map((row) => row.code);
}

/** Sets the branches a node serves (null: all, head office). */
export async function setNodeBranches(db: Queryable, nodeId: number, branches: readonly number[] | null): Promise<void> {
  await db.query('UPDATE node SET branches = $2 WHERE id = $1', [nodeId, branches]);
}
