/**
 * SQL for `supplier_return` and its lines (migration 030): goods sent back to a supplier, printed
 * as a debit note. The stock leaves by `supplier_return` movements naming the return.
 */
import type { Db } from '../db/database.js';
import type { GstFigures } from './goods-receipt.js';
import { perDatabase } from './per-database.js';
import { statementCache } from './statement-cache.js';

export type ReturnReason = 'damaged' | 'wrong_power' | 'wrong_item' | 'expired' | 'other';

export interface NewSupplierReturn extends GstFigures {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  debit_note_no: string;
  return_date: string;
  supplier_id: number;
  goods_receipt_id: number | null;
  intra_state: number;
  total: number;
  remarks: string | null;
  created_by: number;
  created_at: string;
}

export interface NewSupplierReturnLine extends GstFigures {
  id: number;
  supplier_return_id: number;
  line_no: number;
  item_id: number;
  batch_no: string;
  qty: number;
  unit_cost: number;
  reason: ReturnReason;
  rate_bp: number;
}

export interface SupplierReturnRow extends NewSupplierReturn {
  supplier_name: string;
  supplier_gstin: string | null;
  gr_no: string | null;
  supplier_invoice_no: string | null;
  created_by_name: string;
  qty: number;
}

export interface SupplierReturnLineRow extends NewSupplierReturnLine {
  item_code: string;
  item_name: string;
  hsn_code: string | null;
}

const COLUMNS = `r.*, s.name AS supplier_name, s.gstin AS supplier_gstin, g.gr_no, g.supplier_invoice_no, u.full_name AS created_by_name,
  (SELECT coalesce(sum(l.qty), 0) FROM supplier_return_line l WHERE l.supplier_return_id = r.id) AS qty`;
const FROM = `FROM supplier_return r JOIN supplier s ON s.id = r.supplier_id JOIN app_user u ON u.id = r.created_by
  LEFT JOIN goods_receipt g ON g.id = r.goods_receipt_id`;

export const supplierReturns = perDatabase((db: Db) => {
  const insert = db.prepare<NewSupplierReturn>(
    `INSERT INTO supplier_return (id, company_id, branch_id, year_id, debit_note_no, return_date, supplier_id, goods_receipt_id, intra_state,
       taxable, cgst, sgst, igst, total, remarks, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @debit_note_no, @return_date, @supplier_id, @goods_receipt_id, @intra_state,
       @taxable, @cgst, @sgst, @igst, @total, @remarks, @created_by, @created_at)`,
  );
  const insertLine = db.prepare<NewSupplierReturnLine>(
    `INSERT INTO supplier_return_line (id, supplier_return_id, line_no, item_id, batch_no, qty, unit_cost, reason, taxable, rate_bp, cgst, sgst, igst)
     VALUES (@id, @supplier_return_id, @line_no, @item_id, @batch_no, @qty, @unit_cost, @reason, @taxable, @rate_bp, @cgst, @sgst, @igst)`,
  );
  const byId = db.prepare<[number, number], SupplierReturnRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = ? AND r.company_id = ?`);
  const lines = db.prepare<[number], SupplierReturnLineRow>(
    `SELECT l.*, i.code AS item_code, i.name AS item_name, i.hsn_code FROM supplier_return_line l JOIN item i ON i.id = l.item_id
     WHERE l.supplier_return_id = ? ORDER BY l.line_no`,
  );
  return {
    insert: (row: NewSupplierReturn) => insert.run(row),
    insertLine: (row: NewSupplierReturnLine) => insertLine.run(row),
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    lines: (id: number) => lines.all(id),
    list(f: { branchId: number; term?: string | undefined; offset: number; limit: number }): SupplierReturnRow[] {
      const where = ['r.branch_id = @branchId'];
      if (f.term) where.push("(r.debit_note_no LIKE @like ESCAPE '\\' OR s.name LIKE @like ESCAPE '\\')");
      const sql = `SELECT ${COLUMNS} ${FROM} WHERE ${where.join(' AND ')} ORDER BY r.return_date DESC, r.id DESC LIMIT @limit OFFSET @offset`;
      const like = f.term ? `%${f.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return statementCache(db)<Record<string, unknown>, SupplierReturnRow>(sql).all({ branchId: f.branchId, like, limit: f.limit, offset: f.offset });
    },
  };
});
