/**
 * Till sessions (issue 16): a till (the x-till-id a request comes from, shared/contract/till.ts) is
 * opened with a float, takes cash in and out with a reason, and is closed with its cash counted by
 * denomination; the Z report made at close is kept and a closed session is never reopened. A sale,
 * and any receipt taking cash, needs the till's open session (requireOpenTill, inside the caller's
 * transaction). Each write is one immediate transaction.
 */
import { countedPaise, DENOMINATIONS, type CashCount } from '../../../shared/domain/till.js';
import type { CashCountModel, CashMoveRequest, OpenTillRequest, TillReport, TillState } from '../../../shared/models/till.js';
import { rupees } from '../../../shared/domain/money.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';
import { tillSessions, type TillSessionRow } from '../store/till-session.js';
import { buildTillReport, expectedCashPaise } from './till-report.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

/** The code a client can act on: open the till, then try again. */
export const TILL_NOT_OPEN = 'TILL_NOT_OPEN';

const tillName = (till: string) => till || '(this PC)';

/** The till's open session id; a 409 TILL_NOT_OPEN when there is none. Call inside the write's transaction. */
export function requireOpenTill(ctx: RequestContext): number {
  const open = tillSessions(ctx.db).open(ctx.user.companyId, ctx.user.branchId, ctx.till);
  if (!open) throw conflict('Open the till first: this till has no open session, so it cannot take a sale or cash', TILL_NOT_OPEN);
  return open.id;
}

/** The till's open session id, or null: a card or UPI receipt is tagged with it when there is one. */
export function openTillId(ctx: RequestContext): number | null {
  return tillSessions(ctx.db).open(ctx.user.companyId, ctx.user.branchId, ctx.till)?.id ?? null;
}

export function openTill(ctx: RequestContext, body: OpenTillRequest): TillState {
  const float = paiseField(body.openingFloat, 'openingFloat');
  if (float === null) throw invalid('Enter the opening float', { openingFloat: ['Required'] });
  const { companyId, branchId } = ctx.user;
  return ctx.db
    .transaction(() => {
      if (tillSessions(ctx.db).open(companyId, branchId, ctx.till)) throw conflict('This till is open already: close it before opening a new day', 'TILL_ALREADY_OPEN');
      const id = ctx.ids.next('till_session');
      tillSessions(ctx.db).insert({ id, company_id: companyId, branch_id: branchId, till: ctx.till, opening_float: float, opened_by: ctx.user.id, opened_at: ctx.now().toISOString() });
      return stateOf(ctx, tillSessions(ctx.db).byId(id, companyId, branchId)!);
    })
    .immediate();
}

export function moveCash(ctx: RequestContext, body: CashMoveRequest): TillState {
  const amount = paiseField(body.amount, 'amount');
  if (!amount) throw invalid('Enter the amount', { amount: ['More than 0'] });
  const reason = optionalText(body.reason);
  if (!reason) throw invalid('Say why the cash goes in or out', { reason: ['Required, e.g. petty cash or bank deposit'] });
  if (reason.length > TEXT_MAX.reason) throw invalid('The reason is too long', { reason: [atMost(TEXT_MAX.reason)] });
  return ctx.db
    .transaction(() => {
      const id = requireOpenTill(ctx);
      recordCashMove(ctx, body.direction, amount, reason, 'amount');
      return stateOf(ctx, tillSessions(ctx.db).byId(id, ctx.user.companyId, ctx.user.branchId)!);
    })
    .immediate();
}

/**
 * Cash into or out of this till's open session, inside the caller's transaction (Till.cashMove,
 * an order's settlement paying money back): no open till is a 409, more cash out than the drawer
 * holds a 400 naming `field`. Answers the move's id.
 */
export function recordCashMove(ctx: RequestContext, direction: 'in' | 'out', amount: number, reason: string, field: string): number {
  const id = requireOpenTill(ctx);
  const session = tillSessions(ctx.db).byId(id, ctx.user.companyId, ctx.user.branchId)!;
  if (direction === 'out') {
    const inDrawer = expectedCashPaise(session.opening_float, tillSessions(ctx.db).figures(session, ctx.now().toISOString()));
    if (amount > inDrawer) throw invalid('There is not that much cash in the till', { [field]: [`At most ${rupees(inDrawer).toFixed(2)}`] });
  }
  const moveId = ctx.ids.next('till_cash_move');
  tillSessions(ctx.db).insertMove({ id: moveId, till_session_id: id, direction, amount, reason, created_by: ctx.user.id, created_at: ctx.now().toISOString() });
  return moveId;
}

