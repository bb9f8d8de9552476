/**
 * A customer's return of delivered goods (returns/), in one immediate transaction:
 *
 *  - only delivered lines of an order of this branch, each up to what was sold less what has come
 *    back (more is a 400 naming the line); a line made to order goes to the damaged bin only;
 *  - stock is only ever movements: back to sellable stock is a 'return' movement in; into the
 *    damaged bin is that same 'return' in and a 'write_off' out, both naming the return
 *    (document 'customer_return'), so the shelf's on hand is unchanged and the ledger shows both;
 *  - the GST reversed is the sale's own figures per line, in proportion to the quantity back,
 *    rounded so that the returns of a whole line add up to the line exactly (reversedShare);
 *    when the sale was invoiced the return is also a GST credit note, its own series;
 *  - the money: refunded from this till's open session (a cash refund no more than the drawer
 *    holds; it counts in the till's X and Z reports) or onto a store credit note;
 *  - past the store's return window, a manager approves: a manager signed in, or one who types
 *    their own password at the counter (sale/price-approval.ts verifyManager, as for prices).
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { divRound } from '../../../shared/domain/gst.js';
import { rupees } from '../../../shared/domain/money.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';
import type { ManagerApproval, ReturnLineRequest, SalesReturnRequest, SalesReturnResult } from '../../../shared/models/returns.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid } from '../errors.js';
import { optionalText } from '../input/text.js';
import { verifyManager } from '../sale/price-approval.js';
import { CASH_KIND, CREDIT_NOTE_KIND, expectedCashPaise } from '../sale/till-report.js';
import { requireOpenTill } from '../sale/till-session.js';
import { creditNotes } from '../store/credit-note.js';
import { numberSeries } from '../store/number-series.js';
import { salesReturns, type Destination, type NewSalesReturn, type NewSalesReturnLine, type ReturnableLineRow, type Settlement } from '../store/sales-return.js';
import { stockMovements } from '../store/stock-movement.js';
import { tillSessions } from '../store/till-session.js';
import { orderForReturn, type OrderForReturn } from './returnable.js';

/** Who let a return past the window, and why; null within it. */
export interface Approval {
  managerId: number;
  managerName: string;
  reason: string | null;
}

