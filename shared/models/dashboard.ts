/**
 * Dashboard (spec: "Dashboard request"; the response is not shown, so this shape is ours: a
 * branch's day at a glance, see docs/decisions.md). Amounts are rupees as numbers.
 */
import { z } from 'zod';
import { SALES_ORDER_STATUS_IDS } from '../contract/statuses.js';
import { fields, ndt, nint32, noutStr, outDt, outInt, outNum, str } from '../contract/primitives.js';

/**
 * branchID and yearID default to the token's; date defaults to today (the branch's local day).
 * statusId, when given, fills `statusOrders` with the orders now in that status.
 */
export const EncryptedDashboardRequestDto = z.object({
  branchID: str('id'),
  yearID: str('id'),
  statusId: nint32(),
  date: ndt(),
});
export type EncryptedDashboardRequestDto = z.infer<typeof EncryptedDashboardRequestDto>;

const CountAmount = z.object({ count: outInt(), amount: outNum() });

export const DashboardPaymentKind = z.object({
  receiptTypeID: z.string(),
  name: z.string(),
  count: outInt(),
  amount: outNum(),
});

export const DashboardOrderStatus = z.object({
  statusID: z.literal(SALES_ORDER_STATUS_IDS),
  status: z.string(),
  count: outInt(),
  amount: outNum(),
});

export const DashboardTopItem = z.object({
  itemID: z.string(),
  itemName: z.string(),
  itemTypeName: noutStr(),
  qty: outNum(),
  amount: outNum(),
});

export const DashboardDay = z.object({ date: outDt(), count: outInt(), amount: outNum() });

export const DashboardOrder = z.object({
  salesOrderID: z.string(),
  salesOrderNo: z.string(),
  customerName: z.string(),
  date: outDt(),
  deliveryDate: z.string().nullable(),
  ...fields(outNum, 'netAmount', 'balanceAmount'),
});

export const DashboardData = z.object({
  /** The day summarised (YYYY-MM-DD). */
  date: outDt(),
  branchID: z.string(),
  branchName: z.string(),
  yearID: z.string(),
  /** Orders booked that day, by net amount (cancelled orders excluded). */
  sales: CountAmount.extend({ discount: outNum(), tax: outNum() }),
  /** The same from the 1st of the day's month to the day; `days` (one per day) feeds the sales chart. */
  period: CountAmount.extend({ fromDate: outDt(), toDate: outDt(), days: z.array(DashboardDay) }),
  /**
   * Money received that day, by payment kind: every receipt of the day paid in money (not by a
   * credit note) that was not voided — one later refunded or moved to a credit note was still
   * money received that day (issue 11).
   */
  receipts: CountAmount.extend({ byPaymentKind: z.array(DashboardPaymentKind) }),
  /** Credit notes issued that day (cancelled orders' money), and spent that day (receipts paid by a note). */
  creditNotes: z.object({ issued: CountAmount, spent: CountAmount }),
  /** Every status, zero counts included, so the widget has a stable layout. */
  ordersByStatus: z.array(DashboardOrderStatus),
  /** Orders not Delivered or Cancelled whose delivery date is the day, or before it. */
  deliveries: z.object({ dueToday: outInt(), overdue: outInt() }),
  /** Orders not cancelled with net − received > 0, and that total. */
  balanceOutstanding: CountAmount,
  /** Up to ten items by amount sold that day. */
  topItems: z.array(DashboardTopItem),
  /** Customers whose eye-checkup recall date is the day or earlier and not yet notified. */
  recallsDue: outInt(),
  statusOrders: z.array(DashboardOrder),
});
export type DashboardData = z.infer<typeof DashboardData>;
