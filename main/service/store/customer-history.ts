/**
 * SQL for a customer's whole history at every branch (order/customer-history.ts): one list of their
 * orders, receipts, returns, examinations and recalls, each with the branch it came from, newest
 * first. Each part reads its table's customer index.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface CustomerHistoryRow {
  kind: 'order' | 'receipt' | 'return' | 'prescription' | 'recall';
  date: string;
  number: string | null;
  order_no: string | null;
  branch_name: string;
  amount: number | null;
  /** order: status id; receipt: payment kind name and status id; return: settlement; recall: notified_at. */
  a: string | number | null;
  b: string | number | null;
  at: string;
}

export const customerHistory = perDatabase((db: Db) => {
  const rows = db.prepare<{ customer: number; limit: number }, CustomerHistoryRow>(
    `SELECT * FROM (
       SELECT 'order' AS kind, o.order_date AS date, o.order_no AS number, o.order_no, b.name AS branch_name, o.net_amount AS amount,
              o.status_id AS a, cb.name AS b, o.created_at AS at
       FROM sales_order o JOIN branch b ON b.id = o.branch_id LEFT JOIN branch cb ON cb.id = o.collect_branch_id WHERE o.customer_id = @customer
       UNION ALL
       SELECT 'receipt', r.receipt_date, r.receipt_no, o.order_no, b.name, r.amount, k.name, r.status_id, r.created_at
       FROM receipt r JOIN branch b ON b.id = r.branch_id JOIN payment_kind k ON k.id = r.payment_kind_id
         LEFT JOIN sales_order o ON o.id = r.sales_order_id WHERE r.customer_id = @customer
       UNION ALL
       SELECT 'return', s.return_date, s.return_no, o.order_no, b.name, s.amount, s.settlement, NULL, s.created_at
       FROM sales_return s JOIN branch b ON b.id = s.branch_id JOIN sales_order o ON o.id = s.sales_order_id WHERE s.customer_id = @customer
       UNION ALL
       SELECT 'prescription', e.visiting_date, NULL, NULL, b.name, NULL, d.name, NULL, e.created_at
       FROM customer_eye_info e JOIN branch b ON b.id = e.branch_id LEFT JOIN doctor d ON d.id = e.doctor_id
       WHERE e.customer_id = @customer AND e.is_active = 1
       UNION ALL
       SELECT 'recall', c.recall_date, NULL, o.order_no, b.name, NULL, c.notified_at, NULL, c.created_at
       FROM eye_checkup_recall c JOIN branch b ON b.id = c.branch_id LEFT JOIN sales_order o ON o.id = c.sales_order_id
       WHERE c.customer_id = @customer
     ) ORDER BY date DESC, at DESC LIMIT @limit`,
  );
  return {
    /** The newest `limit` records of the customer, from every branch. */
    of: (customer: number, limit: number) => rows.all({ customer, limit }),
  };
});
