/**
 * Stock-takes (declared extensions): a physical count of a branch's stock by category, brand or
 * shelf; counts by scanning (+1 a scan) or typed; a variance per line against the stock the
 * movements held when the line was counted; approved by a manager into 'count' movements. Money in
 * rupees, quantities in units.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { encId } from '../contract/primitives.js';

export const STOCK_TAKE_SCOPES = ['category', 'brand', 'shelf'] as const;
export const STOCK_TAKE_STATUSES = ['counting', 'approved', 'cancelled'] as const;
/** At approval, what becomes of lines nobody counted: counted as none there, or left as they are. */
export const UNCOUNTED_CHOICES = ['zero', 'leave'] as const;

export const StockTakeParams = z.object({ stockTakeId: bounded('id').min(1) });

export const StockTakeListQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STOCK_TAKE_STATUSES).optional()),
});
export type StockTakeListQuery = z.infer<typeof StockTakeListQuery>;

export const StartStockTakeRequest = z.object({
  scope: z.enum(STOCK_TAKE_SCOPES).nullish(),
  /** The category's ENC id (scope 'category'). */
  categoryId: encId().nullish(),
  /** The brand's name (scope 'brand'). */
  brand: bounded('name').nullish(),
  /** Where the count is made, in the store's words: "Showcase 3" (scope 'shelf'). */
  shelf: bounded('name').nullish(),
  note: bounded('remarks').nullish(),
});
export type StartStockTakeRequest = z.infer<typeof StartStockTakeRequest>;

/** One scan: the barcode (or item code) read, and the batch for items kept in batches. */
export const StockTakeScanRequest = z.object({
  barcode: bounded('code').nullish(),
  batchNo: bounded('code').nullish(),
  /** A batch the books do not have yet: its expiry (YYYY-MM-DD), when known. */
  expiryDate: bounded('date').nullish(),
});
export type StockTakeScanRequest = z.infer<typeof StockTakeScanRequest>;

/** A typed count of one line, the item and batch naming it; null clears the line's count. */
export const StockTakeCountRequest = z.object({
  itemId: encId().nullish(),
  batchNo: bounded('code').nullish(),
  counted: z.number().int().nullable(),
});
export type StockTakeCountRequest = z.infer<typeof StockTakeCountRequest>;

export const ApproveStockTakeRequest = z.object({
  /** Required when any line is uncounted: 'zero' counts them as none there, 'leave' leaves them. */
  uncounted: z.enum(UNCOUNTED_CHOICES).nullish(),
});
export type ApproveStockTakeRequest = z.infer<typeof ApproveStockTakeRequest>;

/** Cancelling asks nothing more: the count is closed as it stands, nothing written to stock. */
export const CancelStockTakeRequest = z.object({});

export const StockTakeScope = z.object({
  kind: z.enum(['category', 'brand']),
  /** The category's ENC id, or the brand's name. */
  value: z.string(),
  name: z.string(),
  /** Items kept in stock under it. */
  items: z.number().int(),
});
export type StockTakeScope = z.infer<typeof StockTakeScope>;

export const StockTakeLine = z.object({
  itemId: z.string(),
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  /** In scope when the count started (false: added while counting). */
  listed: z.boolean(),
  /** Units found; null while nobody has counted it. */
  counted: z.number().int().nullable(),
  countedAt: z.string().nullable(),
  /**
   * What the movements held when the line was counted (hidden, null, from a cashier: a blind
   * count); for an uncounted line, what they hold now.
   */
  book: z.number().int().nullable(),
  /** counted − book; null while uncounted (or hidden). */
  variance: z.number().int().nullable(),
  /** Cost of one unit in rupees (at approval once approved); null where unknown or hidden. */
  unitCost: z.number().nullable(),
  /** variance × unit cost, rupees. */
  varianceValue: z.number().nullable(),
});
export type StockTakeLine = z.infer<typeof StockTakeLine>;

export const StockTakeTotals = z.object({
  lines: z.number().int(),
  counted: z.number().int(),
  uncounted: z.number().int(),
  /** Units missing and their value at cost (rupees, positive). */
  shortageUnits: z.number().int(),
  shortageValue: z.number(),
  excessUnits: z.number().int(),
  excessValue: z.number(),
  /** Excess − shortage at cost. */
  netValue: z.number(),
  /** Lines with a variance but no cost on the item: their value is not in the totals. */
  withoutCost: z.number().int(),
});
export type StockTakeTotals = z.infer<typeof StockTakeTotals>;

export const StockTakeSummary = z.object({
  stockTakeId: z.string(),
  takeNo: z.string(),
  status: z.enum(STOCK_TAKE_STATUSES),
  scope: z.enum(STOCK_TAKE_SCOPES),
  /** The category's or brand's name, or the shelf. */
  scopeName: z.string(),
  note: z.string().nullable(),
  startedAt: z.string(),
  startedBy: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  lineCount: z.number().int(),
  countedLines: z.number().int(),
});
export type StockTakeSummary = z.infer<typeof StockTakeSummary>;

export const StockTakeDetail = StockTakeSummary.extend({
  branchName: z.string(),
  uncounted: z.enum(UNCOUNTED_CHOICES).nullable(),
  /** Book figures, variances and costs are hidden from this user (a cashier counts blind). */
  blind: z.boolean(),
  lines: z.array(StockTakeLine),
  totals: StockTakeTotals.nullable(),
});
export type StockTakeDetail = z.infer<typeof StockTakeDetail>;

export const StockTakePrintQuery = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'pdf' : v), z.enum(['pdf', 'html'])),
});
