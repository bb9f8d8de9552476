/**
 * SQL for the dashboard: read-only sums over a branch's orders, receipts, lines and recalls for
 * one day. It spans tables because a day's summary does; nothing here writes.
 */
import { RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import { DUE_SQL, RECEIVED_SQL } from './sales-order.js';
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

export const dashboard = perDatabase((db: Db) => {
  type P = { branchId: number; from: string; to: string };
  return {
    branch: (branchId: number, companyId: number) =>
      db.prepare<[number, number], { name: string }>('SELECT name FROM branch WHERE id = ? AND company_id = ?').get(branchId, companyId),
    sales: (p: P) =>
      db
        .prepare<P, { count: number; amount: number; discount: number; tax: number }>(
          `SELECT count(*) AS count, coalesce(sum(net_amount), 0) AS amount, coalesce(sum(total_discount), 0) AS discount,
                  coalesce(sum(cgst + sgst + igst), 0) AS tax
           FROM sales_order WHERE branch_id = @branchId AND order_date BETWEEN @from AND @to AND status_id <> ${CANCELLED}`,
        )
        .get(p)!,
    salesByDay: (p: P) =>
      db
        .prepare<P, { date: string; count: number; amount: number }>(
          `SELECT order_date AS date, count(*) AS count, sum(net_amount) AS amount FROM sales_order
           WHERE branch_id = @branchId AND order_date BETWEEN @from AND @to AND status_id <> ${CANCELLED}
           GROUP BY order_date ORDER BY order_date`,
        )
        .all(p),
    receiptsByKind: (p: P) =>
      db
        .prepare<P, { id: number; name: string; count: number; amount: number }>(
          `SELECT k.id, k.name, count(*) AS count, sum(r.amount) AS amount FROM receipt r JOIN payment_kind k ON k.id = r.payment_kind_id
           WHERE r.branch_id = @branchId AND r.receipt_date BETWEEN @from AND @to AND r.status_id <> ${VOIDED}
             AND r.credit_note_id IS NULL
           GROUP BY k.id ORDER BY k.id`,
        )
        .all(p),
    creditNotesIssued: (p: P) =>
      db
        .prepare<P, { count: number; amount: number }>(
          `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM credit_note
           WHERE branch_id = @branchId AND credit_note_date BETWEEN @from AND @to`,
        )
        .get(p)!,
    creditNotesSpent: (p: P) =>
      db
        .prepare<P, { count: number; amount: number }>(
          `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM receipt
           WHERE branch_id = @branchId AND receipt_date BETWEEN @from AND @to AND credit_note_id IS NOT NULL AND status_id <> ${VOIDED}`,
        )
        .get(p)!,
    ordersByStatus: (branchId: number) =>
      db
        .prepare<[number], { status_id: number; count: number; amount: number }>(
          'SELECT status_id, count(*) AS count, sum(net_amount) AS amount FROM sales_order WHERE branch_id = ? GROUP BY status_id',
        )
        .all(branchId),
    deliveries: (branchId: number, day: string) =>
      db
        .prepare<[string, string, number], { due: number; overdue: number }>(
          `SELECT coalesce(sum(delivery_date = ?), 0) AS due, coalesce(sum(delivery_date < ?), 0) AS overdue FROM sales_order
           WHERE branch_id = ? AND delivery_date IS NOT NULL AND status_id NOT IN (${DELIVERED}, ${CANCELLED})`,
        )
        .get(day, day, branchId)!,
    outstanding: (branchId: number) =>
      db
        .prepare<[number], { count: number; amount: number }>(
          `SELECT count(*) AS count, coalesce(sum(due), 0) AS amount FROM
             (SELECT ${DUE_SQL} AS due FROM sales_order o WHERE o.branch_id = ? AND o.status_id <> ${CANCELLED})
           WHERE due > 0`,
        )
        .get(branchId)!,
    topItems: (p: P) =>
      db
        .prepare<P, { item_id: number; name: string; type_name: string | null; qty: number; amount: number }>(
          `SELECT l.item_id, max(l.name) AS name, t.name AS type_name, sum(l.qty) AS qty, sum(l.total) AS amount
           FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id LEFT JOIN item_type t ON t.id = l.item_type_id
           WHERE o.branch_id = @branchId AND o.order_date BETWEEN @from AND @to AND o.status_id <> ${CANCELLED}
           GROUP BY l.item_id ORDER BY amount DESC, l.item_id LIMIT 10`,
        )
        .all(p),
    recallsDue: (branchId: number, day: string) =>
      db
        .prepare<[number, string], { n: number }>(
          'SELECT count(DISTINCT customer_id) AS n FROM eye_checkup_recall WHERE branch_id = ? AND recall_date <= ? AND notified_at IS NULL',
        )
        .get(branchId, day)!.n,
    ordersInStatus: (branchId: number, statusId: number) =>
      db
        .prepare<[number, number], DashboardOrderRow>(
          `SELECT o.id, o.order_no, o.order_date, o.delivery_date, o.net_amount, o.insurance_amount, ${RECEIVED_SQL} AS received,
                  c.first_name, c.last_name
           FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE o.branch_id = ? AND o.status_id = ?
           ORDER BY o.order_date DESC, o.id DESC LIMIT 100`,
        )
        .all(branchId, statusId),
  };
});
