/**
 * SQL for `receipt`: writing one (SaveSale's first payment, SaveReceipt; sale/receipt.ts decides
 * what is written, inside the caller's transaction) and reading them into the receipts lists.
 * Settling an order's receipts on cancel is receipt-status.ts.
 */
import { conditions, type SqlParams } from './conditions.js';
import { extend } from '../../../shared/extend.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { COUNT_AHEAD, countUpTo, statementCache, type Counted } from './statement-cache.js';

/** How much was paid (paise) and how: what a receipt records of the payment itself. */
export interface ReceiptPayment {
  amount: number;
  payment_kind_id: number;
  card_type_id: number | null;
  /** The last four digits only: a full card number must never sit in the store's file. */
  card_no: string | null;
  name_on_card: string | null;
  bank_name: string | null;
  cheque_no: string | null;
  cheque_date: string | null;
  reference_no: string | null;
  remarks: string | null;
  /** The credit note this payment spends, when paid by credit note. */
  credit_note_id: number | null;
  /** A card payment's approval code (migration 019). */
  approval_code?: string | null;
  /** The cash handed over for a cash payment, when the counter took it (change = tendered − amount). */
  tendered?: number | null;
}

/** A new receipt: the payment with its number, date, order and customer. */
export interface NewReceipt extends ReceiptPayment {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  receipt_no: string;
  receipt_date: string;
  sales_order_id: number | null;
  customer_id: number;
  created_by: number;
  created_at: string;
  /** The till session the receipt was taken in (migration 019); null outside one. */
  till_session_id?: number | null;
  /** The first receipt of the split payment this one is part of (migration 019); null for a payment of one kind. */
  split_of?: number | null;
}

const INSERT = `INSERT INTO receipt (id, company_id, branch_id, year_id, receipt_no, receipt_date, sales_order_id, customer_id, amount,
    payment_kind_id, card_type_id, card_no, name_on_card, bank_name, cheque_no, cheque_date, reference_no, remarks,
    credit_note_id, created_by, created_at, till_session_id, tendered, approval_code, split_of)
  VALUES (@id, @company_id, @branch_id, @year_id, @receipt_no, @receipt_date, @sales_order_id, @customer_id, @amount,
    @payment_kind_id, @card_type_id, @card_no, @name_on_card, @bank_name, @cheque_no, @cheque_date, @reference_no, @remarks,
    @credit_note_id, @created_by, @created_at, @till_session_id, @tendered, @approval_code, @split_of)`;

export interface ReceiptListRow {
  id: number;
  receipt_no: string;
  receipt_date: string;
  amount: number;
  status_id: number;
  kind_name: string;
  order_no: string | null;
  order_net: number | null;
  /** The insurer's share of the order (not the customer's to pay). */
  order_insurance: number | null;
  order_received: number | null;
  item_count: number | null;
  invoice_no: string | null;
  first_name: string;
  last_name: string;
  mobile: string | null;
}

/** Every field optional, combined with AND; text fields match by prefix. */
export interface ReceiptFilter {
  companyId: number;
  branchId: number;
  fromDate: string | null;
  toDate: string | null;
  customerId: number | null;
  salesOrderId: number | null;
  orderNoPrefix: string | null;
  receiptNoPrefix: string | null;
  statusId: number | null;
  paymentKindId: number | null;
  search: string | null;
}

const SELECT = `SELECT r.id, r.receipt_no, r.receipt_date, r.amount, r.status_id, k.name AS kind_name,
                       o.order_no, o.net_amount AS order_net, o.insurance_amount AS order_insurance, o.received AS order_received, o.item_count,
                       i.invoice_no, c.first_name, c.last_name, c.mobile`;
const FROM = `FROM receipt r
              JOIN customer c ON c.id = r.customer_id
              JOIN payment_kind k ON k.id = r.payment_kind_id
              LEFT JOIN sales_order o ON o.id = r.sales_order_id
              LEFT JOIN invoice i ON i.sales_order_id = r.sales_order_id`;

type Params = SqlParams;

/** A receipt with what its slip names: order, invoice, customer, branch, company. */
export interface ReceiptSlipRow {
  id: number;
  receipt_no: string;
  receipt_date: string;
  amount: number;
  sales_order_id: number | null;
  order_no: string | null;
  invoice_no: string | null;
  first_name: string;
  last_name: string;
  mobile: string | null;
  branch_name: string;
  branch_address: string | null;
  company_name: string;
}

