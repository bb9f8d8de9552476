/**
 * Sales-order and receipt statuses. The spec names the fields (`statusID`, `statusId`,
 * `receiptStatusId`) but shows neither the values nor the transitions; these are ours
 * (docs/decisions.md, "Statuses"). The ids travel as plain integers, as the spec's int32/int64
 * status fields require.
 */

export const SALES_ORDER_STATUS = {
  Booked: 1,
  InLab: 2,
  ReadyForDelivery: 3,
  Delivered: 4,
  Cancelled: 5,
} as const;
export type SalesOrderStatusId = (typeof SALES_ORDER_STATUS)[keyof typeof SALES_ORDER_STATUS];

export const SALES_ORDER_STATUS_IDS = [1, 2, 3, 4, 5] as const satisfies readonly SalesOrderStatusId[];

export const SALES_ORDER_STATUS_NAMES: Readonly<Record<SalesOrderStatusId, string>> = {
  1: 'Booked',
  2: 'In lab',
  3: 'Ready for delivery',
  4: 'Delivered',
  5: 'Cancelled',
};

/**
 * Ready → In lab exists because a lens that fails the fitting check goes back to the lab.
 * Delivered and Cancelled are final: a return after delivery is a credit note, not a status.
 */
export const SALES_ORDER_TRANSITIONS: Readonly<Record<SalesOrderStatusId, readonly SalesOrderStatusId[]>> = {
  1: [2, 3, 5],
  2: [3, 5],
  3: [4, 2, 5],
  4: [],
  5: [],
};

/**
 * Targets of PUT /api/Orders/{salesOrderId}/status. Cancelled is reached only through the cancel
 * endpoint, which also settles the receipts and restores stock, and needs a manager.
 */
export const STATUS_CHANGE_TARGETS = [2, 3, 4] as const satisfies readonly SalesOrderStatusId[];

export function isSalesOrderStatus(value: unknown): value is SalesOrderStatusId {
  return typeof value === 'number' && (SALES_ORDER_STATUS_IDS as readonly number[]).includes(value);
}

/** Whether the lifecycle allows `from` → `to`; unknown ids and staying put are not transitions. */
export function canTransition(from: number, to: number): boolean {
  if (!isSalesOrderStatus(from) || !isSalesOrderStatus(to)) return false;
  return SALES_ORDER_TRANSITIONS[from].includes(to);
}

export function isFinalSalesOrderStatus(status: number): boolean {
  return isSalesOrderStatus(status) && SALES_ORDER_TRANSITIONS[status].length === 0;
}

export const RECEIPT_STATUS = {
  Received: 1,
  Cancelled: 2,
  Refunded: 3,
  MovedToCreditNote: 4,
} as const;
export type ReceiptStatusId = (typeof RECEIPT_STATUS)[keyof typeof RECEIPT_STATUS];

export const RECEIPT_STATUS_IDS = [1, 2, 3, 4] as const satisfies readonly ReceiptStatusId[];

export const RECEIPT_STATUS_NAMES: Readonly<Record<ReceiptStatusId, string>> = {
  1: 'Received',
  2: 'Cancelled',
  3: 'Refunded',
  4: 'Moved to credit note',
};

/** What cancelling an order does with its receipts: the cancel request's `receiptStatusId`. */
export const CANCEL_RECEIPT_STATUS_IDS = [2, 3, 4] as const satisfies readonly ReceiptStatusId[];

/** Only received receipts count towards an order's balance. */
export function isActiveReceiptStatus(status: number): boolean {
  return status === RECEIPT_STATUS.Received;
}
