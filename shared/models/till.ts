/**
 * Till sessions and end of day (issue 16, declared extensions): open a till with a float, cash in
 * and out with a reason, the X report at any time, close with the cash counted by denomination
 * (the Z report, kept), and every till of the branch for the manager. Money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { DENOMINATION_KEYS } from '../domain/till.js';

export const OpenTillRequest = z.object({
  /** The cash put in the drawer to give change with, in rupees. */
  openingFloat: z.number(),
});
export type OpenTillRequest = z.infer<typeof OpenTillRequest>;

export const CashMoveRequest = z.object({
  direction: z.enum(['in', 'out']),
  amount: z.number(),
  /** Why: petty cash, bank deposit, change from the bank … */
  reason: bounded('reason'),
});
export type CashMoveRequest = z.infer<typeof CashMoveRequest>;

/** How many notes and coins of each kind were counted; a kind left out counts as none. */
export const CashCountModel = z.object(Object.fromEntries(DENOMINATION_KEYS.map((k) => [k, z.number().int().nullish()])) as Record<(typeof DENOMINATION_KEYS)[number], z.ZodOptional<z.ZodNullable<z.ZodNumber>>>);
export type CashCountModel = z.infer<typeof CashCountModel>;

export const CloseTillRequest = z.object({ counted: CashCountModel });
export type CloseTillRequest = z.infer<typeof CloseTillRequest>;

export const CashMove = z.object({
  direction: z.enum(['in', 'out']),
  amount: z.number(),
  reason: z.string(),
  at: z.string(),
  by: z.string(),
});
export type CashMove = z.infer<typeof CashMove>;

const Tally = z.object({ count: z.number().int(), amount: z.number() });

/** The X report (any time) or the Z report (at close) of one till session. */
export const TillReport = z.object({
  kind: z.enum(['X', 'Z']),
  sessionId: z.string(),
  till: z.string(),
  branchName: z.string(),
  openedAt: z.string(),
  openedBy: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** When this report was made (the close, for a Z report). */
  at: z.string(),
  openingFloat: z.number(),
  /** Sales booked in this session: how many, and their net value. */
  sales: Tally,
  /** What the session's sales were paid with, by payment kind. */
  salesByKind: z.array(Tally.extend({ kind: z.string() })),
  /** Receipts taken in this session against orders booked before it (and advances). */
  earlierOrderReceipts: Tally,
  /** Every receipt of the session by payment kind (sales and earlier orders together). */
  receiptsByKind: z.array(Tally.extend({ kind: z.string() })),
  /** Receipts refunded from this till during the session (cash refunds leave the drawer). */
  refunds: Tally,
  creditNotesIssued: Tally,
  creditNotesSpent: Tally,
  /** Discounts on the session's sales: orders with a discount and the discount given. */
  discounts: Tally,
  /** Lines sold under a manager's price approval. */
  priceApprovals: z.number().int(),
  /** Orders cancelled from this till during the session, and their net value. */
  cancellations: Tally,
  gstByRate: z.array(z.object({ ratePercent: z.number(), taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() })),
  cashIn: z.number(),
  cashOut: z.number(),
  moves: z.array(CashMove),
  cashReceipts: z.number(),
  cashRefunds: z.number(),
  /** float + cash receipts + cash in − cash out − cash refunds. */
  expectedCash: z.number(),
  /** Z report only: the counted cash, by denomination, and counted − expected. */
  countedCash: z.number().nullable(),
  difference: z.number().nullable(),
  counted: CashCountModel.nullable(),
});
export type TillReport = z.infer<typeof TillReport>;

/** One till's state: its open session, or its last closed one, or none. */
export const TillState = z.object({
  till: z.string(),
  status: z.enum(['open', 'closed', 'none']),
  sessionId: z.string().nullable(),
  openedAt: z.string().nullable(),
  openedBy: z.string().nullable(),
  openingFloat: z.number().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** Cash the drawer should hold now (open) or held at close (closed). */
  expectedCash: z.number().nullable(),
  countedCash: z.number().nullable(),
  difference: z.number().nullable(),
  /** Sales booked in the session so far (open) or in all (closed). */
  salesCount: z.number().int().nullable(),
});
export type TillState = z.infer<typeof TillState>;

export const TillSessionParams = z.object({ sessionId: bounded('id').min(1) });
export const TillPrintQuery = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'pdf' : v), z.enum(['pdf', 'html', 'escpos'])),
});