/** A return checked and worked out, not yet written. */
export interface ReturnPlan {
  id: number;
  found: OrderForReturn;
  reason: string;
  approval: Approval | null;
  lines: Array<Omit<NewSalesReturnLine, 'id' | 'sales_return_id'> & { source: ReturnableLineRow }>;
  /** Paise: the lines' totals, rounded to the rupee (amount) and what rounding added. */
  amount: number;
  rounding: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** This return's part of a line figure: what `before + qty` of `sold` units carry, less what `before` did. */
export function reversedShare(figure: number, sold: number, before: number, qty: number): number {
  return divRound(figure * (before + qty), sold) - divRound(figure * before, sold);
}

export const RETURN_WINDOW_PASSED = 'RETURN_WINDOW_PASSED';

function readReason(text: string): string {
  const reason = optionalText(text);
  if (!reason) throw invalid('Say why the goods came back', { reason: ['Required, e.g. frame broke, wrong power'] });
  if (reason.length > TEXT_MAX.reason) throw invalid('The reason is too long', { reason: [atMost(TEXT_MAX.reason)] });
  return reason;
}

/**
 * Past the window: the signed-in manager approves by doing it; a cashier needs a manager's own
 * password typed at the counter. Checked before the transaction (a password check is slow).
 */
export async function approvalFor(ctx: RequestContext, orderId: number, given: ManagerApproval | null | undefined): Promise<Approval | null> {
  const { window, refusal, order } = orderForReturn(ctx, orderId);
  if (refusal || !window?.pastWindow) return null;
  const why = optionalText(given?.reason ?? null);
  if (ctx.user.role === 'admin' || ctx.user.role === 'manager') return { managerId: ctx.user.id, managerName: ctx.user.userName, reason: why };
  if (!given?.userName?.trim() || !given.password) {
    throw conflict(
      `Order ${order.order_no} was delivered on ${window.deliveredOn}; the store's return window of ${window.days} days ended on ${window.windowEnds}: a manager must approve this return`,
      RETURN_WINDOW_PASSED,
    );
  }
  const manager = await verifyManager(ctx, given.userName.trim(), given.password, 'return_approval_refused');
  return { managerId: manager.id, managerName: manager.user_name, reason: why };
}

/** Checks the lines against the order (inside the transaction, so two tills cannot both take the last unit back). */
export function planReturn(ctx: RequestContext, orderId: number, lines: readonly ReturnLineRequest[], reasonText: string, approval: Approval | null): ReturnPlan {
  const reason = readReason(reasonText);
  if (lines.length === 0) throw invalid('Choose what comes back', { lines: ['At least one line'] });
  const found = orderForReturn(ctx, orderId);
  if (found.refusal) throw conflict(found.refusal, 'RETURN_NOT_ALLOWED');
  if (found.window?.pastWindow && !approval) {
    throw conflict(`The store's return window ended on ${found.window.windowEnds}: a manager must approve this return`, RETURN_WINDOW_PASSED);
  }
  const byId = new Map(found.lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const planned: ReturnPlan['lines'] = lines.map((l, i) => {
    const at = (f: string) => `lines.${i}.${f}`;
    const lineId = ctx.decode('salesOrderLine', l.salesOrderLineID, at('salesOrderLineID'));
    const line = byId.get(lineId);
    if (!line) throw invalid('That line is not on this order', { [at('salesOrderLineID')]: ['Not a line of this order'] });
    if (seen.has(lineId)) throw invalid(`${line.name} is listed twice`, { [at('salesOrderLineID')]: ['Once per line: add the quantities together'] });
    seen.add(lineId);
    const left = line.qty - line.returned;
    if (!Number.isInteger(l.qty) || l.qty < 1) throw invalid(`How many of ${line.name} came back?`, { [at('qty')]: ['A whole number from 1'] });
    if (l.qty > left) {
      throw invalid(`${line.name}: only ${left} can come back (sold ${line.qty}, returned ${line.returned} before)`, { [at('qty')]: [`At most ${left}`] });
    }
    const destination: Destination = l.destination;
    if (destination === 'stock' && line.stock_counted !== 1) {
      throw invalid(`${line.name} was made to order, not taken from the shelf: it goes to the damaged bin`, { [at('destination')]: ['damaged'] });
    }
    const share = (figure: number) => reversedShare(figure, line.qty, line.returned, l.qty);
    return {
      sales_order_line_id: line.id, item_id: line.item_id, qty: l.qty, destination, gst_rate_bp: line.gst_rate_bp,
      taxable: share(line.taxable), cgst: share(line.cgst), sgst: share(line.sgst), igst: share(line.igst), total: share(line.total), source: line,
    };
  });
  const sum = (f: (l: ReturnPlan['lines'][number]) => number) => planned.reduce((s, l) => s + f(l), 0);
  const total = sum((l) => l.total);
  const amount = divRound(total, 100) * 100;
  return {
    id: ctx.ids.next('sales_return'), found, reason, approval, lines: planned, amount, rounding: amount - total,
    taxable: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst),
  };
}

/** The goods back on the shelf, or in and straight out to the damaged bin: movements naming the return. */
export function putBack(ctx: RequestContext, plan: ReturnPlan): void {
  const at = ctx.now().toISOString();
  const moves = stockMovements(ctx.db);
  for (const l of plan.lines) {
    // Goods made to order never stood on this shelf: nothing to move.
    if (l.source.stock_counted !== 1) continue;
    const base = { item_id: l.item_id, branch_id: ctx.user.branchId, batch_no: l.source.batch_no, at, created_by: ctx.user.id, document: 'customer_return' as const, document_id: plan.id };
    moves.add({ id: ctx.ids.next('stock_movement'), delta: l.qty, reason: 'return', ...base });
    if (l.destination === 'damaged') moves.add({ id: ctx.ids.next('stock_movement'), delta: -l.qty, reason: 'write_off', ...base });
  }
}

/** A refund from this till's open session; cash no more than the drawer should hold. Answers the session id. */
export function refundFromTill(ctx: RequestContext, amount: number, kindId: number, field: string): number {
  const sessionId = requireOpenTill(ctx);
  if (kindId === CASH_KIND) {
    const store = tillSessions(ctx.db);
    const session = store.byId(sessionId, ctx.user.companyId, ctx.user.branchId)!;
    const inDrawer = expectedCashPaise(session.opening_float, store.figures(session, ctx.now().toISOString()));
    if (amount > inDrawer) throw invalid(`There is not that much cash in the till to refund: ${rupees(inDrawer).toFixed(2)} in the drawer`, { [field]: ['Refund by card or UPI, or onto a credit note'] });
  }
  return sessionId;
}

/** A store credit note for the customer, `amount` paise; answers its id. */
export function issueCreditNote(ctx: RequestContext, plan: ReturnPlan, amount: number): number {
  const at = ctx.now();
  const id = ctx.ids.next('credit_note');
  creditNotes(ctx.db).insert({
    id, company_id: ctx.user.companyId, branch_id: ctx.user.branchId, year_id: ctx.user.yearId,
    credit_note_no: numberSeries(ctx.db).next('credit_note', ctx.user.branchId, ctx.user.yearId), credit_note_date: localDate(at),
    customer_id: plan.found.order.customer_id, sales_order_id: plan.found.order.id, source_receipt_id: null, amount,
    created_by: ctx.user.id, created_at: at.toISOString(),
  }, ctx.ids.next('credit_note_movement'));
  return id;
}

export interface ReturnMoney {
  settlement: Settlement;
  refund_amount: number;
  refund_kind_id: number | null;
  till_session_id: number | null;
  credit_note_id: number | null;
  exchange_order_id: number | null;
}

/** The return row, its lines, its number and (invoiced sales) its GST credit note number. */
export function recordReturn(ctx: RequestContext, plan: ReturnPlan, money: ReturnMoney): void {
  const { companyId, branchId, yearId } = ctx.user;
  const at = ctx.now();
  const order = plan.found.order;
  const series = numberSeries(ctx.db);
  const row: NewSalesReturn = {
    id: plan.id, company_id: companyId, branch_id: branchId, year_id: yearId,
    return_no: series.next('sales_return', branchId, yearId), return_date: localDate(at),
    sales_order_id: order.id, customer_id: order.customer_id, reason: plan.reason, amount: plan.amount, rounding: plan.rounding,
    invoice_id: order.invoice_id, gst_credit_note_no: order.invoice_id === null ? null : series.next('gst_credit_note', branchId, yearId),
    taxable: plan.taxable, cgst: plan.cgst, sgst: plan.sgst, igst: plan.igst,
    past_window: plan.found.window?.pastWindow ? 1 : 0, approved_by: plan.approval?.managerId ?? null, approval_reason: plan.approval?.reason ?? null,
    created_by: ctx.user.id, created_at: at.toISOString(), ...money,
  };
  const store = salesReturns(ctx.db);
  store.insert(row);
  for (const l of plan.lines) {
    store.insertLine({
      id: ctx.ids.next('sales_return_line'), sales_return_id: plan.id, sales_order_line_id: l.sales_order_line_id, item_id: l.item_id, qty: l.qty,
      destination: l.destination, taxable: l.taxable, gst_rate_bp: l.gst_rate_bp, cgst: l.cgst, sgst: l.sgst, igst: l.igst, total: l.total,
    });
  }
}

/** The refund's payment kind: cash unless said; never "credit note" (that is the other settlement). */
export function refundKind(ctx: RequestContext, text: string | null | undefined, field: string): number {
  const kindText = optionalText(text);
  const kind = kindText ? ctx.decode('paymentKind', kindText, field) : CASH_KIND;
  if (kind === CREDIT_NOTE_KIND) throw invalid('To give a credit note, choose “onto a credit note”', { [field]: ['Cash, card, UPI …'] });
  return kind;
}

export function returnResult(ctx: RequestContext, id: number, message: string): SalesReturnResult {
  const r = salesReturns(ctx.db).byId(id, ctx.user.companyId)!;
  return {
    salesReturnID: ctx.enc.encode('salesReturn', r.id),
    returnNo: r.return_no,
    amount: rupees(r.amount),
    refundAmount: rupees(r.refund_amount),
    refundKind: r.refund_amount > 0 ? r.refund_kind : null,
    creditNoteNo: r.settlement === 'credit_note' ? r.credit_note_no : null,
    gstCreditNoteNo: r.gst_credit_note_no,
    approvedBy: r.approved_by_name,
    message,
  };
}

/** A return of delivered goods: refunded from the till or onto a credit note. */
export async function takeReturn(ctx: RequestContext, body: SalesReturnRequest): Promise<SalesReturnResult> {
  const orderId = ctx.decode('salesOrder', body.salesOrderID, 'salesOrderID');
  readReason(body.reason);
  const kind = body.settlement === 'refund' ? refundKind(ctx, body.refundKindId, 'refundKindId') : null;
  const approval = await approvalFor(ctx, orderId, body.approval);
  const id = ctx.db
    .transaction(() => {
      const plan = planReturn(ctx, orderId, body.lines, body.reason, approval);
      putBack(ctx, plan);
      const refund = kind !== null && plan.amount > 0;
      recordReturn(ctx, plan, {
        settlement: body.settlement,
        refund_amount: refund ? plan.amount : 0,
        refund_kind_id: refund ? kind : null,
        till_session_id: refund ? refundFromTill(ctx, plan.amount, kind!, 'refundKindId') : null,
        credit_note_id: body.settlement === 'credit_note' && plan.amount > 0 ? issueCreditNote(ctx, plan, plan.amount) : null,
        exchange_order_id: null,
      });
      return plan.id;
    })
    .immediate();
  const r = salesReturns(ctx.db).byId(id, ctx.user.companyId)!;
  const how = r.settlement === 'refund' ? `${rupees(r.refund_amount).toFixed(2)} refunded (${r.refund_kind ?? 'cash'})` : `credit note ${r.credit_note_no ?? ''} for ${rupees(r.amount).toFixed(2)}`;
  return returnResult(ctx, id, `Return ${r.return_no} saved: ${how}`);
}
