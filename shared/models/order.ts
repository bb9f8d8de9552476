/** Sales orders (spec: "Sales order search request" ... "Status change request"). */
import { z } from 'zod';
import { ToSettleReason } from './any-branch.js';
import { extension } from '../contract/extensions.js';
import { CANCEL_RECEIPT_STATUS_IDS, STATUS_CHANGE_TARGETS } from '../contract/statuses.js';
import {
  fields,
  ndt,
  nint32,
  noutDt,
  noutNum,
  noutStr,
  outDt,
  outInt,
  outNum,
  pathInt64,
  pathStr,
  qInt64,
  qStr,
  str,
  strings,
} from '../contract/primitives.js';

export const SalesOrderSearchRequest = z.object({
  pageNumber: z.number().int().min(1).nullish(),
  pageSize: z.number().int().min(1).max(500).nullish(),
  yearID: nint32(),
  ...strings(
    'orderBy', 'customerID', 'branchName', 'customerName', 'customerMobile', 'salesOrderNo', 'date', 'fromDate',
    'toDate', 'acceptedBy', 'deliveryMode', 'netAmount', 'deliveryDateTime', 'status', 'discount',
  ),
  after: extension('SalesOrderSearchRequest', 'after', str('id')),
});
export type SalesOrderSearchRequest = z.infer<typeof SalesOrderSearchRequest>;

export const SalesOrderListItem = z.object({
  id: z.string(),
  customerName: z.string(),
  ...fields(noutStr, 'customerMobileNo', 'branchName'),
  salesOrderNo: z.string(),
  ...fields(noutStr, 'acceptedBy', 'deliveryModeName', 'deliveryDateTime'),
  date: outDt(),
  netAmount: outNum(),
  statusID: outInt(),
  status: z.string(),
  itemCount: outInt(),
  totalReceipt: outNum(),
  totalDiscount: outNum(),
  insuranceAmount: extension('SalesOrderListItem', 'insuranceAmount', outNum()),
  balanceAmount: extension('SalesOrderListItem', 'balanceAmount', outNum()),
});
export type SalesOrderListItem = z.infer<typeof SalesOrderListItem>;

export const OrderWithBalance = z.object({
  branchID: z.string(),
  salesOrderIDInReceipt: z.string(),
  customerName: z.string(),
  mobileNumber: noutStr(),
  ...fields(z.string, 'fullSalesOrderNo', 'shortSalesOrderNo', 'combinedSalesOrderNo'),
  ...fields(outNum, 'soNetAmount', 'receiptTotal', 'balanceAmount'),
});
export type OrderWithBalance = z.infer<typeof OrderWithBalance>;

export const OrderDropdownItem = z.object({
  salesOrderID: z.string(),
  salesOrderNO: z.string(),
  ...fields(outNum, 'soNetAmount', 'receiptTotal', 'balanceAmount'),
});
export type OrderDropdownItem = z.infer<typeof OrderDropdownItem>;

export const SalesOrderIds = z.object({ salesOrderID: z.string(), customerID: z.string() });
export type SalesOrderIds = z.infer<typeof SalesOrderIds>;

export const AdvanceReceiptData = z.object({
  customerID: z.string(),
  customerName: z.string(),
  ...fields(noutStr, 'customerFirstName', 'customerMobileNo', 'custmoerEmail'),
  salesOrderID: z.string(),
  membershipID: noutStr(),
  ...fields(outNum, 'balance', 'receiptTotalAmount', 'soTotalAmount', 'soTotalDiscountAmount'),
  statusID: outInt(),
});
export type AdvanceReceiptData = z.infer<typeof AdvanceReceiptData>;

export const SalesOrderItemLine = z.object({
  itemID: z.string(),
  itemName: z.string(),
  itemTypeName: noutStr(),
  ...fields(outNum, 'qty', 'price', 'mrp', 'totalAmount'),
});
export type SalesOrderItemLine = z.infer<typeof SalesOrderItemLine>;

const LINE_STRINGS = ['salesOrderDetailID', 'itemID', 'itemName', 'hsnCode', 'itemTypeName'] as const;
const LINE_NUMBERS = [
  'qty', 'mrp', 'price', 'idTotalMRP', 'idTotalPrice', 'discountRate', 'discountAmount', 'taxableAmount',
  'sgstRate', 'sgstAmount', 'cgstRate', 'cgstAmount', 'igstRate', 'igstAmount', 'totalAmount',
] as const;

/** One line of an order as the detail's `lines` carries it: the spec's line-level detail fields. */
export const SalesOrderDetailLine = z.object({
  ...fields(noutStr, ...LINE_STRINGS),
  salesOrderDetailID: z.string(),
  itemID: z.string(),
  itemName: z.string(),
  ...fields(outNum, ...LINE_NUMBERS),
});
export type SalesOrderDetailLine = z.infer<typeof SalesOrderDetailLine>;

/**
 * GET /api/Orders/{salesOrderNo}. The spec lists one flat set of scalars mixing the order header,
 * line fields and the per-eye Rx (a print data set). We keep every scalar as named, with the line
 * fields describing the first line (null for an order without lines), and add `lines` with every
 * line, so one call is enough to show or print an order.
 */