/** The counted notes and coins, each a whole number from 0; a 400 names the denomination. */
function readCount(model: CashCountModel): CashCount {
  const count: CashCount = {};
  for (const d of DENOMINATIONS) {
    const n = model[d.key];
    if (n === null || n === undefined) continue;
    if (!Number.isInteger(n) || n < 0 || n > 100000) throw invalid(`Count the ${d.label} again`, { [`counted.${d.key}`]: ['A whole number from 0'] });
    if (n > 0) count[d.key] = n;
  }
  return count;
}

/** Closes the till's open session with the counted cash; answers the Z report, kept with the session. */
export function closeTill(ctx: RequestContext, model: CashCountModel): TillReport {
  const count = readCount(model);
  return ctx.db
    .transaction(() => {
      const id = requireOpenTill(ctx);
      const store = tillSessions(ctx.db);
      const session = store.byId(id, ctx.user.companyId, ctx.user.branchId)!;
      const at = ctx.now().toISOString();
      const report = buildTillReport({
        kind: 'Z', session, sessionId: ctx.enc.encode('tillSession', id), at, closedBy: ctx.user.userName,
        figures: store.figures(session, at), counted: { paise: countedPaise(count), count },
      });
      const closed = store.close({
        id, closed_by: ctx.user.id, closed_at: at, expected_cash: Math.round(report.expectedCash * 100), counted_cash: countedPaise(count),
        denominations: JSON.stringify(count), z_report: JSON.stringify(report),
      });
      if (!closed) throw conflict('The till was closed meanwhile', 'TILL_NOT_OPEN');
      return report;
    })
    .immediate();
}

/** The X report of the till's open session: as the Z report would say now, without closing. */
export function xReport(ctx: RequestContext): TillReport {
  const store = tillSessions(ctx.db);
  const session = store.open(ctx.user.companyId, ctx.user.branchId, ctx.till);
  if (!session) throw conflict('Open the till first: there is no open session to report on', TILL_NOT_OPEN);
  const at = ctx.now().toISOString();
  return buildTillReport({ kind: 'X', session, sessionId: ctx.enc.encode('tillSession', session.id), at, closedBy: null, figures: store.figures(session, at), counted: null });
}

/** A session's report by its id: the kept Z report of a closed one, an X report of an open one. */
export function sessionReport(ctx: RequestContext, sessionIdText: string): TillReport {
  const store = tillSessions(ctx.db);
  const session = store.byId(ctx.decode('tillSession', sessionIdText, 'sessionId'), ctx.user.companyId, ctx.user.branchId);
  if (!session) throw notFound('No such till session');
  if (session.z_report) return JSON.parse(session.z_report) as TillReport;
  const at = ctx.now().toISOString();
  return buildTillReport({ kind: 'X', session, sessionId: sessionIdText, at, closedBy: null, figures: store.figures(session, at), counted: null });
}

function stateOf(ctx: RequestContext, s: TillSessionRow): TillState {
  const open = s.status === 'open';
  const figures = open ? tillSessions(ctx.db).figures(s, ctx.now().toISOString()) : null;
  const expected = figures ? expectedCashPaise(s.opening_float, figures) : s.expected_cash;
  const kept = s.z_report ? (JSON.parse(s.z_report) as TillReport) : null;
  return {
    till: s.till,
    status: s.status,
    sessionId: ctx.enc.encode('tillSession', s.id),
    openedAt: s.opened_at,
    openedBy: s.opened_by_name,
    openingFloat: rupees(s.opening_float),
    closedAt: s.closed_at,
    closedBy: s.closed_by_name,
    expectedCash: expected === null ? null : rupees(expected),
    countedCash: s.counted_cash === null ? null : rupees(s.counted_cash),
    difference: s.counted_cash === null || s.expected_cash === null ? null : rupees(s.counted_cash - s.expected_cash),
    salesCount: figures ? figures.sales.count : kept?.sales.count ?? null,
  };
}

/** This till's state: its open session, else its last closed one, else none. */
export function tillState(ctx: RequestContext): TillState {
  const row = tillSessions(ctx.db).latestPerTill(ctx.user.companyId, ctx.user.branchId).find((s) => s.till === ctx.till);
  if (!row) {
    return { till: ctx.till, status: 'none', sessionId: null, openedAt: null, openedBy: null, openingFloat: null, closedAt: null, closedBy: null, expectedCash: null, countedCash: null, difference: null, salesCount: null };
  }
  return stateOf(ctx, row);
}

/** Every till of the branch (the manager's view). */
export function everyTill(ctx: RequestContext): TillState[] {
  return tillSessions(ctx.db).latestPerTill(ctx.user.companyId, ctx.user.branchId).map((s) => stateOf(ctx, s));
}

export { tillName };
