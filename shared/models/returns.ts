/**
 * A customer's returns and exchanges (declared extensions): what an order can take back, a return
 * of delivered goods (to sellable stock or the damaged bin; refunded from the till or onto a store
 * credit note), an exchange at the counter (a return and a new sale in one step, paying or refunding
 * the difference), the returns list and the store's return window. Money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { pagedItems } from '../contract/errors.js';
import { OMFastWizardModel, SaveSaleResult, SplitPayment } from './sale.js';

export const ReturnOrderParams = z.object({ salesOrderId: bounded('id') });
export type ReturnOrderParams = z.infer<typeof ReturnOrderParams>;

export const SalesReturnParams = z.object({ salesReturnId: bounded('id') });
export type SalesReturnParams = z.infer<typeof SalesReturnParams>;

/** One line of a delivered order, and how much of it may still come back. */
export const ReturnableLine = z.object({
  salesOrderLineID: z.string(),
  lineNo: z.number().int(),
  name: z.string(),
  code: z.string(),
  qty: z.number().int(),
  returned: z.number().int(),
  returnable: z.number().int(),
  /** What one unit is worth back, rupees (the line's total over its quantity). */
  unitValue: z.number(),
  /** Taken from the shelf when sold: may go back to sellable stock. Made to order: the damaged bin only. */
  fromShelf: z.boolean(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

export const ReturnableOrder = z.object({
  salesOrderID: z.string(),
  salesOrderNo: z.string(),
  orderDate: z.string(),
  customerName: z.string(),
  /** True when the order is delivered: only delivered goods come back. */
  delivered: z.boolean(),
  deliveredOn: z.string().nullable(),
  /** The last day of the store's return window for this order; null when not delivered. */
  windowEnds: z.string().nullable(),
  /** Past the window: a manager must approve. */
  pastWindow: z.boolean(),
  windowDays: z.number().int(),
  /** The GST invoice a GST credit note will name; null when the sale was not invoiced. */
  invoiceNo: z.string().nullable(),
  /** Why the order cannot take a return at all (not delivered, insured, not paid in full …); null when it can. */
  refusal: z.string().nullable(),
  lines: z.array(ReturnableLine),
  returns: z.array(z.object({ salesReturnID: z.string(), returnNo: z.string(), returnDate: z.string(), amount: z.number() })),
});
export type ReturnableOrder = z.infer<typeof ReturnableOrder>;

export const ReturnLineRequest = z.object({
  salesOrderLineID: bounded('id'),
  qty: z.number().int(),
  /** stock: back on the shelf to sell again; damaged: into the damaged bin (written off). */
  destination: z.enum(['stock', 'damaged']),
});
export type ReturnLineRequest = z.infer<typeof ReturnLineRequest>;

/** A manager's own user name and password typed at the counter, with why (past the return window). */
export const ManagerApproval = z.object({
  userName: bounded('userName'),
  password: bounded('password'),
  reason: bounded('reason').nullish(),
});
export type ManagerApproval = z.infer<typeof ManagerApproval>;

const ReturnFields = {
  salesOrderID: bounded('id'),
  lines: z.array(ReturnLineRequest).max(200),
  reason: bounded('reason'),
  approval: ManagerApproval.nullish(),
};

export const SalesReturnRequest = z.object({
  ...ReturnFields,
  /** refund: money back from this till (refundKindId: the payment kind, cash by default); credit_note: onto a store credit note. */
  settlement: z.enum(['refund', 'credit_note']),
  refundKindId: bounded('id').nullish(),
});
export type SalesReturnRequest = z.infer<typeof SalesReturnRequest>;

export const SalesReturnResult = z.object({
  salesReturnID: z.string(),
  returnNo: z.string(),
  /** Rupees: what the goods back are worth (rounded to the rupee as a bill is). */
  amount: z.number(),
  refundAmount: z.number(),
  refundKind: z.string().nullable(),
  creditNoteNo: z.string().nullable(),
  /** The GST credit note against the invoice; null when the sale was not invoiced. */
  gstCreditNoteNo: z.string().nullable(),
  approvedBy: z.string().nullable(),
  message: z.string(),
});
export type SalesReturnResult = z.infer<typeof SalesReturnResult>;

/**
 * An exchange: the return, and the new sale as SaveSale takes it (its cart's sessionID, the customer
 * is the order's). The new sale is paid by the return's value first; `payment` pays what is still
 * due (its amount is worked out here, the kind is the counter's), and when the return is worth more
 * the rest is refunded from the till by `refundKindId` (cash by default).
 */
export const ExchangeRequest = z.object({
  ...ReturnFields,
  sale: OMFastWizardModel,
  payment: SplitPayment.omit({ amount: true }).extend({ amount: z.number().nullish() }).nullish(),
  refundKindId: bounded('id').nullish(),
});
export type ExchangeRequest = z.infer<typeof ExchangeRequest>;

export const ExchangeResult = z.object({
  return: SalesReturnResult,
  sale: SaveSaleResult,
  /** Rupees: the new sale's net amount, what the return paid of it, what the customer paid, what was refunded. */
  saleAmount: z.number(),
  paidByReturn: z.number(),
  customerPaid: z.number(),
  refunded: z.number(),
  message: z.string(),
});
export type ExchangeResult = z.infer<typeof ExchangeResult>;

export const ReturnListQuery = z.object({
  fromDate: bounded('date').nullish(),
  toDate: bounded('date').nullish(),
  orderNo: bounded('code').nullish(),
  pageNumber: z.coerce.number().int().min(1).nullish(),
  pageSize: z.coerce.number().int().min(1).max(200).nullish(),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuery>;

export const ReturnListItem = z.object({
  salesReturnID: z.string(),
  returnNo: z.string(),
  returnDate: z.string(),
  salesOrderNo: z.string(),
  customerName: z.string(),
  reason: z.string(),
  settlement: z.enum(['refund', 'credit_note', 'exchange']),
  amount: z.number(),
  refundAmount: z.number(),
  creditNoteNo: z.string().nullable(),
  gstCreditNoteNo: z.string().nullable(),
  exchangeOrderNo: z.string().nullable(),
  damagedQty: z.number().int(),
  stockQty: z.number().int(),
  approvedBy: z.string().nullable(),
  by: z.string(),
});
export type ReturnListItem = z.infer<typeof ReturnListItem>;

export const ReturnPage = pagedItems(ReturnListItem);
export type ReturnPage = z.infer<typeof ReturnPage>;

export const ReturnPrintQuery = z.object({ format: z.enum(['pdf', 'html']).nullish() });
export type ReturnPrintQuery = z.infer<typeof ReturnPrintQuery>;

export const ReturnWindow = z.object({
  /** Days from delivery within which the counter takes a return without a manager. */
  days: z.number().int().min(0).max(365),
});
export type ReturnWindow = z.infer<typeof ReturnWindow>;
