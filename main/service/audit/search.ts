/**
 * The Audit screen's query (issue 14): the journal newest first, filtered by user, days, record
 * and kind. A manager sees what was done in the signed-in branch; an admin every branch of the
 * company and the system's own entries (migrations, setup).
 */
import type { z } from 'zod';
import type { AuditSearchRequest, AuditEntry } from '../../../shared/models/audit.js';
import type { RequestContext } from '../context.js';
import { JOURNAL_EVENTS, JOURNALED_TABLES } from '../db/journal.js';
import { invalid } from '../errors.js';
import { calendarDate, addDays } from '../input/dates.js';
import { journalEntries } from '../store/journal.js';
import { users } from '../store/user.js';
import { describer, entityOfTable } from './describe.js';

const KINDS = new Set<string>([...JOURNALED_TABLES, ...JOURNAL_EVENTS]);
const PAGE = 50;

/** Midnight starting a store day, as the ISO instant the journal's `at` is compared with. */
const dayStart = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
};

export function searchAudit(ctx: RequestContext, body: z.infer<typeof AuditSearchRequest>): { data: AuditEntry[]; next: number | null } {
  const from = calendarDate(body.fromDate, 'fromDate');
  const to = calendarDate(body.toDate, 'toDate');
  if (from && to && to < from) throw invalid('The end date is before the start date', { toDate: ['Must be on or after fromDate'] });
  const table = body.table || undefined;
  if (table !== undefined && !KINDS.has(table)) throw invalid(`No such kind of record: ${table}`, { table: ['Not a journaled table or event'] });
  let rowId: number | undefined;
  if (body.recordId) {
    const entity = table ? entityOfTable(table) : undefined;
    if (!entity) throw invalid('Say which kind of record the id is (table)', { table: ['Required with recordId, and must be a kind with ids'] });
    rowId = ctx.decode(entity, body.recordId, 'recordId');
  }
  let userId = body.userId ? ctx.decode('user', body.userId, 'userId') : undefined;
  if (body.userName) {
    const user = users(ctx.db).byName(body.userName);
    if (!user || user.company_id !== ctx.user.companyId) throw invalid(`No user named ${body.userName}`, { userName: ['Not a user of this store'] });
    userId = user.id;
  }
  const pageSize = body.pageSize ?? PAGE;
  const rows = journalEntries(ctx.db).search({
    companyId: ctx.user.companyId,
    branchId: ctx.user.role === 'admin' ? undefined : ctx.user.branchId,
    userId,
    from: from ? dayStart(from) : undefined,
    to: to ? dayStart(addDays(to, 1)) : undefined,
    tbl: table,
    rowId,
    op: body.op,
    before: body.before,
    limit: pageSize + 1,
  });
  const d = describer(ctx);
  const data = rows.slice(0, pageSize).map((row) => {
    const changes = d.changes(row);
    return {
      seq: row.seq,
      at: row.at,
      userName: row.user_name,
      branchName: d.branchName(row.branch_id),
      till: row.till,
      source: row.source,
      table: row.tbl,
      recordId: d.record(row),
      op: row.op,
      what: d.what(row, changes),
      changes,
    };
  });
  return { data, next: rows.length > pageSize ? rows[pageSize - 1]!.seq : null };
}
