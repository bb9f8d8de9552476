/**
 * Any branch serves any customer (declared extensions): where an order is collected, and the
 * orders that two branches acting apart left for a person to settle. Money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';

/** The branch that will hand the order over (ENC id); empty or null: the booking branch itself. */
export const CollectAtRequest = z.object({ branchID: bounded('id').nullish() });
export type CollectAtRequest = z.infer<typeof CollectAtRequest>;

/** Why an order needs a person, in words the counter understands (one line each). */
export const ToSettleReason = z.object({
  kind: z.enum(['overpaid', 'paid_after_cancel', 'delivered_and_cancelled']),
  text: z.string(),
  /** The money concerned, rupees (0 when the reason is goods, not money). */
  amount: z.number(),
});
export type ToSettleReason = z.infer<typeof ToSettleReason>;

export const ToSettleItem = z.object({
  salesOrderID: z.string(),
  salesOrderNo: z.string(),
  orderDate: z.string(),
  customerName: z.string(),
  branchName: z.string(),
  collectBranchName: z.string().nullable(),
  statusID: z.number().int(),
  netAmount: z.number(),
  received: z.number(),
  reasons: z.array(ToSettleReason),
});
export type ToSettleItem = z.infer<typeof ToSettleItem>;

export const ToSettleList = z.object({ rows: z.array(ToSettleItem) });
export type ToSettleList = z.infer<typeof ToSettleList>;

/** A manager's "Settled" on an order that needs a person: how it was settled, and any money given back now. */
export const SettleOrderRequest = z.object({
  /** How it was settled, in a line or two: "Gave back ₹50 in cash", "Customer keeps the frame, billed again on …". */
  note: bounded('remarks'),
  /** Rupees given back to the customer from this till now, as a cash out naming the order; none when left out or 0. */
  refundAmount: z.number().nullish(),
});
export type SettleOrderRequest = z.infer<typeof SettleOrderRequest>;

export const SettleOrderResult = z.object({ settlementID: z.string(), message: z.string() });
export type SettleOrderResult = z.infer<typeof SettleOrderResult>;

/** One record of a customer's history, whichever branch it came from. */
export const CustomerHistoryItem = z.object({
  kind: z.enum(['order', 'receipt', 'return', 'prescription', 'recall']),
  /** The record's day (YYYY-MM-DD). */
  date: z.string(),
  /** Its number (order, receipt, return), or null for a prescription or a recall. */
  number: z.string().nullable(),
  /** The order it belongs to, so the page can link to it; null when none. */
  salesOrderNo: z.string().nullable(),
  branchName: z.string(),
  /** Rupees, or null when the record carries no money. */
  amount: z.number().nullable(),
  /** What it is in a few words: the order's status, how it was paid, where the goods went … */
  detail: z.string(),
});
export type CustomerHistoryItem = z.infer<typeof CustomerHistoryItem>;

export const CustomerHistoryQuery = z.object({ customerId: bounded('id').min(1) });
export const CustomerHistory = z.object({ rows: z.array(CustomerHistoryItem), truncated: z.boolean() });
export type CustomerHistory = z.infer<typeof CustomerHistory>;

/** The company's open branches an order can be collected at, the caller's own first. */
export const CollectBranches = z.object({ rows: z.array(z.object({ branchID: z.string(), branchName: z.string(), here: z.boolean() })) });
export type CollectBranches = z.infer<typeof CollectBranches>;
