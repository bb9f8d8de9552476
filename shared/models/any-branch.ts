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
