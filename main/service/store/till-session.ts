/**
 * SQL for `till_session` and `till_cash_move` (issue 16), and the read model of the X and Z
 * reports: the session's sales and receipts (tagged with the session when written), and what the
 * journal says was done from this till during the session (refunds, credit notes, cancellations:
 * the journal's `till` column names the till a change came from).
 */
import { RECEIPT_STATUS, SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface TillSessionRow {
  id: number;
  company_id: number;
  branch_id: number;
  till: string;
  status: 'open' | 'closed';
  opening_float: number;
  opened_by: number;
  opened_at: string;
  closed_by: number | null;
  closed_at: string | null;
  expected_cash: number | null;
  counted_cash: number | null;
  denominations: string | null;
  z_report: string | null;
  opened_by_name: string;
  closed_by_name: string | null;
  branch_name: string;
}

export interface NewTillSession {
  id: number;
  company_id: number;
  branch_id: number;
  till: string;
  opening_float: number;
  opened_by: number;
  opened_at: string;
}

export interface NewCashMove {
  id: number;
  till_session_id: number;
  direction: 'in' | 'out';
  amount: number;
  reason: string;
  created_by: number;
  created_at: string;
}

export interface CashMoveRow {
  direction: 'in' | 'out';
  amount: number;
  reason: string;
  created_at: string;
  by_name: string;
}

export interface Tally {
  count: number;
  amount: number;
}

export interface KindTally extends Tally {
  kind_id: number;
  kind: string;
  /** Of this kind: receipts of the session's own sales (the rest are against earlier orders). */
  sale_count: number;
  sale_amount: number;
}

export interface GstRow {
  rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** What the report builder (sale/till-report.ts) is fed: every figure of one session in paise. */
export interface SessionFigures {
  sales: Tally;
  discounts: Tally;
  priceApprovals: number;
  kinds: KindTally[];
  refunds: Tally;
  cashRefunds: number;
  notesIssued: Tally;
  cancellations: Tally;
  gst: GstRow[];
  moves: CashMoveRow[];
}

const SESSION = `SELECT s.*, u.user_name AS opened_by_name, c.user_name AS closed_by_name, b.name AS branch_name
  FROM till_session s JOIN app_user u ON u.id = s.opened_by LEFT JOIN app_user c ON c.id = s.closed_by JOIN branch b ON b.id = s.branch_id`;

/**
 * A change the journal says came from `@till` while the session was open; for an update, the one
 * that set `status` (an order updated at this till, then cancelled at another, is the other's).
 */
const FROM_TILL = (table: string, row: string, op: 'insert' | 'update', status?: number) => `EXISTS (SELECT 1 FROM journal j WHERE j.tbl = '${table}' AND j.row_id = ${row}
  AND j.op = '${op}' AND j.till = @till AND j.at >= @from AND j.at <= @to${status === undefined ? '' : ` AND json_extract(j.new_values, '$.status_id') = ${status}`})`;

/**
 * What a till did while its session was open, by time window (the refund, the credit note and the
 * cancellation carry no session of their own): each read through an index of its rows in time
 * (migration 027), never every receipt or order of the branch. Named, because with full statistics
 * SQLite preferred the branch-and-status index, which reads every cancelled order of the branch.
 */
export const REFUNDS_IN_WINDOW = `SELECT COUNT(*) AS count, COALESCE(SUM(r.amount), 0) AS amount, COALESCE(SUM(CASE WHEN r.payment_kind_id = 1 THEN r.amount END), 0) AS cash
  FROM receipt r INDEXED BY receipt_refunded WHERE r.company_id = @company AND r.branch_id = @branch AND r.status_id = ${RECEIPT_STATUS.Refunded}
    AND r.modified_at >= @from AND r.modified_at <= @to AND ${FROM_TILL('receipt', 'r.id', 'update', RECEIPT_STATUS.Refunded)}`;
export const NOTES_IN_WINDOW = `SELECT COUNT(*) AS count, COALESCE(SUM(n.amount), 0) AS amount FROM credit_note n INDEXED BY credit_note_created
  WHERE n.company_id = @company AND n.branch_id = @branch AND n.created_at >= @from AND n.created_at <= @to
    AND ${FROM_TILL('credit_note', 'n.id', 'insert')}`;
export const CANCELLATIONS_IN_WINDOW = `SELECT COUNT(*) AS count, COALESCE(SUM(o.net_amount), 0) AS amount FROM sales_order o INDEXED BY sales_order_cancelled
  WHERE o.company_id = @company AND o.branch_id = @branch AND o.status_id = ${SALES_ORDER_STATUS.Cancelled}
    AND o.cancelled_at >= @from AND o.cancelled_at <= @to AND ${FROM_TILL('sales_order', 'o.id', 'update', SALES_ORDER_STATUS.Cancelled)}`;
type Window = { company: number; branch: number; till: string; from: string; to: string };

export const tillSessions = perDatabase((db: Db) => {
  const open = db.prepare<[number, number, string], TillSessionRow>(`${SESSION} WHERE s.company_id = ? AND s.branch_id = ? AND s.till = ? AND s.status = 'open'`);
  const byId = db.prepare<[number, number, number], TillSessionRow>(`${SESSION} WHERE s.id = ? AND s.company_id = ? AND s.branch_id = ?`);
  const latestPerTill = db.prepare<[number, number], TillSessionRow>(
    `${SESSION} WHERE s.company_id = ? AND s.branch_id = ? AND s.id = (
       SELECT s2.id FROM till_session s2 WHERE s2.company_id = s.company_id AND s2.branch_id = s.branch_id AND s2.till = s.till
       ORDER BY s2.status = 'open' DESC, s2.opened_at DESC, s2.id DESC LIMIT 1)
     ORDER BY s.till`,
  );
  const insert = db.prepare<NewTillSession>(
    `INSERT INTO till_session (id, company_id, branch_id, till, status, opening_float, opened_by, opened_at)
     VALUES (@id, @company_id, @branch_id, @till, 'open', @opening_float, @opened_by, @opened_at)`,
  );
  const close = db.prepare<{ id: number; closed_by: number; closed_at: string; expected_cash: number; counted_cash: number; denominations: string; z_report: string }>(
    `UPDATE till_session SET status = 'closed', closed_by = @closed_by, closed_at = @closed_at, expected_cash = @expected_cash,
       counted_cash = @counted_cash, denominations = @denominations, z_report = @z_report
     WHERE id = @id AND status = 'open'`,
  );
  const insertMove = db.prepare<NewCashMove>(
    `INSERT INTO till_cash_move (id, till_session_id, direction, amount, reason, created_by, created_at)
     VALUES (@id, @till_session_id, @direction, @amount, @reason, @created_by, @created_at)`,
  );
  const moves = db.prepare<[number], CashMoveRow>(
    `SELECT m.direction, m.amount, m.reason, m.created_at, u.user_name AS by_name FROM till_cash_move m JOIN app_user u ON u.id = m.created_by
     WHERE m.till_session_id = ? ORDER BY m.created_at, m.id`,
  );
  const sales = db.prepare<[number], { count: number; amount: number; discount_count: number; discount: number }>(
    `SELECT COUNT(*) AS count, COALESCE(SUM(net_amount), 0) AS amount,
            COALESCE(SUM(total_discount > 0), 0) AS discount_count, COALESCE(SUM(total_discount), 0) AS discount
     FROM sales_order WHERE till_session_id = ?`,
  );
  const approvals = db.prepare<[number], { n: number }>(
    `SELECT COUNT(*) AS n FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id
     WHERE o.till_session_id = ? AND l.price_approval_id IS NOT NULL`,
  );
  const kinds = db.prepare<{ id: number }, KindTally>(
    `SELECT r.payment_kind_id AS kind_id, k.name AS kind, COUNT(*) AS count, SUM(r.amount) AS amount,
            SUM(o.till_session_id IS @id) AS sale_count, COALESCE(SUM(CASE WHEN o.till_session_id IS @id THEN r.amount END), 0) AS sale_amount
     FROM receipt r JOIN payment_kind k ON k.id = r.payment_kind_id LEFT JOIN sales_order o ON o.id = r.sales_order_id
     WHERE r.till_session_id = @id GROUP BY r.payment_kind_id ORDER BY r.payment_kind_id`,
  );
  const refunds = db.prepare<Window, { count: number; amount: number; cash: number }>(REFUNDS_IN_WINDOW);
  // Customers' returns refunded from this till (migration 035): each names the session it was paid from.
  const returnRefunds = db.prepare<[number], { count: number; amount: number; cash: number }>(
    `SELECT COUNT(*) AS count, COALESCE(SUM(refund_amount), 0) AS amount, COALESCE(SUM(CASE WHEN refund_kind_id = 1 THEN refund_amount END), 0) AS cash
     FROM sales_return WHERE till_session_id = ? AND refund_amount > 0`,
  );
  const notesIssued = db.prepare<Window, Tally>(NOTES_IN_WINDOW);
  const cancellations = db.prepare<Window, Tally>(CANCELLATIONS_IN_WINDOW);
  // GST by rate: the item lines, and the job charges taxed as a service (migration 010: job_charges is
  // their taxable value, service_tax their GST at job_gst_rate_bp, halved as invoices print it when
  // intra-state; an older order's untaxed job charges carry no rate and no GST of their own).
  const gst = db.prepare<{ id: number }, GstRow>(
    `SELECT rate_bp, SUM(taxable) AS taxable, SUM(cgst) AS cgst, SUM(sgst) AS sgst, SUM(igst) AS igst FROM (
       SELECT l.gst_rate_bp AS rate_bp, l.taxable, l.cgst, l.sgst, l.igst
       FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id WHERE o.till_session_id = @id
       UNION ALL
       SELECT o.job_gst_rate_bp, o.job_charges,
              CASE WHEN o.intra_state = 1 THEN o.service_tax / 2 ELSE 0 END,
              CASE WHEN o.intra_state = 1 THEN o.service_tax - o.service_tax / 2 ELSE 0 END,
              CASE WHEN o.intra_state = 1 THEN 0 ELSE o.service_tax END
       FROM sales_order o WHERE o.till_session_id = @id AND o.job_gst_rate_bp IS NOT NULL AND o.job_charges > 0
     ) GROUP BY rate_bp ORDER BY rate_bp`,
  );
  return {
    /** The till's open session at the branch, if any. */
    open: (companyId: number, branchId: number, till: string) => open.get(companyId, branchId, till),
    byId: (id: number, companyId: number, branchId: number) => byId.get(id, companyId, branchId),
    /** Every till of the branch with its open session, else its latest closed one. */
    latestPerTill: (companyId: number, branchId: number) => latestPerTill.all(companyId, branchId),
    insert: (row: NewTillSession) => insert.run(row),
    /** False when the session was closed meanwhile. */
    close: (row: { id: number; closed_by: number; closed_at: string; expected_cash: number; counted_cash: number; denominations: string; z_report: string }) =>
      close.run(row).changes === 1,
    insertMove: (row: NewCashMove) => insertMove.run(row),
    figures(s: Pick<TillSessionRow, 'id' | 'company_id' | 'branch_id' | 'till' | 'opened_at'>, to: string): SessionFigures {
      const window: Window = { company: s.company_id, branch: s.branch_id, till: s.till, from: s.opened_at, to };
      const sale = sales.get(s.id)!;
      const receiptRefund = refunds.get(window)!;
      const returned = returnRefunds.get(s.id)!;
      const refund = { count: receiptRefund.count + returned.count, amount: receiptRefund.amount + returned.amount, cash: receiptRefund.cash + returned.cash };
      return {
        sales: { count: sale.count, amount: sale.amount },
        discounts: { count: sale.discount_count, amount: sale.discount },
        priceApprovals: approvals.get(s.id)!.n,
        kinds: kinds.all({ id: s.id }),
        refunds: { count: refund.count, amount: refund.amount },
        cashRefunds: refund.cash,
        notesIssued: notesIssued.get(window)!,
        cancellations: cancellations.get(window)!,
        gst: gst.all({ id: s.id }),
        moves: moves.all(s.id),
      };
    },
  };
});
