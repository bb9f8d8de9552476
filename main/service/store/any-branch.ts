/**
 * SQL for an order served by more than one branch (order/any-branch.ts): where it is collected,
 * who handed it over, the status a pulled change meets (sync/order-rules.ts), and the orders two
 * branches acting apart left for a person to settle.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface CollectionRow {
  collect_branch_id: number | null;
  collect_branch_name: string;
  delivered_branch_id: number | null;
  delivered_branch_name: string | null;
  delivered_at: string | null;
}

export interface ToSettleRow {
  id: number;
  order_no: string;
  order_date: string;
  first_name: string;
  last_name: string;
  branch_name: string;
  collect_branch_name: string | null;
  delivered_branch_name: string | null;
  delivered_at: string | null;
  status_id: number;
  net_amount: number;
  insurance_amount: number;
  received: number;
  cancelled_at: string | null;
}

/** The partial index sales_order_to_settle (migration 036) serves exactly this condition. */
const TO_SETTLE = `(o.received > o.net_amount - o.insurance_amount OR (o.status_id = 5 AND (o.received > 0 OR o.delivered_at IS NOT NULL)))`;

/**
 * A settlement (migration 041) made at the order's figures as they are now: the order is settled
 * until one of them changes (another payment, a cancel, a hand-over arriving by sync).
 */
const SETTLED_AT_THESE_FIGURES = `EXISTS (SELECT 1 FROM order_settlement s WHERE s.sales_order_id = o.id AND s.status_id = o.status_id
  AND s.net_amount = o.net_amount AND s.insurance_amount = o.insurance_amount AND s.received = o.received AND s.delivered_at IS o.delivered_at)`;

/** The figures a settlement keeps, and the branches an order concerns. */
export interface SettlingRow {
  id: number;
  order_no: string;
  branch_id: number;
  collect_branch_id: number | null;
  delivered_branch_id: number | null;
  delivered_branch_name: string | null;
  delivered_at: string | null;
  status_id: number;
  net_amount: number;
  insurance_amount: number;
  received: number;
  settled: number;
}

export interface SettlementRow {
  id: number;
  company_id: number;
  branch_id: number;
  sales_order_id: number;
  note: string;
  refund_amount: number;
  till_cash_move_id: number | null;
  status_id: number;
  net_amount: number;
  insurance_amount: number;
  received: number;
  delivered_at: string | null;
  created_by: number;
  created_at: string;
}

export const anyBranchOrders = perDatabase((db: Db) => {
  const collection = db.prepare<[number], CollectionRow>(
    `SELECT o.collect_branch_id, coalesce(cb.name, b.name) AS collect_branch_name, o.delivered_branch_id, db.name AS delivered_branch_name, o.delivered_at
     FROM sales_order o JOIN branch b ON b.id = o.branch_id
       LEFT JOIN branch cb ON cb.id = o.collect_branch_id LEFT JOIN branch db ON db.id = o.delivered_branch_id
     WHERE o.id = ?`,
  );
  // Not modified_by/at: the booking branch and head office both move it, and only this column has
  // a last-writer-wins rule in sync (sync/order-rules.ts); who moved it and when is in the journal.
  const setCollect = db.prepare<{ id: number; branch: number | null }>('UPDATE sales_order SET collect_branch_id = @branch WHERE id = @id');
  const atBooking = db.prepare<[number | null, number]>('UPDATE sales_order SET collect_branch_id = ? WHERE id = ?');
  const delivered = db.prepare<{ id: number; branch: number; at: string }>(
    'UPDATE sales_order SET delivered_branch_id = @branch, delivered_at = @at WHERE id = @id',
  );
  const statusOf = db.prepare<[number], { status_id: number }>('SELECT status_id FROM sales_order WHERE id = ?');
  const toSettle = db.prepare<{ company: number; branch: number | null }, ToSettleRow>(
    `SELECT o.id, o.order_no, o.order_date, c.first_name, c.last_name, b.name AS branch_name, cb.name AS collect_branch_name,
            db.name AS delivered_branch_name, o.delivered_at, o.status_id, o.net_amount, o.insurance_amount, o.received, o.cancelled_at
     FROM sales_order o JOIN customer c ON c.id = o.customer_id JOIN branch b ON b.id = o.branch_id
       LEFT JOIN branch cb ON cb.id = o.collect_branch_id LEFT JOIN branch db ON db.id = o.delivered_branch_id
     WHERE o.company_id = @company AND ${TO_SETTLE} AND NOT ${SETTLED_AT_THESE_FIGURES}
       AND (@branch IS NULL OR o.branch_id = @branch OR o.collect_branch_id = @branch OR o.delivered_branch_id = @branch)
     ORDER BY o.order_date DESC, o.id DESC LIMIT 500`,
  );
  const settling = db.prepare<[number], SettlingRow>(
    `SELECT o.id, o.order_no, o.branch_id, o.collect_branch_id, o.delivered_branch_id, db.name AS delivered_branch_name, o.delivered_at,
            o.status_id, o.net_amount, o.insurance_amount, o.received, ${SETTLED_AT_THESE_FIGURES} AS settled
     FROM sales_order o LEFT JOIN branch db ON db.id = o.delivered_branch_id WHERE o.id = ?`,
  );
  const insertSettlement = db.prepare(
    `INSERT INTO order_settlement (id, company_id, branch_id, sales_order_id, note, refund_amount, till_cash_move_id, status_id, net_amount,
                                   insurance_amount, received, delivered_at, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @sales_order_id, @note, @refund_amount, @till_cash_move_id, @status_id, @net_amount,
             @insurance_amount, @received, @delivered_at, @created_by, @created_at)`,
  );
  return {
    collection: (orderId: number) => collection.get(orderId)!,
    /** The order's figures, the branches it concerns, and whether it is settled at these figures (1). */
    settling: (orderId: number) => settling.get(orderId),
    insertSettlement: (row: SettlementRow) => insertSettlement.run(row),
    /** null: collected where it was booked. */
    setCollectBranch: (id: number, branch: number | null) => setCollect.run({ id, branch }),
    /** SaveSale's choice, written with the order in its transaction (not a later change: no modified_*). */
    collectAtBooking: (id: number, branch: number | null) => atBooking.run(branch, id),
    /** Which branch handed the goods over, and when (kept beside the status, see migration 036). */
    markDelivered: (id: number, branch: number, at: string) => delivered.run({ id, branch, at }),
    /** The order's status on this store, undefined when the order is not here (yet). */
    statusOf: (id: number) => statusOf.get(id)?.status_id,
    /** The company's orders needing a person; those booked, collected or handed over at `branch`, or all when null. */
    toSettle: (company: number, branch: number | null) => toSettle.all({ company, branch }),
  };
});