const SLIP = `SELECT r.id, r.receipt_no, r.receipt_date, r.amount, r.sales_order_id, o.order_no, i.invoice_no,
                       c.first_name, c.last_name, c.mobile, b.name AS branch_name, b.address AS branch_address, co.name AS company_name
                FROM receipt r
                JOIN customer c ON c.id = r.customer_id
                JOIN branch b ON b.id = r.branch_id
                JOIN company co ON co.id = r.company_id
                LEFT JOIN sales_order o ON o.id = r.sales_order_id
                LEFT JOIN invoice i ON i.sales_order_id = r.sales_order_id
                WHERE r.company_id = ?`;

export const receipts = perDatabase((db: Db) => {
  const latest = 'ORDER BY r.receipt_date DESC, r.id DESC LIMIT 1';
  const slipById = db.prepare<[number, number], ReceiptSlipRow>(`${SLIP} AND r.id = ?`);
  const slipOfOrder = db.prepare<[number, number], ReceiptSlipRow>(`${SLIP} AND r.sales_order_id = ? ${latest}`);
  const slipOfCustomer = db.prepare<[number, number], ReceiptSlipRow>(`${SLIP} AND r.customer_id = ? ${latest}`);
  function where(f: ReceiptFilter): { sql: string; params: Params } {
    const { add, build } = conditions(['r.company_id = @companyId', 'r.branch_id = @branchId'], {
      companyId: f.companyId,
      branchId: f.branchId,
    });
    add('r.receipt_date >= @fromDate', 'fromDate', f.fromDate);
    add('r.receipt_date <= @toDate', 'toDate', f.toDate);
    add('r.customer_id = @customerId', 'customerId', f.customerId);
    add('r.sales_order_id = @salesOrderId', 'salesOrderId', f.salesOrderId);
    add("o.order_no LIKE @orderNo || '%'", 'orderNo', f.orderNoPrefix);
    add("r.receipt_no LIKE @receiptNo || '%'", 'receiptNo', f.receiptNoPrefix);
    add('r.status_id = @statusId', 'statusId', f.statusId);
    add('r.payment_kind_id = @kindId', 'kindId', f.paymentKindId);
    add(
      `(r.receipt_no LIKE @search || '%' OR o.order_no LIKE @search || '%' OR c.first_name LIKE @search || '%'
        OR c.last_name LIKE @search || '%' OR c.mobile LIKE @search || '%')`,
      'search',
      f.search,
    );
    return build();
  }
  const insert = db.prepare<NewReceipt>(INSERT);
  const firstOfOrder = db.prepare<[number], { id: number; receipt_no: string }>('SELECT id, receipt_no FROM receipt WHERE sales_order_id = ? ORDER BY id LIMIT 1');
  const orderOwner = db.prepare<[number, number], { customer_id: number; branch_id: number }>(
    'SELECT customer_id, branch_id FROM sales_order WHERE id = ? AND company_id = ?',
  );
  return {
    insert: (row: NewReceipt) => insert.run({ till_session_id: null, tendered: null, approval_code: null, split_of: null, ...row }),
    /** The first receipt written for an order: what SaveSale answered when it saved the sale. */
    firstOfOrder: (orderId: number) =>
      firstOfOrder.get(orderId),
    /** `orderBy` is built from a fixed list of columns, never request text. */
    list(f: ReceiptFilter, orderBy: string, offset: number, limit: number): { count: Counted; rows: ReceiptListRow[] } {
      const { sql, params } = where(f);
      const count = countUpTo(db, `${FROM} WHERE ${sql}`, params, offset + limit + COUNT_AHEAD);
      const rows = statementCache(db)<Params, ReceiptListRow>(`${SELECT} ${FROM} WHERE ${sql} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`).all(extend(params, { limit, offset }));
      return { count, rows };
    },
    /** A receipt's slip by its id, or the newest receipt of an order or a customer. */
    slip: (companyId: number, by: 'receipt' | 'order' | 'customer', id: number): ReceiptSlipRow | undefined =>
      (by === 'receipt' ? slipById : by === 'order' ? slipOfOrder : slipOfCustomer).get(companyId, id),
    /** The order's customer and branch, to check Receipts/id's pair of ids belongs together. */
    orderOwner: (orderId: number, companyId: number) =>
      orderOwner.get(orderId, companyId),
  };
});
