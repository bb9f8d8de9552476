/**
 * SQL for `invoice`: one GST invoice per order. An invoice copies the order's figures as stored on
 * the sale day, and its lines are the order's lines, so reading them lives here with the invoice:
 * a later rate change or renamed item never rewrites a bill.
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import { conditions } from './conditions.js';
import { DUE_SQL, RECEIVED_SQL, type LineFigures, type OrderTotals, type TaxTotals } from './sales-order.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { COUNT_AHEAD, countUpTo, statementCache, type Counted } from './statement-cache.js';
import { extend } from '../../../shared/extend.js';

/** An order as the invoice sees it: its stored totals, what was received, and its invoice if any. */
export interface InvoiceableOrder extends TaxTotals, Pick<OrderTotals, 'intra_state'> {
  id: number;
  branch_id: number;
  order_no: string;
  customer_id: number;
  customer_name: string;
  status_id: number;
  /** The insurer's share: not the customer's to pay before the invoice. */
  insurance_amount: number;
  received: number;
  invoice_id: number | null;
  invoice_no: string | null;
}

export interface InvoiceLineRow extends LineFigures {
  item_id: number;
  name: string;
  hsn_code: string | null;
}

/** The invoice copies its order's TaxTotals. */
export interface NewInvoice extends TaxTotals {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  invoice_no: string;
  invoice_date: string;
  sales_order_id: number;
  customer_id: number;
  created_by: number;
  created_at: string;
}

export interface InvoiceListRow {
  id: number;
  invoice_no: string;
  invoice_date: string;
  net_amount: number;
  order_no: string;
  first_name: string;
  last_name: string;
  mobile: string | null;
}

/** Filters of the invoice list, already decoded and checked; every one optional, combined with AND. */
export interface InvoiceFilter {
  companyId: number;
  branchId: number;
  yearId: number | null;
  customerId: number | null;
  mobilePrefix: string | null;
  namePrefix: string | null;
  invoiceNoPrefix: string | null;
  orderNoPrefix: string | null;
  fromDate: string | null;
  toDate: string | null;
  netAmount: number | null;
}

/**
 * Orders of a branch that may be invoiced: not cancelled, not invoiced, and the customer's part
 * paid in full (nothing due by DUE_SQL; the insurer's share may still be open) unless `beforeFullPayment`.
 */
function openOrdersWhere(beforeFullPayment: boolean): string {
  return `o.company_id = @companyId AND o.branch_id = @branchId AND o.status_id <> ${SALES_ORDER_STATUS.Cancelled}
          AND NOT EXISTS (SELECT 1 FROM invoice i WHERE i.sales_order_id = o.id)
          ${beforeFullPayment ? '' : `AND ${DUE_SQL} <= 0`}`;
}

