/**
 * Seeing stock (declared extensions): an item at every branch, the ledger of an item at a branch,
 * the stock at cost on a date, and the low-stock report. Quantities are units; money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { qInt32Or, qReqInt64, qStr } from '../contract/primitives.js';

export const ItemStockQuery = z.object({ itemId: qReqInt64() });

/** A batch at a branch; expired batches are listed (they are on hand) but not sellable. */
export const StockBatch = z.object({
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  onHand: z.number().int(),
  expired: z.boolean(),
});
export type StockBatch = z.infer<typeof StockBatch>;

export const BranchStock = z.object({
  branchID: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  /** The signed-in branch (listed first). */
  here: z.boolean(),
  /** What the counter there can sell today (expired batches left out); null for made-to-order items. */
  sellable: z.number().int().nullable(),
  /** Every batch, expired or not: what its movements add up to; null for made-to-order items. */
  onHand: z.number().int().nullable(),
  /** Sent to this branch by another and not received yet: in neither branch's stock; null for made-to-order items. */
  inTransit: z.number().int().nullable(),
  batches: z.array(StockBatch),
});
export type BranchStock = z.infer<typeof BranchStock>;

export const ItemAtBranches = z.object({
  itemID: z.string(),
  code: z.string(),
  name: z.string(),
  madeToOrder: z.boolean(),
  branches: z.array(BranchStock),
});
export type ItemAtBranches = z.infer<typeof ItemAtBranches>;

export const LedgerQuery = z.object({
  itemId: qReqInt64(),
  /** The branch's ENC id; the signed-in branch when left out. */
  branchId: qStr(),
  order: z.enum(['newest', 'oldest']).default('newest'),
  /** The `next` of the page before. */
  after: qStr(),
  pageSize: qInt32Or(50),
});

export const LedgerEntry = z.object({
  movementID: z.string(),
  at: z.string(),
  /** opening, sale, cancel, receipt, transfer, adjustment, count, return, supplier_return, write_off. */
  reason: z.string(),
  /** The kind of document that moved the stock (sale, goods_receipt, transfer …); null for old movements without one. */
  document: z.string().nullable(),
  /** The document's number where it has one (a sale's order number). */
  documentNo: z.string().nullable(),
  /** A sale's order, to open it. */
  salesOrderID: z.string().nullable(),
  batchNo: z.string(),
  delta: z.number().int(),
  /** On hand at the branch right after this movement. */
  balance: z.number().int(),
  /** Rupees per unit, where the document stated it. */
  unitCost: z.number().nullable(),
  user: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const StockLedger = z.object({
  itemID: z.string(),
  code: z.string(),
  name: z.string(),
  branchID: z.string(),
  branchName: z.string(),
  /** Every batch as the movements add up: the newest row's balance. */
  onHand: z.number().int(),
  /** What the counter sells from today (expired batches left out). */
  sellable: z.number().int(),
  rows: z.array(LedgerEntry),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type StockLedger = z.infer<typeof StockLedger>;

export const StockValueQuery = z.object({
  /** The day, YYYY-MM-DD: the stock at the end of it. */
  date: bounded('date'),
  branchId: qStr(),
});

export const StockValueLine = z.object({
  itemID: z.string(),
  code: z.string(),
  name: z.string(),
  qty: z.number().int(),
  /** Rupees per unit; null when neither a receipt nor the item states a cost. */
  unitCost: z.number().nullable(),
  /** receipts: the weighted average of receipts up to the date; item: the item's cost; none. */
  costFrom: z.enum(['receipts', 'item', 'none']),
  value: z.number(),
});
export type StockValueLine = z.infer<typeof StockValueLine>;

export const StockValue = z.object({
  branchID: z.string(),
  branchName: z.string(),
  date: z.string(),
  totalQty: z.number().int(),
  totalValue: z.number(),
  lines: z.array(StockValueLine),
});
export type StockValue = z.infer<typeof StockValue>;

export const LowStockQuery = z.object({ branchId: qStr() });

export const LowStockLine = z.object({
  itemID: z.string(),
  code: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  sellable: z.number().int(),
  reorderLevel: z.number().int(),
  /** Enough to bring the sellable stock back to twice the reorder level. */
  toOrder: z.number().int(),
});
export type LowStockLine = z.infer<typeof LowStockLine>;

export const LowStock = z.object({ branchID: z.string(), branchName: z.string(), lines: z.array(LowStockLine) });
export type LowStock = z.infer<typeof LowStock>;
