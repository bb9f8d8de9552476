/**
 * The `stock_level` table (migration 'stock-levels'): each branch's stock per item and batch as
 * the fold adds up its movements (sync/stock-levels.ts), and the page of levels a branch PC pulls.
 */
import type pg from 'pg';
import type { StockLevel } from '../../shared/sync.js';

type Queryable = pg.Pool | pg.PoolClient;

/** What a run of folded movements does to one level: units added, and the expiry it states (if any). */
export interface LevelChange {
  itemId: number;
  branchId: number;
  batchNo: string;
  delta: number;
  /** The expiry the last stating movement named (null: none, a count that cleared it). */
  expiry: string | null;
  /** A movement of the run stated the expiry (a count, or one naming a date). */
  states: boolean;
}

/**
 * Adds the changes to their levels, as a PC's `stock_from_movement` trigger adds a movement to its
 * `stock` row, and marks every level it touched with `version` (the fold's mark). In the fold's
 * transaction.
 */
export async function addToLevels(client: pg.PoolClient, changes: readonly LevelChange[], version: number): Promise<void> {
  if (changes.length === 0) return;
  await client.query(
    `INSERT INTO stock_level (item_id, branch_id, batch_no, on_hand, expiry_date, version)
     SELECT item_id, branch_id, batch_no, delta, expiry_date, $7
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::boolean[]) AS c (item_id, branch_id, batch_no, delta, expiry_date, states)
     ON CONFLICT (item_id, branch_id, batch_no) DO UPDATE SET on_hand = stock_level.on_hand + excluded.on_hand, version = excluded.version`,
    [
      changes.map((c) => c.itemId),
      changes.map((c) => c.branchId),
      changes.map((c) => c.batchNo),
      changes.map((c) => c.delta),
      changes.map((c) => c.expiry),
      changes.map((c) => c.states),
      version,
    ],
  );
  const stated = changes.filter((c) => c.states);
  if (stated.length === 0) return;
  await client.query(
    `UPDATE stock_level s SET expiry_date = c.expiry_date
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS c (item_id, branch_id, batch_no, expiry_date)
      WHERE s.item_id = c.item_id AND s.branch_id = c.branch_id AND s.batch_no = c.batch_no`,
    [stated.map((c) => c.itemId), stated.map((c) => c.branchId), stated.map((c) => c.batchNo), stated.map((c) => c.expiry)],
  );
}

/** Where a PC's copy of the levels stands: the (version, item, branch, batch) of the last level it has. */
type LevelKey = [version: number, itemId: number, branchId: number, batchNo: string];

/** A `levelsAfter` as the PC sent it back ('' from the start); null when it is not one this hub wrote. */
export function readLevelKey(text: string): LevelKey | null {
  if (text === '') return [-1, 0, 0, ''];
  try {
    const key = JSON.parse(text) as unknown;
    if (Array.isArray(key) && key.length === 4 && key.slice(0, 3).every(Number.isSafeInteger) && typeof key[3] === 'string') return key as LevelKey;
  } catch {
    // Not JSON: refused below.
  }
  return null;
}

/**
 * The levels of branches other than `branches` changed after `after` and standing for no change
 * past `upto`, in (version, key) order, at most `limit`; `next` the place after the last (null: none came).
 */
export async function levelsPage(
  db: Queryable,
  after: LevelKey,
  upto: number,
  branches: readonly number[],
  limit: number,
): Promise<{ levels: StockLevel[]; next: string | null; full: boolean }> {
  const { rows } = await db.query<{ item_id: string; branch_id: string; batch_no: string; on_hand: string; expiry_date: string | null; version: string }>(
    `SELECT item_id, branch_id, batch_no, on_hand, expiry_date, version FROM stock_level
      WHERE (version, item_id, branch_id, batch_no) > ($1::bigint, $2::bigint, $3::bigint, $4::text) AND version <= $5
        AND branch_id <> ALL ($6::bigint[])
      ORDER BY version, item_id, branch_id, batch_no LIMIT $7`,
    [...after, upto, branches, limit],
  );
  const levels = rows.map((r) => ({ itemId: Number(r.item_id), branchId: Number(r.branch_id), batchNo: r.batch_no, onHand: Number(r.on_hand), expiryDate: r.expiry_date }));
  const last = rows.at(-1);
  const next = last ? JSON.stringify([Number(last.version), Number(last.item_id), Number(last.branch_id), last.batch_no]) : null;
  return { levels, next, full: rows.length === limit };
}
