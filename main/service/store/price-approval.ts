/** SQL for `price_approval`: a manager's approval of one price or discount at the till (migration 011). */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface PriceApprovalRow {
  id: number;
  company_id: number;
  branch_id: number;
  item_id: number;
  price: number;
  discount_bp: number | null;
  discount_amount: number | null;
  what: string;
  reason: string;
  requested_by: number;
  approved_by: number;
  approved_at: string;
  expires_at: string;
  used_at: string | null;
}

export const priceApprovals = perDatabase((db: Db) => {
  const insert = db.prepare<Omit<PriceApprovalRow, 'used_at'>>(
    `INSERT INTO price_approval (id, company_id, branch_id, item_id, price, discount_bp, discount_amount, what, reason, requested_by,
       approved_by, approved_at, expires_at)
     VALUES (@id, @company_id, @branch_id, @item_id, @price, @discount_bp, @discount_amount, @what, @reason, @requested_by,
       @approved_by, @approved_at, @expires_at)`,
  );
  const byId = db.prepare<[number, number], PriceApprovalRow>('SELECT * FROM price_approval WHERE id = ? AND company_id = ?');
  const use = db.prepare<[string, number]>('UPDATE price_approval SET used_at = ? WHERE id = ? AND used_at IS NULL');
  return {
    insert: (row: Omit<PriceApprovalRow, 'used_at'>) => insert.run(row),
    byId: (id: number, companyId: number) => byId.get(id, companyId),
    /** Marks it used; false when it already was (a second use of one approval). */
    use: (id: number, at: string) => use.run(at, id).changes === 1,
  };
});