export const invoices = perDatabase((db: Db) => {
  const order = db.prepare<[number, number], InvoiceableOrder>(
    `SELECT o.id, o.branch_id, o.order_no, o.customer_id, trim(c.first_name || ' ' || c.last_name) AS customer_name, o.status_id,
            o.intra_state, o.taxable, o.cgst, o.sgst, o.igst, o.rounding, o.net_amount, o.insurance_amount,
            ${RECEIVED_SQL} AS received,
            i.id AS invoice_id, i.invoice_no
     FROM sales_order o JOIN customer c ON c.id = o.customer_id LEFT JOIN invoice i ON i.sales_order_id = o.id
     WHERE o.id = ? AND o.company_id = ?`,
  );
  const orderByNo = db.prepare<[string, number], { id: number }>('SELECT id FROM sales_order WHERE order_no = ? AND company_id = ?');
  const lines = db.prepare<[number], InvoiceLineRow>(
    `SELECT item_id, name, hsn_code, qty, mrp, price, discount, taxable, gst_rate_bp, cgst, sgst, igst, total
     FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no`,
  );
  const insert = db.prepare<NewInvoice>(
    `INSERT INTO invoice (id, company_id, branch_id, year_id, invoice_no, invoice_date, sales_order_id, customer_id,
       taxable, cgst, sgst, igst, rounding, net_amount, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @invoice_no, @invoice_date, @sales_order_id, @customer_id,
       @taxable, @cgst, @sgst, @igst, @rounding, @net_amount, @created_by, @created_at)`,
  );

  function listWhere(f: InvoiceFilter): { sql: string; params: Record<string, string | number> } {
    const { add, build } = conditions(['i.company_id = @companyId', 'i.branch_id = @branchId'], {
      companyId: f.companyId,
      branchId: f.branchId,
    });
    add('i.year_id = @yearId', 'yearId', f.yearId);
    add('i.customer_id = @customerId', 'customerId', f.customerId);
    add("c.mobile LIKE @mobile || '%'", 'mobile', f.mobilePrefix);
    add("(c.first_name LIKE @name || '%' OR c.last_name LIKE @name || '%' OR trim(c.first_name || ' ' || c.last_name) LIKE @name || '%')", 'name', f.namePrefix);
    add("i.invoice_no LIKE @invoiceNo || '%'", 'invoiceNo', f.invoiceNoPrefix);
    add("o.order_no LIKE @orderNo || '%'", 'orderNo', f.orderNoPrefix);
    add('i.invoice_date >= @fromDate', 'fromDate', f.fromDate);
    add('i.invoice_date <= @toDate', 'toDate', f.toDate);
    add('i.net_amount = @netAmount', 'netAmount', f.netAmount);
    return build();
  }
  const FROM = 'FROM invoice i JOIN sales_order o ON o.id = i.sales_order_id JOIN customer c ON c.id = i.customer_id';

  return {
    order: (orderId: number, companyId: number) => order.get(orderId, companyId),
    orderIdByNo: (orderNo: string, companyId: number) => orderByNo.get(orderNo, companyId)?.id,
    lines: (orderId: number) => lines.all(orderId),
    insert: (row: NewInvoice) => {
      insert.run(row);
    },
    /** `orderBy` is an ORDER BY clause built from a fixed list of columns, never request text. */
    list(f: InvoiceFilter, orderBy: string, offset: number, limit: number): { count: Counted; rows: InvoiceListRow[] } {
      const { sql, params } = listWhere(f);
      const count = countUpTo(db, `${FROM} WHERE ${sql}`, params, offset + limit + COUNT_AHEAD);
      const rows = statementCache(db)<Record<string, string | number>, InvoiceListRow>(
          `SELECT i.id, i.invoice_no, i.invoice_date, i.net_amount, o.order_no, c.first_name, c.last_name, c.mobile
           ${FROM} WHERE ${sql} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
        )
        .all(extend(params, { limit, offset }));
      return { count, rows };
    },
    /** Orders that can be invoiced, oldest first; of one customer when `customerId` is given. */
    openOrders(companyId: number, branchId: number, beforeFullPayment: boolean, customerId: number | null) {
      return db
        .prepare<Record<string, number | null>, { id: number; order_no: string }>(
          `SELECT o.id, o.order_no FROM sales_order o WHERE ${openOrdersWhere(beforeFullPayment)}
           AND (@customerId IS NULL OR o.customer_id = @customerId) ORDER BY o.order_date, o.id`,
        )
        .all({ companyId, branchId, customerId });
    },
    /** Customers with at least one order that can be invoiced, by name. */
    openCustomers(companyId: number, branchId: number, beforeFullPayment: boolean) {
      return db
        .prepare<Record<string, number>, { id: number; name: string }>(
          `SELECT c.id, trim(c.first_name || ' ' || c.last_name) AS name FROM customer c
           WHERE EXISTS (SELECT 1 FROM sales_order o WHERE o.customer_id = c.id AND ${openOrdersWhere(beforeFullPayment)})
           ORDER BY c.first_name, c.last_name, c.id`,
        )
        .all({ companyId, branchId });
    },
  };
});
