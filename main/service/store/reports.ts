/**
 * SQL of the chain's reports (reports/): read-only, over a set of branches (a JSON array of ids)
 * and a period of days. A figure that is a sum over days reads the daily totals the triggers of
 * migration 038 keep (branch_day_total, item_day_total, payment_day_total, seller_day_total), so
 * a year of a chain is a few thousand rows whatever its orders; lists (price approvals, what is
 * owed, recalls, stock) read their own tables through their indexes.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface ReportPeriod {
  /** JSON array of branch ids, e.g. '[1,2]'. */
  branches: string;
  from: string;
  to: string;
}

const IN_BRANCHES = (column: string) => `${column} IN (SELECT value FROM json_each(@branches))`;

export interface BranchDayFigures {
  orders: number;
  sales: number;
  discount: number;
  tax: number;
  cancelled: number;
  cancelled_amount: number;
  received: number;
  returns: number;
  returned: number;
  refunded: number;
}
const BRANCH_SUMS = `coalesce(sum(t.orders), 0) AS orders, coalesce(sum(t.sales), 0) AS sales, coalesce(sum(t.discount), 0) AS discount,
  coalesce(sum(t.tax), 0) AS tax, coalesce(sum(t.cancelled), 0) AS cancelled, coalesce(sum(t.cancelled_amount), 0) AS cancelled_amount,
  coalesce(sum(t.received), 0) AS received, coalesce(sum(t.returns), 0) AS returns, coalesce(sum(t.returned), 0) AS returned,
  coalesce(sum(t.refunded), 0) AS refunded`;

export type KeyedRow<F> = F & { key: number; label: string };

