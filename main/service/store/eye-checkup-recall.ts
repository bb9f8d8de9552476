/**
 * SQL for `eye_checkup_recall`: when a customer is due for the next eye test (the dashboard counts
 * them, the recall list works them), and `recall_contact`, the calls made about one (issue 16).
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface NewRecall {
  id: number;
  company_id: number;
  branch_id: number;
  customer_id: number;
  recall_date: string;
  remarks: string | null;
  sales_order_id: number | null;
  /** The examination that set it (migration 020); null for a recall typed at the counter alone. */
  eye_info_id?: number | null;
  created_by: number;
  created_at: string;
}

export interface RecallRow {
  id: number;
  company_id: number;
  branch_id: number;
  customer_id: number;
  recall_date: string;
  notified_at: string | null;
}

/** A row of the recall list: the recall, its customer, and its latest call (if any). */
export interface RecallListRow {
  id: number;
  recall_date: string;
  customer_id: number;
  first_name: string;
  last_name: string;
  mobile: string | null;
  outcome: 'contacted' | 'booked' | 'not_interested' | null;
  note: string | null;
  marked_at: string | null;
  marked_by: string | null;
}

export interface RecallListQuery {
  branchId: number;
  from: string;
  to: string;
  /** 1: only recalls nobody has marked. */
  open: 0 | 1;
  /** Keyset: rows after (afterDate, afterId); '' and 0 for the first page. */
  afterDate: string;
  afterId: number;
  limit: number;
}

export interface NewRecallContact {
  id: number;
  company_id: number;
  branch_id: number;
  recall_id: number;
  customer_id: number;
  outcome: 'contacted' | 'booked' | 'not_interested';
  note: string | null;
  created_by: number;
  created_at: string;
}

export const eyeCheckupRecalls = perDatabase((db: Db) => {
  const insert = db.prepare<Required<NewRecall>>(
    `INSERT INTO eye_checkup_recall (id, company_id, branch_id, customer_id, recall_date, remarks, sales_order_id, eye_info_id, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @customer_id, @recall_date, @remarks, @sales_order_id, @eye_info_id, @created_by, @created_at)`,
  );
  const byId = db.prepare<[number, number], RecallRow>(
    'SELECT id, company_id, branch_id, customer_id, recall_date, notified_at FROM eye_checkup_recall WHERE id = ? AND company_id = ?',
  );
  const ofExam = db.prepare<[number], { id: number }>('SELECT id FROM eye_checkup_recall WHERE eye_info_id = ?');
  const moveToExam = db.prepare<{ from: number; to: number; recall_date: string }>(
    'UPDATE eye_checkup_recall SET eye_info_id = @to, recall_date = @recall_date WHERE eye_info_id = @from',
  );
  const redate = db.prepare<{ exam: number; recall_date: string }>(
    'UPDATE eye_checkup_recall SET recall_date = @recall_date WHERE eye_info_id = @exam AND recall_date <> @recall_date',
  );
  // Walks eye_checkup_recall_list in (recall_date, id) order from the keyset; a recall counts only
  // while it is its customer's newest (a later visit set a new one), and its latest call is one
  // index probe (recall_contact_recall).
  const list = db.prepare<RecallListQuery, RecallListRow>(
    `SELECT r.id, r.recall_date, r.customer_id, c.first_name, c.last_name, c.mobile,
            m.outcome, m.note, m.created_at AS marked_at, mu.user_name AS marked_by
     FROM eye_checkup_recall r INDEXED BY eye_checkup_recall_list
     JOIN customer c ON c.id = r.customer_id
     LEFT JOIN recall_contact m ON m.id = (SELECT x.id FROM recall_contact x WHERE x.recall_id = r.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1)
     LEFT JOIN app_user mu ON mu.id = m.created_by
     WHERE r.branch_id = @branchId AND r.recall_date BETWEEN @from AND @to
       AND (r.recall_date > @afterDate OR (r.recall_date = @afterDate AND r.id > @afterId))
       AND NOT EXISTS (SELECT 1 FROM eye_checkup_recall n INDEXED BY eye_checkup_recall_newest
                       WHERE n.customer_id = r.customer_id AND (n.created_at > r.created_at OR (n.created_at = r.created_at AND n.id > r.id)))
       AND (@open = 0 OR m.id IS NULL)
     ORDER BY r.recall_date, r.id LIMIT @limit`,
  );
  const insertContact = db.prepare<NewRecallContact>(
    `INSERT INTO recall_contact (id, company_id, branch_id, recall_id, customer_id, outcome, note, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @recall_id, @customer_id, @outcome, @note, @created_by, @created_at)`,
  );
  const notified = db.prepare<{ id: number; at: string }>(
    'UPDATE eye_checkup_recall SET notified_at = @at WHERE id = @id AND notified_at IS NULL',
  );
  return {
    insert: (row: NewRecall) => insert.run({ eye_info_id: null, ...row }),
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    ofExam: (examId: number) => ofExam.get(examId),
    /** An amendment: the recall the old version set now belongs to the new one, with its date. */
    moveToExam: (from: number, to: number, recallDate: string) => moveToExam.run({ from, to, recall_date: recallDate }).changes,
    /** An examination edited in place: its recall follows the new date. */
    redate: (examId: number, recallDate: string) => redate.run({ exam: examId, recall_date: recallDate }),
    list: (q: RecallListQuery) => list.all(q),
    /** A call, and the recall counted as notified (the dashboard's due count) from the first one. */
    mark(row: NewRecallContact) {
      insertContact.run(row);
      notified.run({ id: row.recall_id, at: row.created_at });
    },
  };
});