export const SalesOrderDetail = z.object({
  salesOrderID: z.string(),
  salesOrderNO: z.string(),
  salseOrderDate: outDt(),
  deliveryDate: noutDt(),
  customerID: z.string(),
  customerFullName: z.string(),
  ...fields(
    noutStr,
    'houseNumber', 'societyName', 'street', 'area', 'landmark', 'emailId', 'customerMobile', 'customerTaxNO',
  ),
  branchID: z.string(),
  branchName: z.string(),
  ...fields(noutStr, 'branchAddress', 'branchCity', 'brachEmailId', 'branchMobile', 'companyName', 'taxNO'),
  isCompositionScheme: z.boolean(),
  ...fields(noutStr, 'salesRepresentativeID', 'srName', 'yearID', 'yearName', 'taxTypeID', 'taxType'),
  statusID: z.string(),
  transport: noutStr(),
  ...fields(
    outNum,
    'totalQuantity', 'iTotalPrice', 'totalDiscount', 'totalTaxableAmount', 'totalSGST', 'totalCGST', 'totalIGST',
    'jobCharges', 'serviceTax', 'shippingCharges', 'otherCharges', 'rounding', 'netAmount', 'iTotlaMRP',
    'totalSavings',
  ),
  ...fields(noutStr, 'acceptedBy', 'remarks'),
  ...fields(noutStr, ...LINE_STRINGS),
  ...fields(noutNum, ...LINE_NUMBERS),
  ...fields(noutStr, 'conditions', 'nameOfSalesOrderPrint'),
  showPrescriptionOnSalesOrderPrint: z.number().int(),
  ...fields(
    noutStr,
    'spherical_Right', 'cylinder_Right', 'aXIS_Right', 'aDD_Right', 'vA_Right', 'vN_Right', 'pD_Right',
    'spherical_Left', 'cylinder_Left', 'aXIS_Left', 'aDD_Left', 'vA_Left', 'vN_Left', 'pD_Left',
  ),
  lines: extension('SalesOrderDetail', 'lines', z.array(SalesOrderDetailLine)),
  insuranceCompanyID: extension('SalesOrderDetail', 'insuranceCompanyID', noutStr()),
  insuranceCompanyName: extension('SalesOrderDetail', 'insuranceCompanyName', noutStr()),
  policyNo: extension('SalesOrderDetail', 'policyNo', noutStr()),
  insuranceAmount: extension('SalesOrderDetail', 'insuranceAmount', outNum()),
  patientAmount: extension('SalesOrderDetail', 'patientAmount', outNum()),
  collectBranchID: extension('SalesOrderDetail', 'collectBranchID', z.string()),
  collectBranchName: extension('SalesOrderDetail', 'collectBranchName', z.string()),
  deliveredBranchName: extension('SalesOrderDetail', 'deliveredBranchName', noutStr()),
  toSettle: extension('SalesOrderDetail', 'toSettle', z.array(ToSettleReason)),
});
export type SalesOrderDetail = z.infer<typeof SalesOrderDetail>;

export const CancellationReason = z.object({ id: outInt(), cancellationReason: z.string(), isActive: z.boolean() });
export type CancellationReason = z.infer<typeof CancellationReason>;

/**
 * `receiptStatusId` says what becomes of the order's receipts (Cancelled, Refunded or Moved to
 * credit note) and is required: money must never be left undecided. `statusId`, when sent, can
 * only be Cancelled.
 */
export const CancelSalesOrderRequest = z.object({
  statusId: z.literal(5).nullish(),
  receiptStatusId: z.literal(CANCEL_RECEIPT_STATUS_IDS, {
    error: 'receiptStatusId must be 2 (cancelled), 3 (refunded) or 4 (moved to credit note)',
  }),
  date: ndt(),
  transactionDate: ndt(),
  cancellationReasonID: extension('CancelSalesOrderRequest', 'cancellationReasonID', nint32()),
  cancellReason: extension('CancelSalesOrderRequest', 'cancellReason', str('remarks')),
});
export type CancelSalesOrderRequest = z.infer<typeof CancelSalesOrderRequest>;

/** The target status; whether it is reachable from the current one is checked by the service. */
export const ChangeSalesOrderStatusRequest = z.object({
  statusId: z.literal(STATUS_CHANGE_TARGETS, {
    error: 'statusId must be 2 (in lab), 3 (ready for delivery) or 4 (delivered); cancel through /cancel',
  }),
});
export type ChangeSalesOrderStatusRequest = z.infer<typeof ChangeSalesOrderStatusRequest>;

export const SalesOrderNoParams = z.object({ salesOrderNo: pathStr() });
export const SalesOrderIdParams = z.object({ salesOrderId: pathStr() });
export const SalesOrderInt64Params = z.object({ salesOrderId: pathInt64() });

export const YearQuery = z.object({ yearId: qInt64() });
export const DropdownQuery = z.object({ customerId: qStr(), yearId: qInt64() });

/**
 * A new promised delivery for an order (declared extension): deliveryDate as YYYY-MM-DD (or an
 * ISO date-time, whose date part is taken), deliveryTime HH:MM or empty for "during the day".
 */
export const ChangeDeliveryRequest = z.object(strings('deliveryDate', 'deliveryTime'));
export type ChangeDeliveryRequest = z.infer<typeof ChangeDeliveryRequest>;
