/**
 * SQL for `journal` (migration 015, db/journal.ts): events written by the app (sign-ins, failed
 * sign-ins, backups …) and the reads behind an order's history and the Audit screen. Row changes
 * are written by the triggers, never from here; nothing here updates or deletes an entry (the
 * table refuses both).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface JournalRow {
  seq: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  branch_id: number | null;
  till: string;
  source: string;
  tbl: string;
  row_id: number | null;
  row_key: string | null;
  op: 'insert' | 'update' | 'delete' | 'event';
  old_values: string | null;
  new_values: string | null;
}

export interface JournalFilter {
  /** Entries made in the company's branches, and the system's own (no branch). */
  companyId: number;
  /** Only entries made in this branch (a manager's audit); undefined: every branch. */
  branchId?: number | undefined;
  userId?: number | undefined;
  /** ISO instants, from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** A table or an event kind. */
  tbl?: string | undefined;
  rowId?: number | undefined;
  op?: JournalRow['op'] | undefined;
  /** Entries before this sequence number (the next page of a newest-first list). */
  before?: number | undefined;
  limit: number;
}

/** How a record is named to people, by table; a table not here has no name (an ENC id is shown). */
const NAMES: Readonly<Record<string, string>> = {
  sales_order: 'order_no',
  receipt: 'receipt_no',
  invoice: 'invoice_no',
  credit_note: 'credit_note_no',
  customer: "trim(first_name || ' ' || coalesce(last_name, ''))",
  app_user: 'user_name',
  item: 'name',
  branch: 'name',
  role: 'code',
  transfer: 'document_no',
  ...Object.fromEntries(
    ['payment_kind', 'card_type', 'cancellation_reason', 'gender', 'priority', 'state', 'country', 'item_type', 'insurance_company',
      'category', 'sub_category', 'brand', 'supplier', 'fitter', 'membership', 'customer_source', 'module', 'doctor', 'financial_year']
      .map((t) => [t, 'name']),
  ),
};

const SELECT = `SELECT j.seq, j.at, j.user_id, u.user_name, j.branch_id, j.till, j.source, j.tbl, j.row_id, j.row_key, j.op,
  j.old_values, j.new_values FROM journal j LEFT JOIN app_user u ON u.id = j.user_id`;

export const journalEntries = perDatabase((db: Db) => {
  // Prepared on first use: a read worker's connection has no journal functions and never writes.
  let event: Statement<[string, number | null, string]> | undefined;
  const EVENT_SQL =
    `INSERT INTO journal (at, user_id, branch_id, till, source, tbl, row_id, row_key, op, old_values, new_values, hlc)
     VALUES (journal_at(), journal_user(), journal_branch(), journal_till(), journal_source(), ?, ?, NULL, 'event', NULL, ?, journal_hlc())`;
  // An order's own row, and the rows that belong to it, found by their order id where they live now.
  const ofOrder = db.prepare<{ id: number }, JournalRow>(
    `${SELECT} WHERE (j.tbl = 'sales_order' AND j.row_id = @id)
        OR (j.tbl = 'sales_order_line' AND j.row_id IN (SELECT id FROM sales_order_line WHERE sales_order_id = @id))
        OR (j.tbl = 'receipt' AND j.row_id IN (SELECT id FROM receipt WHERE sales_order_id = @id))
        OR (j.tbl = 'invoice' AND j.row_id IN (SELECT id FROM invoice WHERE sales_order_id = @id))
        OR (j.tbl = 'credit_note' AND j.row_id IN (SELECT id FROM credit_note WHERE sales_order_id = @id))
        OR (j.tbl = 'price_approval' AND j.row_id IN (SELECT price_approval_id FROM sales_order_line WHERE sales_order_id = @id))
        OR (j.tbl = 'customer_told' AND j.op = 'event' AND j.row_id = @id)
      ORDER BY j.seq`,
  );
  const lastEvent = db.prepare<[string, number], { at: string }>(
    "SELECT at FROM journal WHERE tbl = ? AND op = 'event' AND row_id = ? ORDER BY seq DESC LIMIT 1",
  );
  const searches = new Map<string, ReturnType<Db['prepare']>>();
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM journal');
  const last = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM journal');
  const namers = new Map<string, { get(id: number): { name: string | null } | undefined }>();
  return {
    /** How people call the record (an order's number, a customer's name); null when it has none or is gone. */
    nameOf(table: string, id: number): string | null {
      const expression = NAMES[table];
      if (!expression) return null;
      let namer = namers.get(table);
      if (!namer) namers.set(table, (namer = db.prepare<[number], { name: string | null }>(`SELECT ${expression} AS name FROM ${table} WHERE id = ?`)));
      return namer.get(id)?.name ?? null;
    },
    /** An event (a sign-in, a backup …) under the running command's actor. */
    event: (kind: string, rowId: number | null, details: Record<string, unknown>) =>
      (event ??= db.prepare<[string, number | null, string]>(EVENT_SQL)).run(kind, rowId, JSON.stringify(details)),
    ofOrder: (orderId: number) => ofOrder.all({ id: orderId }),
    /** When the latest event of `kind` about record `rowId` happened (ISO); null when never. */
    lastEventAt: (kind: string, rowId: number): string | null => lastEvent.get(kind, rowId)?.at ?? null,
    /** Newest first, `limit` entries matching every given filter. */
    search(filter: JournalFilter): JournalRow[] {
      const where = ['(j.branch_id IS NULL OR j.branch_id IN (SELECT id FROM branch WHERE company_id = @companyId))'];
      const params: Record<string, string | number> = { limit: filter.limit, companyId: filter.companyId };
      const add = (key: keyof JournalFilter, sql: string) => {
        const v = filter[key];
        if (v === undefined) return;
        where.push(sql);
        params[key] = v as string | number;
      };
      add('branchId', 'j.branch_id = @branchId');
      add('userId', 'j.user_id = @userId');
      add('from', 'j.at >= @from');
      add('to', 'j.at < @to');
      add('tbl', 'j.tbl = @tbl');
      add('rowId', 'j.row_id = @rowId');
      add('op', 'j.op = @op');
      add('before', 'j.seq < @before');
      const sql = `${SELECT} WHERE ${where.join(' AND ')} ORDER BY j.seq DESC LIMIT @limit`;
      let statement = searches.get(sql);
      if (!statement) searches.set(sql, (statement = db.prepare(sql)));
      return statement.all(params) as JournalRow[];
    },
    count: () => count.get()!.n,
    lastSeq: () => last.get()!.seq ?? 0,
  };
});
