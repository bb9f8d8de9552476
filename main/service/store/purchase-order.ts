/**
 * SQL for `purchase_order` and its lines: the lab order SaveSale raises, and what cancelling a sale
 * does to it; and the branch's stock orders to a supplier (kind 'stock', lines in
 * purchase_order_item, migration 030), with what the goods receipts against each line add up to.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { statementCache } from './statement-cache.js';

/** A stock order's status_id (migration 030): how far its goods have come in. */
export const STOCK_ORDER_STATUS = { open: 1, partReceived: 2, received: 3, closed: 4 } as const;

export interface NewStockOrder {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  po_no: string;
  order_date: string;
  expected_date: string | null;
  supplier_id: number;
  remarks: string | null;
  created_by: number;
  created_at: string;
}

export interface NewStockOrderLine {
  id: number;
  purchase_order_id: number;
  line_no: number;
  item_id: number;
  sph: number | null;
  cyl: number | null;
  add_power: number | null;
  eye: 'R' | 'L' | null;
  qty: number;
  expected_cost: number | null;
}

export interface StockOrderRow {
  id: number;
  branch_id: number;
  po_no: string;
  order_date: string;
  expected_date: string | null;
  supplier_id: number;
  supplier_name: string;
  status_id: number;
  remarks: string | null;
  created_by_name: string;
  line_count: number;
  ordered: number;
  received: number;
  expected_value: number;
}

export interface StockOrderLineRow extends NewStockOrderLine {
  item_code: string;
  item_name: string;
  item_type_id: number;
  received: number;
}

export interface StockOrderFilter {
  branchId: number;
  statusId?: number | undefined;
  supplierId?: number | undefined;
  /** Order number or supplier name, anywhere in it. */
  term?: string | undefined;
  offset: number;
  limit: number;
}

const ORDER_COLUMNS = `po.id, po.branch_id, po.po_no, po.order_date, po.expected_date, po.supplier_id, s.name AS supplier_name, po.status_id,
  po.remarks, u.full_name AS created_by_name,
  (SELECT count(*) FROM purchase_order_item l WHERE l.purchase_order_id = po.id) AS line_count,
  (SELECT coalesce(sum(l.qty), 0) FROM purchase_order_item l WHERE l.purchase_order_id = po.id) AS ordered,
  (SELECT coalesce(sum(g.qty), 0) FROM purchase_order_item l JOIN goods_receipt_line g ON g.purchase_order_item_id = l.id
    WHERE l.purchase_order_id = po.id) AS received,
  (SELECT coalesce(sum(l.qty * coalesce(l.expected_cost, 0)), 0) FROM purchase_order_item l WHERE l.purchase_order_id = po.id) AS expected_value`;
const ORDER_FROM = 'FROM purchase_order po JOIN supplier s ON s.id = po.supplier_id JOIN app_user u ON u.id = po.created_by';

export interface NewPurchaseOrder {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  po_no: string;
  order_date: string;
  expected_date: string | null;
  sales_order_id: number;
  supplier_id: number | null;
  fitter_id: number | null;
  priority_id: number | null;
  remarks: string | null;
  created_by: number;
  created_at: string;
}

export const purchaseOrders = perDatabase((db: Db) => {
  const insert = db.prepare<NewPurchaseOrder>(
    `INSERT INTO purchase_order (id, company_id, branch_id, year_id, po_no, order_date, expected_date, sales_order_id, supplier_id,
       fitter_id, priority_id, remarks, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @po_no, @order_date, @expected_date, @sales_order_id, @supplier_id,
       @fitter_id, @priority_id, @remarks, @created_by, @created_at)`,
  );
  const insertLine = db.prepare<[number, number, number, number]>(
    'INSERT INTO purchase_order_line (purchase_order_id, sales_order_line_id, item_id, qty) VALUES (?, ?, ?, ?)',
  );
  // 1 open, 2 sent: the lab can still be told; a received lens (3) stays on record as received.
  const cancelOpen = db.prepare<[number]>('UPDATE purchase_order SET status_id = 4 WHERE sales_order_id = ? AND status_id IN (1, 2)');
  const insertStock = db.prepare<NewStockOrder>(
    `INSERT INTO purchase_order (id, company_id, branch_id, year_id, po_no, order_date, expected_date, supplier_id, remarks, created_by, created_at, kind)
     VALUES (@id, @company_id, @branch_id, @year_id, @po_no, @order_date, @expected_date, @supplier_id, @remarks, @created_by, @created_at, 'stock')`,
  );
  const insertItem = db.prepare<NewStockOrderLine>(
    `INSERT INTO purchase_order_item (id, purchase_order_id, line_no, item_id, sph, cyl, add_power, eye, qty, expected_cost)
     VALUES (@id, @purchase_order_id, @line_no, @item_id, @sph, @cyl, @add_power, @eye, @qty, @expected_cost)`,
  );
  const stockOrder = db.prepare<[number, number], StockOrderRow>(`SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE po.id = ? AND po.company_id = ? AND po.kind = 'stock'`);
  const stockLines = db.prepare<[number], StockOrderLineRow>(
    `SELECT l.id, l.purchase_order_id, l.line_no, l.item_id, l.sph, l.cyl, l.add_power, l.eye, l.qty, l.expected_cost,
       i.code AS item_code, i.name AS item_name, i.item_type_id,
       (SELECT coalesce(sum(g.qty), 0) FROM goods_receipt_line g WHERE g.purchase_order_item_id = l.id) AS received
     FROM purchase_order_item l JOIN item i ON i.id = l.item_id WHERE l.purchase_order_id = ? ORDER BY l.line_no`,
  );
  const setStatus = db.prepare<{ s: number; id: number }>('UPDATE purchase_order SET status_id = @s WHERE id = @id AND status_id <> @s');
  return {
    insertStock: (row: NewStockOrder) => insertStock.run(row),
    insertStockLine: (row: NewStockOrderLine) => insertItem.run(row),
    stockOrder: (companyId: number, id: number) => stockOrder.get(id, companyId),
    stockLines: (orderId: number) => stockLines.all(orderId),
    /** Sets a stock order's status; no journal entry when it is already that. */
    setStatus: (id: number, statusId: number) => setStatus.run({ s: statusId, id }),
    /** A page of the branch's stock orders, newest first, and how many match (up to the page's end and one more). */
    stockOrders(f: StockOrderFilter): StockOrderRow[] {
      const where = ["po.kind = 'stock'", 'po.branch_id = @branchId'];
      if (f.statusId !== undefined) where.push('po.status_id = @statusId');
      if (f.supplierId !== undefined) where.push('po.supplier_id = @supplierId');
      if (f.term) where.push("(po.po_no LIKE @like ESCAPE '\\' OR s.name LIKE @like ESCAPE '\\')");
      const sql = `SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE ${where.join(' AND ')} ORDER BY po.order_date DESC, po.id DESC LIMIT @limit OFFSET @offset`;
      const like = f.term ? `%${f.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return statementCache(db)<Record<string, unknown>, StockOrderRow>(sql).all({
        branchId: f.branchId, statusId: f.statusId ?? null, supplierId: f.supplierId ?? null, like, limit: f.limit, offset: f.offset,
      });
    },
    insert: (row: NewPurchaseOrder) => insert.run(row),
    /** A lens the lab is to make: the sale's order line it is for. */
    insertLine: (poId: number, salesOrderLineId: number, itemId: number, qty: number) => insertLine.run(poId, salesOrderLineId, itemId, qty),
    cancelOpenOfOrder: (orderId: number) => cancelOpen.run(orderId).changes,
  };
});
