/** SQL for `purchase_order` and its lines: the lab order SaveSale raises, and what cancelling a sale does to it. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

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
  return {
    insert: (row: NewPurchaseOrder) => insert.run(row),
    /** A lens the lab is to make: the sale's order line it is for. */
    insertLine: (poId: number, salesOrderLineId: number, itemId: number, qty: number) => insertLine.run(poId, salesOrderLineId, itemId, qty),
    cancelOpenOfOrder: (orderId: number) => cancelOpen.run(orderId).changes,
  };
});
