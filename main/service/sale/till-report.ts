/**
 * The X and Z reports of a till session (issue 16): a pure function of the session and the figures
 * the store reads (store/till-session.ts figures()), so the arithmetic is tested by hand without a
 * database. Money in, paise; money out, rupees (the contract's TillReport).
 */
import { rupees } from '../../../shared/domain/money.js';
import type { CashCount } from '../../../shared/domain/till.js';
import type { TillReport } from '../../../shared/models/till.js';
import type { SessionFigures, Tally, TillSessionRow } from '../store/till-session.js';

/** Payment kind 1 is cash (reference list in migration 004). */
export const CASH_KIND = 1;
/** Payment kind 5 is a credit note. */
export const CREDIT_NOTE_KIND = 5;

export interface ReportInput {
  kind: 'X' | 'Z';
  session: Pick<TillSessionRow, 'till' | 'opened_at' | 'opened_by_name' | 'opening_float' | 'branch_name'>;
  sessionId: string;
  at: string;
  closedBy: string | null;
  figures: SessionFigures;
  /** Z only: the counted cash in paise and the count it came from. */
  counted: { paise: number; count: CashCount } | null;
}

const tally = (t: Tally) => ({ count: t.count, amount: rupees(t.amount) });

/** Cash the drawer should hold, in paise: float + cash receipts + cash in − cash out − cash refunds. */
export function expectedCashPaise(openingFloat: number, f: SessionFigures): number {
  const cashReceipts = f.kinds.find((k) => k.kind_id === CASH_KIND)?.amount ?? 0;
  const cashIn = f.moves.filter((m) => m.direction === 'in').reduce((s, m) => s + m.amount, 0);
  const cashOut = f.moves.filter((m) => m.direction === 'out').reduce((s, m) => s + m.amount, 0);
  return openingFloat + cashReceipts + cashIn - cashOut - f.cashRefunds;
}

export function buildTillReport(input: ReportInput): TillReport {
  const { session: s, figures: f } = input;
  const cashReceipts = f.kinds.find((k) => k.kind_id === CASH_KIND)?.amount ?? 0;
  const cashIn = f.moves.filter((m) => m.direction === 'in').reduce((s2, m) => s2 + m.amount, 0);
  const cashOut = f.moves.filter((m) => m.direction === 'out').reduce((s2, m) => s2 + m.amount, 0);
  const expected = expectedCashPaise(s.opening_float, f);
  const spent = f.kinds.find((k) => k.kind_id === CREDIT_NOTE_KIND);
  const earlier = f.kinds.reduce((t, k) => ({ count: t.count + k.count - k.sale_count, amount: t.amount + k.amount - k.sale_amount }), { count: 0, amount: 0 });
  return {
    kind: input.kind,
    sessionId: input.sessionId,
    till: s.till,
    branchName: s.branch_name,
    openedAt: s.opened_at,
    openedBy: s.opened_by_name,
    closedAt: input.kind === 'Z' ? input.at : null,
    closedBy: input.closedBy,
    at: input.at,
    openingFloat: rupees(s.opening_float),
    sales: tally(f.sales),
    salesByKind: f.kinds.filter((k) => k.sale_count > 0).map((k) => ({ kind: k.kind, count: k.sale_count, amount: rupees(k.sale_amount) })),
    earlierOrderReceipts: tally(earlier),
    receiptsByKind: f.kinds.map((k) => ({ kind: k.kind, count: k.count, amount: rupees(k.amount) })),
    refunds: tally(f.refunds),
    creditNotesIssued: tally(f.notesIssued),
    creditNotesSpent: tally(spent ?? { count: 0, amount: 0 }),
    discounts: tally(f.discounts),
    priceApprovals: f.priceApprovals,
    cancellations: tally(f.cancellations),
    gstByRate: f.gst.map((g) => ({ ratePercent: g.rate_bp / 100, taxable: rupees(g.taxable), cgst: rupees(g.cgst), sgst: rupees(g.sgst), igst: rupees(g.igst) })),
    cashIn: rupees(cashIn),
    cashOut: rupees(cashOut),
    moves: f.moves.map((m) => ({ direction: m.direction, amount: rupees(m.amount), reason: m.reason, at: m.created_at, by: m.by_name })),
    cashReceipts: rupees(cashReceipts),
    cashRefunds: rupees(f.cashRefunds),
    expectedCash: rupees(expected),
    countedCash: input.counted ? rupees(input.counted.paise) : null,
    difference: input.counted ? rupees(input.counted.paise - expected) : null,
    counted: input.counted ? { ...input.counted.count } : null,
  };
}
