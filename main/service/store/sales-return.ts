/**
 * SQL for `sales_return` and `sales_return_line` (migration 035): a customer's return of delivered
 * goods, what the order can still take back, the day it was delivered (from the change journal:
 * the update that set it Delivered), and the reads of the returns list and the printed papers.
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export type Settlement = 'refund' | 'credit_note' | 'exchange';
export type Destination = 'stock' | 'damaged';

/** The order a return is taken against, with its invoice when it has one. */
export interface ReturnOrderRow {
  id: number;
  company_id: number;
  branch_id: number;
  order_no: string;
  order_date: string;
  customer_id: number;
  customer_name: string;
  status_id: number;
  intra_state: number;
  net_amount: number;
  insurance_amount: number;
  received: number;
  modified_at: string | null;
  invoice_id: number | null;
  invoice_no: string | null;
  invoice_date: string | null;
}

/** An order line with what has come back of it already. */
export interface ReturnableLineRow {
  id: number;
  line_no: number;
  item_id: number;
  name: string;
  code: string;
  hsn_code: string | null;
  eye: string | null;
  qty: number;
  price: number;
  taxable: number;
  gst_rate_bp: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  batch_no: string;
  stock_counted: number;
  returned: number;
}

export interface NewSalesReturn {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  return_no: string;
  return_date: string;
  sales_order_id: number;
  customer_id: number;
  reason: string;
  settlement: Settlement;
  amount: number;
  rounding: number;
  refund_amount: number;
  refund_kind_id: number | null;
  till_session_id: number | null;
  credit_note_id: number | null;
  exchange_order_id: number | null;
  invoice_id: number | null;
  gst_credit_note_no: string | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  past_window: number;
  approved_by: number | null;
  approval_reason: string | null;
  created_by: number;
  created_at: string;
}

