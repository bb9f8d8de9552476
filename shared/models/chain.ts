/**
 * The chain dashboard (head office, a declared extension): today at every branch of the company,
 * the tills open, and the branches this PC has not heard from by sync for over an hour. Rupees.
 */
import { z } from 'zod';

export const ChainBranchDay = z.object({
  branchID: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  city: z.string().nullable(),
  /** Orders booked today, cancelled ones left out, and their net amount. */
  orders: z.number().int(),
  sales: z.number(),
  /** Money received today (receipts not cancelled; a credit note spent is not money). */
  receipts: z.number().int(),
  receiptAmount: z.number(),
  tillsOpen: z.number().int(),
  /** When the newest change this PC has from the branch was made; null: none yet. */
  lastSyncAt: z.string().nullable(),
  /** Not heard from for more than an hour (false on a store that does not sync). */
  notSynced: z.boolean(),
});
export type ChainBranchDay = z.infer<typeof ChainBranchDay>;

export const ChainDashboard = z.object({
  /** Today, the service's local day. */
  date: z.string(),
  /** When the figures were read (ISO 8601). */
  asOf: z.string(),
  /** Whether this store syncs with a hub at all; if not, no branch is listed as behind. */
  syncing: z.boolean(),
  /** When this PC last finished a sync with the hub; null: never. */
  lastSuccessAt: z.string().nullable(),
  branches: z.array(ChainBranchDay),
  totals: z.object({
    orders: z.number().int(),
    sales: z.number(),
    receipts: z.number().int(),
    receiptAmount: z.number(),
    tillsOpen: z.number().int(),
    notSynced: z.number().int(),
  }),
});
export type ChainDashboard = z.infer<typeof ChainDashboard>;