export const reportStore = perDatabase((db: Db) => {
  const branchNames = db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM branch WHERE company_id = ? ORDER BY name, id');
  const byBranch = db.prepare<ReportPeriod, KeyedRow<BranchDayFigures>>(
    `SELECT b.id AS key, b.name AS label, ${BRANCH_SUMS}
     FROM branch b LEFT JOIN branch_day_total t ON t.branch_id = b.id AND t.day BETWEEN @from AND @to
     WHERE ${IN_BRANCHES('b.id')} GROUP BY b.id ORDER BY b.name, b.id`,
  );
  const byDay = db.prepare<ReportPeriod, BranchDayFigures & { day: string }>(
    `SELECT t.day, ${BRANCH_SUMS} FROM branch_day_total t
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY t.day ORDER BY t.day`,
  );
  type ItemSums = { qty: number; amount: number; discount: number; returned_qty: number; returned_amount: number };
  const ITEM_SUMS = `sum(t.qty) AS qty, sum(t.amount) AS amount, sum(t.discount) AS discount, sum(t.returned_qty) AS returned_qty,
    sum(t.returned_amount) AS returned_amount`;
  const byItemType = db.prepare<ReportPeriod, KeyedRow<ItemSums>>(
    `SELECT y.id AS key, y.name AS label, ${ITEM_SUMS}
     FROM item_day_total t JOIN item i ON i.id = t.item_id JOIN item_type y ON y.id = i.item_type_id
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY y.id ORDER BY amount DESC, y.id`,
  );
  const byBrand = db.prepare<ReportPeriod, KeyedRow<ItemSums>>(
    `SELECT coalesce(b.id, 0) AS key, coalesce(b.name, 'No brand') AS label, ${ITEM_SUMS}
     FROM item_day_total t JOIN item i ON i.id = t.item_id LEFT JOIN brand b ON b.id = i.brand_id
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY b.id ORDER BY amount DESC, key`,
  );
  const byItem = db.prepare<ReportPeriod, KeyedRow<ItemSums> & { code: string }>(
    `SELECT i.id AS key, i.name AS label, i.code, ${ITEM_SUMS}
     FROM item_day_total t JOIN item i ON i.id = t.item_id
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY i.id`,
  );
  const bySeller = db.prepare<ReportPeriod, KeyedRow<{ orders: number; sales: number; discount: number }>>(
    `SELECT u.id AS key, coalesce(nullif(u.full_name, ''), u.user_name) AS label, sum(t.orders) AS orders, sum(t.sales) AS sales, sum(t.discount) AS discount
     FROM seller_day_total t JOIN app_user u ON u.id = t.user_id
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY u.id ORDER BY sales DESC, u.id`,
  );
  const byPaymentKind = db.prepare<ReportPeriod, KeyedRow<{ receipts: number; amount: number }>>(
    `SELECT k.id AS key, k.name AS label, sum(t.receipts) AS receipts, sum(t.amount) AS amount
     FROM payment_day_total t JOIN payment_kind k ON k.id = t.payment_kind_id
     WHERE t.day BETWEEN @from AND @to AND ${IN_BRANCHES('t.branch_id')} GROUP BY k.id ORDER BY k.id`,
  );
  const approvals = db.prepare<ReportPeriod, { branch_id: number; approvals: number; used: number }>(
    `SELECT branch_id, count(*) AS approvals, count(used_at) AS used FROM price_approval
     WHERE ${IN_BRANCHES('branch_id')} AND approved_at >= @from AND approved_at < date(@to, '+1 day') GROUP BY branch_id`,
  );
  const owing = db.prepare<ReportPeriod, KeyedRow<{ mobile: string | null; orders: number; owed: number; oldest: string }>>(
    `SELECT c.id AS key, trim(c.first_name || ' ' || coalesce(c.last_name, '')) AS label, c.mobile, count(*) AS orders,
            sum(o.net_amount - o.insurance_amount - o.received) AS owed, min(o.order_date) AS oldest
     FROM sales_order o JOIN customer c ON c.id = o.customer_id
     WHERE ${IN_BRANCHES('o.branch_id')} AND o.order_date BETWEEN @from AND @to AND o.status_id <> 5
       AND o.net_amount - o.insurance_amount - o.received > 0
     GROUP BY c.id ORDER BY owed DESC, c.id LIMIT 1000`,
  );
  const owedTotal = db.prepare<ReportPeriod, { orders: number; owed: number }>(
    `SELECT count(*) AS orders, coalesce(sum(o.net_amount - o.insurance_amount - o.received), 0) AS owed FROM sales_order o
     WHERE ${IN_BRANCHES('o.branch_id')} AND o.order_date BETWEEN @from AND @to AND o.status_id <> 5
       AND o.net_amount - o.insurance_amount - o.received > 0`,
  );
  const onHand = db.prepare<{ branches: string }, { item_id: number; on_hand: number }>(
    `SELECT item_id, sum(on_hand) AS on_hand FROM stock WHERE ${IN_BRANCHES('branch_id')} GROUP BY item_id HAVING sum(on_hand) > 0`,
  );
  const itemNames = db.prepare<[string], { id: number; code: string; name: string }>(
    'SELECT id, code, name FROM item WHERE id IN (SELECT value FROM json_each(?))',
  );
  const recalls = db.prepare<ReportPeriod, { branch_id: number; due: number; notified: number; customers: number }>(
    `SELECT branch_id, count(*) AS due, count(notified_at) AS notified, count(DISTINCT customer_id) AS customers FROM eye_checkup_recall
     WHERE ${IN_BRANCHES('branch_id')} AND recall_date BETWEEN @from AND @to GROUP BY branch_id`,
  );
  return {
    /** The company's branches, by name. */
    branches: (companyId: number) => branchNames.all(companyId),
    /** branch_day_total summed per branch over the period (a branch with none has zeros). */
    salesByBranch: (p: ReportPeriod) => byBranch.all(p),
    /** branch_day_total summed over the branches per day (days without business are absent). */
    salesByDay: (p: ReportPeriod) => byDay.all(p),
    /** item_day_total per item type. */
    salesByItemType: (p: ReportPeriod) => byItemType.all(p),
    /** item_day_total per brand ('No brand' for items without). */
    salesByBrand: (p: ReportPeriod) => byBrand.all(p),
    /** item_day_total per item (for fast and slow sellers). */
    salesByItem: (p: ReportPeriod) => byItem.all(p),
    /** seller_day_total per user who booked. */
    salesBySeller: (p: ReportPeriod) => bySeller.all(p),
    /** payment_day_total per payment kind. */
    paymentsByKind: (p: ReportPeriod) => byPaymentKind.all(p),
    priceApprovals: (p: ReportPeriod) => approvals.all(p),
    /** Customers who still owe on orders booked in the period (not cancelled), most owed first. */
    owing: (p: ReportPeriod) => owing.all(p),
    owedTotal: (p: ReportPeriod) => owedTotal.get(p)!,
    /** Items on hand today over the branches. */
    onHand: (branches: string) => onHand.all({ branches }),
    itemNames: (ids: readonly number[]) => itemNames.all(JSON.stringify(ids)),
    recalls: (p: ReportPeriod) => recalls.all(p),
  };
});