export interface NewSalesReturnLine {
  id: number;
  sales_return_id: number;
  sales_order_line_id: number;
  item_id: number;
  qty: number;
  destination: Destination;
  taxable: number;
  gst_rate_bp: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** A return as the list, the answer and the printed papers read it. */
export interface SalesReturnRow extends NewSalesReturn {
  order_no: string;
  order_date: string;
  intra_state: number;
  customer_name: string;
  mobile: string | null;
  credit_note_no: string | null;
  refund_kind: string | null;
  invoice_no: string | null;
  invoice_date: string | null;
  created_by_name: string;
  approved_by_name: string | null;
  exchange_order_no: string | null;
}

export interface SalesReturnLineRow extends NewSalesReturnLine {
  name: string;
  code: string;
  hsn_code: string | null;
  eye: string | null;
  price: number;
  line_no: number;
}

export interface ReturnListFilter {
  companyId: number;
  branchId: number;
  fromDate: string | null;
  toDate: string | null;
  orderNoPrefix: string | null;
  limit: number;
  offset: number;
}

const RETURN = `SELECT r.*, o.order_no, o.order_date, o.intra_state, trim(c.first_name || ' ' || coalesce(c.last_name, '')) AS customer_name, c.mobile,
    n.credit_note_no, k.name AS refund_kind, i.invoice_no, i.invoice_date, u.user_name AS created_by_name, a.user_name AS approved_by_name,
    x.order_no AS exchange_order_no
  FROM sales_return r JOIN sales_order o ON o.id = r.sales_order_id JOIN customer c ON c.id = r.customer_id
  LEFT JOIN credit_note n ON n.id = r.credit_note_id LEFT JOIN payment_kind k ON k.id = r.refund_kind_id
  LEFT JOIN invoice i ON i.id = r.invoice_id JOIN app_user u ON u.id = r.created_by LEFT JOIN app_user a ON a.id = r.approved_by
  LEFT JOIN sales_order x ON x.id = r.exchange_order_id`;

export const salesReturns = perDatabase((db: Db) => {
  const order = db.prepare<[number, number], ReturnOrderRow>(
    `SELECT o.id, o.company_id, o.branch_id, o.order_no, o.order_date, o.customer_id, trim(c.first_name || ' ' || coalesce(c.last_name, '')) AS customer_name,
       o.status_id, o.intra_state, o.net_amount, o.insurance_amount, o.received, o.modified_at, i.id AS invoice_id, i.invoice_no, i.invoice_date
     FROM sales_order o JOIN customer c ON c.id = o.customer_id LEFT JOIN invoice i ON i.sales_order_id = o.id
     WHERE o.id = ? AND o.company_id = ?`,
  );
  const lines = db.prepare<[number], ReturnableLineRow>(
    `SELECT l.id, l.line_no, l.item_id, l.name, l.code, l.hsn_code, l.eye, l.qty, l.price, l.taxable, l.gst_rate_bp, l.cgst, l.sgst, l.igst, l.total,
       l.batch_no, l.stock_counted, coalesce((SELECT sum(rl.qty) FROM sales_return_line rl WHERE rl.sales_order_line_id = l.id), 0) AS returned
     FROM sales_order_line l WHERE l.sales_order_id = ? ORDER BY l.line_no`,
  );
  // The first time the order was set Delivered, as the journal recorded it (the counter's own
  // hand-over at the sale included: that is an update of the row just inserted).
  const deliveredAt = db.prepare<[number], { at: string | null }>(
    `SELECT min(j.at) AS at FROM journal j WHERE j.tbl = 'sales_order' AND j.row_id = ? AND j.op = 'update'
       AND json_extract(j.new_values, '$.status_id') = ${SALES_ORDER_STATUS.Delivered}`,
  );
  const insert = db.prepare<NewSalesReturn>(
    `INSERT INTO sales_return (id, company_id, branch_id, year_id, return_no, return_date, sales_order_id, customer_id, reason, settlement, amount,
       rounding, refund_amount, refund_kind_id, till_session_id, credit_note_id, exchange_order_id, invoice_id, gst_credit_note_no, taxable, cgst,
       sgst, igst, past_window, approved_by, approval_reason, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @return_no, @return_date, @sales_order_id, @customer_id, @reason, @settlement, @amount,
       @rounding, @refund_amount, @refund_kind_id, @till_session_id, @credit_note_id, @exchange_order_id, @invoice_id, @gst_credit_note_no, @taxable,
       @cgst, @sgst, @igst, @past_window, @approved_by, @approval_reason, @created_by, @created_at)`,
  );
  const insertLine = db.prepare<NewSalesReturnLine>(
    `INSERT INTO sales_return_line (id, sales_return_id, sales_order_line_id, item_id, qty, destination, taxable, gst_rate_bp, cgst, sgst, igst, total)
     VALUES (@id, @sales_return_id, @sales_order_line_id, @item_id, @qty, @destination, @taxable, @gst_rate_bp, @cgst, @sgst, @igst, @total)`,
  );
  const byId = db.prepare<[number, number], SalesReturnRow>(`${RETURN} WHERE r.id = ? AND r.company_id = ?`);
  const ofExchange = db.prepare<[number], { id: number }>('SELECT id FROM sales_return WHERE exchange_order_id = ?');
  const linesOf = db.prepare<[number], SalesReturnLineRow>(
    `SELECT rl.*, l.name, l.code, l.hsn_code, l.eye, l.price, l.line_no FROM sales_return_line rl JOIN sales_order_line l ON l.id = rl.sales_order_line_id
     WHERE rl.sales_return_id = ? ORDER BY l.line_no`,
  );
  const list = db.prepare<Record<string, unknown>, SalesReturnRow>(
    `${RETURN} WHERE r.company_id = @companyId AND r.branch_id = @branchId
       AND (@fromDate IS NULL OR r.return_date >= @fromDate) AND (@toDate IS NULL OR r.return_date <= @toDate)
       AND (@orderNoPrefix IS NULL OR o.order_no LIKE @orderNoPrefix || '%')
     ORDER BY r.return_date DESC, r.id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare<Record<string, unknown>, { n: number }>(
    `SELECT count(*) AS n FROM sales_return r JOIN sales_order o ON o.id = r.sales_order_id WHERE r.company_id = @companyId AND r.branch_id = @branchId
       AND (@fromDate IS NULL OR r.return_date >= @fromDate) AND (@toDate IS NULL OR r.return_date <= @toDate)
       AND (@orderNoPrefix IS NULL OR o.order_no LIKE @orderNoPrefix || '%')`,
  );
  const receiptsOf = db.prepare<[number], { id: number; receipt_no: string; payment_kind_id: number; credit_note_id: number | null; amount: number }>(
    'SELECT id, receipt_no, payment_kind_id, credit_note_id, amount FROM receipt WHERE sales_order_id = ? AND status_id = 1 ORDER BY id',
  );
  const ofOrder = db.prepare<[number], { id: number }>('SELECT id FROM sales_return WHERE sales_order_id = ? ORDER BY id');
  return {
    order: (id: number, companyId: number) => order.get(id, companyId),
    lines: (orderId: number) => lines.all(orderId),
    /** When the order was first set Delivered (ISO time), or undefined when the journal does not say. */
    deliveredAt: (orderId: number) => deliveredAt.get(orderId)?.at ?? undefined,
    insert: (row: NewSalesReturn) => insert.run(row),
    insertLine: (row: NewSalesReturnLine) => insertLine.run(row),
    byId: (id: number, companyId: number) => byId.get(id, companyId),
    /** The return an exchange's new sale was paid by (a retried exchange finds it). */
    ofExchange: (orderId: number) => ofExchange.get(orderId)?.id,
    linesOf: (returnId: number) => linesOf.all(returnId),
    /** An order's received receipts, first first. */
    receiptsOf: (orderId: number) => receiptsOf.all(orderId),
    ofOrder: (orderId: number) => ofOrder.all(orderId).map((r) => r.id),
    list(f: ReturnListFilter): { rows: SalesReturnRow[]; total: number } {
      const params = { companyId: f.companyId, branchId: f.branchId, fromDate: f.fromDate, toDate: f.toDate, orderNoPrefix: f.orderNoPrefix };
      return { rows: list.all({ limit: f.limit, offset: f.offset, ...params }), total: count.get(params)!.n };
    },
  };
});
