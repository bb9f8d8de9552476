/**
 * The kinds of record an ENC id can name. The number is sealed into the id, so a customer id
 * is refused where an order id is expected. Append only: a number, once given, is never reused.
 */
export const ENTITY_TAGS = {
  user: 1,
  company: 2,
  branch: 3,
  year: 4,
  country: 5,
  state: 6,
  module: 7,
  customer: 10,
  prescription: 11,
  doctor: 12,
  salesOrder: 20,
  salesOrderLine: 21,
  cartLine: 22,
  receipt: 23,
  invoice: 24,
  creditNote: 25,
  purchaseOrder: 26,
  item: 30,
  itemType: 31,
  category: 32,
  subCategory: 33,
  supplier: 34,
  fitter: 35,
  priority: 36,
  source: 37,
  membership: 38,
  gender: 39,
  paymentKind: 40,
  cardType: 41,
  insuranceCompany: 42,
  cancellationReason: 43,
  quickSaleType: 44,
  faceShape: 45,
  customerCategory: 46,
  priceApproval: 47,
  /** An eye check-up recall (issue 16); 55 rather than the next number, as parallel work takes those. */
  recall: 55,
  /** Issue 16; 60 leaves room for the numbers parallel work takes after 47. */
  tillSession: 60,
  /** A stock movement (the ledger's rows and its paging). A tag, once released, never changes; gaps are unused tags. */
  stockMovement: 77,
  /** A stock-take (a physical count). */
  stockTake: 80,
  /** A stock transfer between branches and its lines. */
  transfer: 82,
  transferLine: 83,
  /** A customer's return (and its GST credit note). */
  salesReturn: 135,
  /** Purchasing: a goods receipt, a stock purchase order's line, a return to a supplier. */
  goodsReceipt: 90,
  purchaseOrderItem: 91,
  supplierReturn: 92,
  /** A merge of two customers' records into one (customer/merge.ts). */
  customerMerge: 140,
  /** "Not the same person" on a pair of customers (customer/distinct.ts). */
  customerDistinct: 145,
  /** A manager's "Settled" on an order that needed a person (order/settle.ts). */
  orderSettlement: 146,
} as const;

export type Entity = keyof typeof ENTITY_TAGS;
