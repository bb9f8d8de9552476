/**
 * SQL for `goods_receipt` and `goods_receipt_line` (migration 030): goods in from a supplier
 * against its invoice. The stock itself moves by `receipt` movements naming the receipt
 * (store/stock-movement.ts); these rows are the paper: the supplier's invoice, its GST, the costs.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { statementCache } from './statement-cache.js';

export interface GstFigures {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface NewGoodsReceipt extends GstFigures {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  gr_no: string;
  receipt_date: string;
  supplier_id: number;
  purchase_order_id: number | null;
  supplier_invoice_no: string;
  supplier_invoice_date: string;
  intra_state: number;
  charges: number;
  total: number;
  remarks: string | null;
  created_by: number;
  created_at: string;
}

export interface NewGoodsReceiptLine extends GstFigures {
  id: number;
  goods_receipt_id: number;
  line_no: number;
  item_id: number;
  purchase_order_item_id: number | null;
  batch_no: string;
  expiry_date: string | null;
  qty: number;
  unit_cost: number;
  landed_unit_cost: number;
  rate_bp: number;
}

export interface GoodsReceiptRow extends NewGoodsReceipt {
  supplier_name: string;
  supplier_gstin: string | null;
  po_no: string | null;
  created_by_name: string;
  line_count: number;
  qty: number;
}

export interface GoodsReceiptLineRow extends NewGoodsReceiptLine {
  item_code: string;
  item_name: string;
  hsn_code: string | null;
}

export interface GoodsReceiptFilter {
  branchId: number;
  supplierId?: number | undefined;
  /** Receipt number, the supplier's invoice number or the supplier's name, anywhere in it. */
  term?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  offset: number;
  limit: number;
}

const COLUMNS = `g.*, s.name AS supplier_name, s.gstin AS supplier_gstin, po.po_no, u.full_name AS created_by_name,
  (SELECT count(*) FROM goods_receipt_line l WHERE l.goods_receipt_id = g.id) AS line_count,
  (SELECT coalesce(sum(l.qty), 0) FROM goods_receipt_line l WHERE l.goods_receipt_id = g.id) AS qty`;
const FROM = `FROM goods_receipt g JOIN supplier s ON s.id = g.supplier_id JOIN app_user u ON u.id = g.created_by
  LEFT JOIN purchase_order po ON po.id = g.purchase_order_id`;

export const goodsReceipts = perDatabase((db: Db) => {
  const insert = db.prepare<NewGoodsReceipt>(
    `INSERT INTO goods_receipt (id, company_id, branch_id, year_id, gr_no, receipt_date, supplier_id, purchase_order_id, supplier_invoice_no,
       supplier_invoice_date, intra_state, charges, taxable, cgst, sgst, igst, total, remarks, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @gr_no, @receipt_date, @supplier_id, @purchase_order_id, @supplier_invoice_no,
       @supplier_invoice_date, @intra_state, @charges, @taxable, @cgst, @sgst, @igst, @total, @remarks, @created_by, @created_at)`,
  );
  const insertLine = db.prepare<NewGoodsReceiptLine>(
    `INSERT INTO goods_receipt_line (id, goods_receipt_id, line_no, item_id, purchase_order_item_id, batch_no, expiry_date, qty, unit_cost,
       landed_unit_cost, taxable, rate_bp, cgst, sgst, igst)
     VALUES (@id, @goods_receipt_id, @line_no, @item_id, @purchase_order_item_id, @batch_no, @expiry_date, @qty, @unit_cost,
       @landed_unit_cost, @taxable, @rate_bp, @cgst, @sgst, @igst)`,
  );
  // The supplier's invoice numbers are compared as typed, whatever their case and spaces around.
  const sameInvoice = db.prepare<[number, string], { gr_no: string; receipt_date: string }>(
    'SELECT gr_no, receipt_date FROM goods_receipt WHERE supplier_id = ? AND upper(trim(supplier_invoice_no)) = upper(trim(?)) LIMIT 1',
  );
  const byId = db.prepare<[number, number], GoodsReceiptRow>(`SELECT ${COLUMNS} ${FROM} WHERE g.id = ? AND g.company_id = ?`);
  const lines = db.prepare<[number], GoodsReceiptLineRow>(
    `SELECT l.*, i.code AS item_code, i.name AS item_name, i.hsn_code FROM goods_receipt_line l JOIN item i ON i.id = l.item_id
     WHERE l.goods_receipt_id = ? ORDER BY l.line_no`,
  );
  const labelLines = db.prepare<[number], { item_id: number; code: string; qty: number }>(
    `SELECT l.item_id, i.code, sum(l.qty) AS qty FROM goods_receipt_line l JOIN item i ON i.id = l.item_id
     WHERE l.goods_receipt_id = ? GROUP BY l.item_id ORDER BY min(l.line_no)`,
  );
  const receivedOfLines = db.prepare<[string], { id: number; received: number }>(
    `SELECT purchase_order_item_id AS id, sum(qty) AS received FROM goods_receipt_line
     WHERE purchase_order_item_id IN (SELECT value FROM json_each(?)) GROUP BY purchase_order_item_id`,
  );
  return {
    insert: (row: NewGoodsReceipt) => insert.run(row),
    insertLine: (row: NewGoodsReceiptLine) => insertLine.run(row),
    /** The receipt that took this supplier's invoice already, if any. */
    ofSupplierInvoice: (supplierId: number, invoiceNo: string) => sameInvoice.get(supplierId, invoiceNo),
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    lines: (id: number) => lines.all(id),
    /** Each item the receipt brought in and how many units (for shelf labels). */
    labelLines: (id: number) => labelLines.all(id),
    /** What all receipts together brought in against each of these order lines. */
    receivedOf(orderLineIds: readonly number[]): Map<number, number> {
      return new Map(receivedOfLines.all(JSON.stringify(orderLineIds)).map((r) => [r.id, r.received]));
    },
    list(f: GoodsReceiptFilter): GoodsReceiptRow[] {
      const where = ['g.branch_id = @branchId'];
      if (f.supplierId !== undefined) where.push('g.supplier_id = @supplierId');
      if (f.from) where.push('g.receipt_date >= @from');
      if (f.to) where.push('g.receipt_date <= @to');
      if (f.term) where.push("(g.gr_no LIKE @like ESCAPE '\\' OR g.supplier_invoice_no LIKE @like ESCAPE '\\' OR s.name LIKE @like ESCAPE '\\')");
      const sql = `SELECT ${COLUMNS} ${FROM} WHERE ${where.join(' AND ')} ORDER BY g.receipt_date DESC, g.id DESC LIMIT @limit OFFSET @offset`;
      const like = f.term ? `%${f.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return statementCache(db)<Record<string, unknown>, GoodsReceiptRow>(sql).all({
        branchId: f.branchId, supplierId: f.supplierId ?? null, from: f.from ?? null, to: f.to ?? null, like, limit: f.limit, offset: f.offset,
      });
    },
  };
});
