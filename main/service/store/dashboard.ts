/**
 * SQL for the dashboard: read-only sums over a branch's orders, receipts, lines and recalls for
 * one day. It spans tables because a day's summary does; nothing here writes.
 */
import { RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

const CANCELLED = SALES_ORDER_STATUS.Cancelled;
const DELIVERED = SALES_ORDER_STATUS.Delivered;
/** A receipt cancelled as if never taken; refunded and moved ones were money received on their day. */
const VOIDED = RECEIPT_STATUS.Cancelled;

export interface DashboardOrderRow {
  id: number;
  order_no: string;
  order_date: string;
  delivery_date: string | null;
  net_amount: number;
  insurance_amount: number;
  received: number;
  first_name: string;
  last_name: string;
}

/**
 * Every statement prepared once per database. Each reads an index range of one branch: the day's
 * and month's sales from branch_day_total (migration 038), one row a day, receipts and credit notes from
 * their branch-day indexes, the status table and outstanding balance from the tally the triggers
 * keep, open deliveries and recalls from partial indexes. None grows with the branch's history.
 */
export const dashboard = perDatabase((db: Db) => {
  type P = { branchId: number; from: string; to: string };
  const branch = db.prepare<[number, number], { name: string }>('SELECT name FROM branch WHERE id = ? AND company_id = ?');
  // The day's and the month's sales are sums over days: read from the totals migration 038 keeps.
  const sales = db.prepare<P, { count: number; amount: number; discount: number; tax: number }>(
    `SELECT coalesce(sum(orders), 0) AS count, coalesce(sum(sales), 0) AS amount, coalesce(sum(discount), 0) AS discount,
            coalesce(sum(tax), 0) AS tax
     FROM branch_day_total WHERE branch_id = @branchId AND day BETWEEN @from AND @to`,
  );
  const salesByDay = db.prepare<P, { date: string; count: number; amount: number }>(
    `SELECT day AS date, orders AS count, sales AS amount FROM branch_day_total
     WHERE branch_id = @branchId AND day BETWEEN @from AND @to AND orders <> 0 ORDER BY day`,
  );
  const receiptsByKind = db.prepare<P, { id: number; name: string; count: number; amount: number }>(
    `SELECT k.id, k.name, count(*) AS count, sum(r.amount) AS amount FROM receipt r JOIN payment_kind k ON k.id = r.payment_kind_id
     WHERE r.branch_id = @branchId AND r.receipt_date BETWEEN @from AND @to AND r.status_id <> ${VOIDED}
       AND r.credit_note_id IS NULL
     GROUP BY k.id ORDER BY k.id`,
  );
  const creditNotesIssued = db.prepare<P, { count: number; amount: number }>(
    `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM credit_note
     WHERE branch_id = @branchId AND credit_note_date BETWEEN @from AND @to`,
  );
  const creditNotesSpent = db.prepare<P, { count: number; amount: number }>(
    `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM receipt
     WHERE branch_id = @branchId AND receipt_date BETWEEN @from AND @to AND credit_note_id IS NOT NULL AND status_id <> ${VOIDED}`,
  );
  const ordersByStatus = db.prepare<[number], { status_id: number; count: number; amount: number }>(
    'SELECT status_id, orders AS count, amount FROM sales_order_tally WHERE branch_id = ? AND orders <> 0',
  );
  // Spelled as the partial index sales_order_open_delivery is, so SQLite uses it.
  const deliveries = db.prepare<[string, string, number], { due: number; overdue: number }>(
    `SELECT coalesce(sum(delivery_date = ?), 0) AS due, coalesce(sum(delivery_date < ?), 0) AS overdue FROM sales_order
     WHERE branch_id = ? AND delivery_date IS NOT NULL AND status_id NOT IN (${DELIVERED}, ${CANCELLED})`,
  );
  const outstanding = db.prepare<[number], { count: number; amount: number }>(
    `SELECT coalesce(sum(owing), 0) AS count, coalesce(sum(owed), 0) AS amount FROM sales_order_tally
     WHERE branch_id = ? AND status_id <> ${CANCELLED}`,
  );
  const topItems = db.prepare<P, { item_id: number; name: string; type_name: string | null; qty: number; amount: number }>(
    `SELECT l.item_id, max(l.name) AS name, t.name AS type_name, sum(l.qty) AS qty, sum(l.total) AS amount
     FROM sales_order o INDEXED BY sales_order_branch_day JOIN sales_order_line l ON l.sales_order_id = o.id
       LEFT JOIN item_type t ON t.id = l.item_type_id
     WHERE o.branch_id = @branchId AND o.order_date BETWEEN @from AND @to AND o.status_id <> ${CANCELLED}
     GROUP BY l.item_id ORDER BY amount DESC, l.item_id LIMIT 10`,
  );
  const recallsDue = db.prepare<[number, string], { n: number }>(
    'SELECT count(DISTINCT customer_id) AS n FROM eye_checkup_recall WHERE branch_id = ? AND recall_date <= ? AND notified_at IS NULL',
  );
  const ordersInStatus = db.prepare<[number, number], DashboardOrderRow>(
    `SELECT o.id, o.order_no, o.order_date, o.delivery_date, o.net_amount, o.insurance_amount, o.received,
            c.first_name, c.last_name
     FROM sales_order o INDEXED BY sales_order_branch_status JOIN customer c ON c.id = o.customer_id
     WHERE o.branch_id = ? AND o.status_id = ?
     ORDER BY o.order_date DESC, o.id DESC LIMIT 100`,
  );
  return {
    branch: (branchId: number, companyId: number) => branch.get(branchId, companyId),
    /** From branch_day_total: the orders not cancelled booked in the days, their net, discount and GST. */
    sales: (p: P) => sales.get(p)!,
    /** From branch_day_total: per day with orders, their count and net. */
    salesByDay: (p: P) => salesByDay.all(p),
    receiptsByKind: (p: P) => receiptsByKind.all(p),
    creditNotesIssued: (p: P) => creditNotesIssued.get(p)!,
    creditNotesSpent: (p: P) => creditNotesSpent.get(p)!,
    /** From the tally (migration 014): every order of the branch, by status. */
    ordersByStatus: (branchId: number) => ordersByStatus.all(branchId),
    deliveries: (branchId: number, day: string) => deliveries.get(day, day, branchId)!,
    /** From the tally: orders not cancelled whose customer still owes, and how much. */
    outstanding: (branchId: number) => outstanding.get(branchId)!,
    topItems: (p: P) => topItems.all(p),
    recallsDue: (branchId: number, day: string) => recallsDue.get(branchId, day)!.n,
    ordersInStatus: (branchId: number, statusId: number) => ordersInStatus.all(branchId, statusId),
  };
});
