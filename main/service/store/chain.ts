/**
 * SQL for the chain dashboard (reports/chain-dashboard.ts): a day's figures of every branch of a
 * company, the tills open at each, and what this PC has heard from each branch by sync. Read-only.
 *
 * chainToday is the one statement for the day's sales and receipts: each branch's orders, sales
 * and money received are its row of the day's totals (branch_day_total, kept by triggers as
 * business is written: migration 038); the count of receipts is a branch-day index range of the
 * receipts (receipt_branch_day), so the cost is the day's receipts per branch, never the history.
 */
import { RECEIPT_STATUS } from '../../../shared/contract/statuses.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

/** A receipt cancelled as if never taken (as the manager's dashboard counts them). */
const VOIDED = RECEIPT_STATUS.Cancelled;

export interface ChainDayRow {
  id: number;
  code: string;
  name: string;
  city: string | null;
  orders: number;
  /** Paise. */
  sales: number;
  receipts: number;
  /** Paise. */
  received: number;
}

export const chainStore = perDatabase((db: Db) => {
  const today = db.prepare<{ companyId: number; day: string }, ChainDayRow>(
    `SELECT b.id, b.code, b.name, b.city,
       coalesce(t.orders, 0) AS orders, coalesce(t.sales, 0) AS sales,
       (SELECT count(*) FROM receipt r INDEXED BY receipt_branch_day
         WHERE r.branch_id = b.id AND r.receipt_date = @day AND r.status_id <> ${VOIDED} AND r.credit_note_id IS NULL) AS receipts,
       coalesce(t.received, 0) AS received
     FROM branch b LEFT JOIN branch_day_total t ON t.branch_id = b.id AND t.day = @day
     WHERE b.company_id = @companyId AND b.is_active = 1 ORDER BY b.code`,
  );
  // Spelled as the partial index till_session_one_open is, so only open sessions are read.
  const tillsOpen = db.prepare<[number], { branch_id: number; n: number }>(
    `SELECT branch_id, count(*) AS n FROM till_session INDEXED BY till_session_one_open
     WHERE company_id = ? AND status = 'open' GROUP BY branch_id`,
  );
  // Nodes × branches rows at most: a chain's PCs and the branches their changes name. This PC's own
  // changes speak for the branch it works at only (an admin here acting for another branch says
  // nothing of that branch's PCs). Another PC's contact with the hub (sync_seen, migration 042)
  // speaks for the branch it last made a change for.
  const heard = db.prepare<{ node: number; branch: number }, { branch_id: number; last_at: string }>(
    `WITH home AS (
       SELECT node_id, branch_id FROM (
         SELECT node_id, branch_id, row_number() OVER (PARTITION BY node_id ORDER BY last_at DESC) AS n
           FROM sync_heard WHERE node_id <> @node)
        WHERE n = 1)
     SELECT branch_id, max(at) AS last_at FROM (
       SELECT branch_id, last_at AS at FROM sync_heard WHERE node_id <> @node OR branch_id = @branch
       UNION ALL
       SELECT h.branch_id, s.seen_at FROM home h JOIN sync_seen s ON s.node_id = h.node_id)
      GROUP BY branch_id`,
  );
  const lastSuccess = db.prepare<[], { last_success_at: string | null }>('SELECT last_success_at FROM sync_state WHERE id = 1');
  return {
    /** Every active branch of the company with the day's orders (not cancelled), sales and receipts. */
    chainToday: (companyId: number, day: string) => today.all({ companyId, day }),
    tillsOpen: (companyId: number) => new Map(tillsOpen.all(companyId).map((r) => [r.branch_id, r.n])),
    /**
     * Per branch: the newest change naming it pulled from another node, or for `branch` (where this
     * PC, node `node`, works) acknowledged to this one too (migration 039); or, if later, when the
     * PC that last made a change for it reached the hub (migration 042).
     */
    heard: (node: number, branch: number) => new Map(heard.all({ node, branch }).map((r) => [r.branch_id, r.last_at])),
    /** When this PC last finished a sync with the hub; null: never. */
    lastSuccessAt: () => lastSuccess.get()?.last_success_at ?? null,
  };
});
