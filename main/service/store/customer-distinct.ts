/**
 * SQL of "not the same person" (migration 041): a manager's word that a proposed pair of customers
 * are two people (customer/distinct.ts). Journaled as a branch's fact; the pairs screen leaves out
 * every pair with a mark not undone.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface DistinctRow {
  id: number;
  company_id: number;
  branch_id: number;
  customer_a_id: number;
  customer_b_id: number;
  created_by: number;
  created_at: string;
  undone_by: number | null;
  undone_at: string | null;
}

export interface DistinctListRow extends DistinctRow {
  a_name: string;
  a_branch: string;
  b_name: string;
  b_branch: string;
  branch_name: string;
  created_by_name: string;
}

export const customerDistinct = perDatabase((db: Db) => {
  const byId = db.prepare<[number], DistinctRow>('SELECT * FROM customer_distinct WHERE id = ?');
  const activeOf = db.prepare<[number, number], DistinctRow>(
    'SELECT * FROM customer_distinct WHERE customer_a_id = ? AND customer_b_id = ? AND undone_at IS NULL LIMIT 1',
  );
  const activePairs = db.prepare<[number], { a: number; b: number }>(
    'SELECT customer_a_id AS a, customer_b_id AS b FROM customer_distinct WHERE company_id = ? AND undone_at IS NULL',
  );
  const insert = db.prepare(
    `INSERT INTO customer_distinct (id, company_id, branch_id, customer_a_id, customer_b_id, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @customer_a_id, @customer_b_id, @created_by, @created_at)`,
  );
  const markUndone = db.prepare('UPDATE customer_distinct SET undone_by = ?, undone_at = ? WHERE id = ? AND undone_at IS NULL');
  const list = db.prepare<[number, number], DistinctListRow>(
    `SELECT d.*, a.first_name || ' ' || a.last_name AS a_name, ab.name AS a_branch, x.first_name || ' ' || x.last_name AS b_name,
            xb.name AS b_branch, b.name AS branch_name, u.user_name AS created_by_name
       FROM customer_distinct d JOIN customer a ON a.id = d.customer_a_id JOIN branch ab ON ab.id = a.branch_id
       JOIN customer x ON x.id = d.customer_b_id JOIN branch xb ON xb.id = x.branch_id
       JOIN branch b ON b.id = d.branch_id JOIN app_user u ON u.id = d.created_by
      WHERE d.company_id = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ?`,
  );
  return {
    byId: (id: number) => byId.get(id),
    /** The mark not undone on the pair (a below b), if any. */
    activeOf: (a: number, b: number) => activeOf.get(a, b),
    /** Every pair of the company marked and not undone, as "a:b" with a below b. */
    activePairs: (companyId: number) => new Set(activePairs.all(companyId).map((p) => `${p.a}:${p.b}`)),
    insert: (row: Omit<DistinctRow, 'undone_by' | 'undone_at'>) => insert.run(row),
    markUndone: (id: number, by: { userId: number; at: string }) => markUndone.run(by.userId, by.at, id).changes,
    list: (companyId: number, limit: number) => list.all(companyId, limit),
  };
});
