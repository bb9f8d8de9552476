/**
 * The recall list (issue 16): the signed-in branch's customers due for their eye check-up in a
 * date range, with their last visit, last Rx and phone, and the calls made about each recall.
 * A recall belongs to the branch that set it: only that branch marks it (auth/ownership.ts).
 */
import { RECALL_OUTCOMES, type RecallListItem, type RecallListRequest, type RecallMarkRequest, type RecallOutcome } from '../../../shared/models/recall.js';
import type { RequestContext } from '../context.js';
import { ServiceError, forbidden, invalid, notFound } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { optionalText } from '../input/text.js';
import { branches } from '../store/branch.js';
import { eyeCheckupRecalls } from '../store/eye-checkup-recall.js';
import { eyeExams } from '../store/eye-exam.js';
import { masksMobiles, mobileShown } from './mobile.js';
import { byUse, primaryUse } from './rx-view.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

const STORED: Record<RecallOutcome, 'contacted' | 'booked' | 'not_interested'> = {
  contacted: 'contacted',
  booked: 'booked',
  notInterested: 'not_interested',
};
const ANSWERED: Record<'contacted' | 'booked' | 'not_interested', RecallOutcome> = {
  contacted: 'contacted',
  booked: 'booked',
  not_interested: 'notInterested',
};

/** "R -1.50 / -0.75 × 90, L -1.25": the figures a caller reads out, distance first. */
export function rxSummary(ctx: RequestContext, examId: number): string | null {
  const uses = byUse(eyeExams(ctx.db).rx(examId));
  const use = primaryUse(uses);
  if (!use) return null;
  const pair = uses.get(use)!;
  const eye = (label: string, v: typeof pair.right) => {
    if (!v) return null;
    const cyl = v.cyl && v.cyl !== '0.00' ? ` / ${v.cyl}${v.axis ? ` × ${v.axis}` : ''}` : '';
    const add = v.add ? ` add ${v.add}` : '';
    return `${label} ${v.sph ?? '0.00'}${cyl}${add}`;
  };
  const text = [eye('R', pair.right), eye('L', pair.left)].filter(Boolean).join(', ');
  return use === 'distance' ? text : `${use === 'near' ? 'Near' : 'Contact lens'}: ${text}`;
}

function readRange(body: RecallListRequest): { from: string; to: string } {
  const errors: Record<string, string[]> = {};
  let from: string | null = null;
  let to: string | null = null;
  for (const field of ['from', 'to'] as const) {
    try {
      const d = calendarDate(body[field], field);
      if (d === null) errors[field] = ['Required: a date like 2025-04-01'];
      else if (field === 'from') from = d;
      else to = d;
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      Object.assign(errors, err.errors);
    }
  }
  if (from && to && to < from) errors.to = ['The end of the range cannot come before its start'];
  if (from && to && Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) > 12) {
    errors.to = ['At most a year after the start'];
  }
  if (Object.keys(errors).length > 0) throw invalid('The recall list’s dates have errors', errors);
  return { from: from!, to: to! };
}

export function recallList(ctx: RequestContext, body: RecallListRequest): { rows: RecallListItem[]; nextPage: string | null } {
  const { from, to } = readRange(body);
  const store = eyeCheckupRecalls(ctx.db);
  let afterDate = '';
  let afterId = 0;
  if (body.after?.trim()) {
    afterId = ctx.decode('recall', body.after.trim(), 'after');
    const at = store.byId(ctx.user.companyId, afterId);
    if (!at) throw invalid('after is not a page of this list', { after: ['Start again from the first page'] });
    afterDate = at.recall_date;
  }
  const limit = body.pageSize ?? 50;
  const found = store.list({ branchId: ctx.user.branchId, from, to, open: body.status === 'all' ? 0 : 1, afterDate, afterId, limit: limit + 1 });
  const page = found.slice(0, limit);
  const mask = masksMobiles(ctx);
  const exams = eyeExams(ctx.db);
  const rows = page.map((r): RecallListItem => {
    const exam = exams.current(r.customer_id);
    return {
      recallID: ctx.enc.encode('recall', r.id),
      customerID: ctx.enc.encode('customer', r.customer_id),
      customerName: `${r.first_name} ${r.last_name}`.trim(),
      mobile: mobileShown(mask, r.mobile),
      recallDate: r.recall_date,
      lastVisit: exam?.visiting_date ?? null,
      lastRx: exam ? rxSummary(ctx, exam.id) : null,
      lastRxID: exam ? ctx.enc.encode('prescription', exam.id) : null,
      outcome: r.outcome ? ANSWERED[r.outcome] : null,
      outcomeNote: r.note,
      markedBy: r.marked_by,
      markedAt: r.marked_at,
    };
  });
  const last = page[page.length - 1];
  return { rows, nextPage: found.length > limit && last ? ctx.enc.encode('recall', last.id) : null };
}

/** Records one call about a recall, at the recall's own branch only; one immediate transaction. */
export function markRecall(ctx: RequestContext, body: RecallMarkRequest) {
  const errors: Record<string, string[]> = {};
  const outcome = RECALL_OUTCOMES.find((o) => o === body.outcome?.trim());
  if (!outcome) errors.outcome = [`One of ${RECALL_OUTCOMES.join(', ')}`];
  const note = optionalText(body.note);
  if (note && note.length > TEXT_MAX.remarks) errors.note = [atMost(TEXT_MAX.remarks)];
  if (!body.recallID?.trim()) errors.recallID = ['Required'];
  if (Object.keys(errors).length > 0) throw invalid('The call cannot be recorded', errors);
  const at = ctx.now().toISOString();
  return ctx.db
    .transaction(() => {
      const id = ctx.decode('recall', body.recallID.trim(), 'recallID');
      const store = eyeCheckupRecalls(ctx.db);
      const recall = store.byId(ctx.user.companyId, id);
      if (!recall) throw notFound('No such recall');
      if (recall.branch_id !== ctx.user.branchId) {
        const owner = branches(ctx.db).byId(recall.branch_id)?.name ?? 'another branch';
        throw forbidden(`This recall belongs to ${owner}: it is worked there.`, { recallID: [`Set at ${owner}`] }, 'OTHER_BRANCH');
      }
      store.mark({
        id: ctx.ids.next('recall_contact'), company_id: ctx.user.companyId, branch_id: recall.branch_id, recall_id: recall.id,
        customer_id: recall.customer_id, outcome: STORED[outcome!], note, created_by: ctx.user.id, created_at: at,
      });
      return { message: 'Call recorded', outcome: outcome!, markedBy: ctx.user.userName, markedAt: at };
    })
    .immediate();
}
