/**
 * The quick-sale cart: temporary sales-order lines kept per `sessionID` (spec: "Temporary sales
 * order line" and the cart requests under "Lookup and search requests").
 */
import { z } from 'zod';
import { extension } from '../contract/extensions.js';
import { fields, nbool, ndt, nint64, nnum, noutStr, outNum, str, strings } from '../contract/primitives.js';

export const SalesOrderTempModelRequest = z.object({
  ...strings(
    'id', 'sessionID', 'salesOrderID', 'itemID', 'inventoryID', 'createdIP', 'spherical', 'cylinder', 'axis',
    'addition', 'near', 'vision', 'vn', 'pd', 'pairNo', 'basecurve', 'diameter', 'prescriptionRemarks', 'k1',
    'k2', 'typeID', 'batchNo',
  ),
  isOrdered: nbool(),
  ...fields(
    nnum,
    'qty', 'mrp', 'totalMRP', 'price', 'totalPrice', 'discountRate', 'discountAmount', 'taxableAmount', 'taxRate',
    'taxAmount', 'sgstRate', 'sgstAmount', 'cgstRate', 'cgstAmount', 'igstRate', 'igstAmount', 'jobCharges',
    'serviceTaxId', 'serviceTaxRate', 'serviceTaxAmount', 'totalAmount', 'createdBy', 'spectacleLensType',
    'lensFittingHeight', 'lensTotalHeight',
  ),
  ...fields(ndt, 'createdDate', 'expiredDate'),
  priceApprovalID: extension('SalesOrderTempModelRequest', 'priceApprovalID', str('id')),
});
export type SalesOrderTempModelRequest = z.infer<typeof SalesOrderTempModelRequest>;

/** The cart's session id: a new one when the request had none. */
export const SaveSalesOrderTempResult = z.object({ sessionID: z.string(), message: z.string() });
export type SaveSalesOrderTempResult = z.infer<typeof SaveSalesOrderTempResult>;

export const GetSalesOrderTempRequest = z.object({
  sessionId: str('id'),
  ...fields(nnum, 'jobCharges', 'shippingCharges', 'otherCharges', 'serviceTax'),
});
export type GetSalesOrderTempRequest = z.infer<typeof GetSalesOrderTempRequest>;

/**
 * A cart line. The spec shows {itemID, itemName, qty, price, mrp}; `id` (the number
 * update-sales-order-temp-values takes, and delete-salesorder-temp's salesOrderTempId as text),
 * `pairNo` and the line's discount and total are added so the cart can be edited and shown.
 */
export const SalesOrderTempLine = z.object({
  id: z.number().int(),
  itemID: z.string(),
  itemName: z.string(),
  ...fields(outNum, 'qty', 'price', 'mrp'),
  pairNo: noutStr(),
  ...fields(outNum, 'discountRate', 'discountAmount', 'totalAmount'),
});
export type SalesOrderTempLine = z.infer<typeof SalesOrderTempLine>;

export const SalesOrderTemp = z.object({
  sessionID: z.string(),
  customerID: noutStr(),
  items: z.array(SalesOrderTempLine),
  netAmount: outNum(),
});
export type SalesOrderTemp = z.infer<typeof SalesOrderTemp>;

export const DeleteSessionRequest = z.object(strings('sessionID'));
export type DeleteSessionRequest = z.infer<typeof DeleteSessionRequest>;

export const DeleteSalesOrderTempRequest = z.object(strings('sessionID', 'salesOrderTempId', 'pairNo'));
export type DeleteSalesOrderTempRequest = z.infer<typeof DeleteSalesOrderTempRequest>;

/** `id` is the cart line's number (SalesOrderTempLine.id); a fraction of an id means nothing. */
export const UpdateSalesOrderRequestModel = z.object({
  id: nint64(),
  ...fields(nnum, 'qty', 'price', 'discountRate', 'discountAmount'),
  priceApprovalID: extension('UpdateSalesOrderRequestModel', 'priceApprovalID', str('id')),
});
export type UpdateSalesOrderRequestModel = z.infer<typeof UpdateSalesOrderRequestModel>;

export const UpdateSalesOrderTempResult = z.object({ message: z.string(), netAmount: outNum() });
export type UpdateSalesOrderTempResult = z.infer<typeof UpdateSalesOrderTempResult>;

/** An open cart of the signed-in branch, as a manager sees it (declared extension, issue 11). */
export const OpenCart = z.object({
  sessionID: z.string(),
  userName: z.string(),
  customerID: z.string().nullable(),
  lines: z.number().int(),
  /** Rupees: the lines' prices × quantities, before discounts. */
  grossAmount: z.number(),
  touchedAt: z.string(),
});
export type OpenCart = z.infer<typeof OpenCart>;

export const TakeOverCartRequest = z.object(strings('sessionID'));
export type TakeOverCartRequest = z.infer<typeof TakeOverCartRequest>;

/**
 * A manager approving, at the till, a price or discount beyond the signed-in user's own limit
 * (declared extension, issue 11): the manager's own user name and password, the reason, and the
 * line as it will be (item, qty, price, discount).
 */
export const PriceApprovalRequest = z.object({
  ...strings('userName', 'password', 'reason', 'itemID'),
  ...fields(nnum, 'qty', 'price', 'discountRate', 'discountAmount'),
});
export type PriceApprovalRequest = z.infer<typeof PriceApprovalRequest>;

export const PriceApprovalResult = z.object({
  /** Usable once, by the user who asked, within 10 minutes, for exactly this line. */
  priceApprovalID: z.string(),
  approvedBy: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type PriceApprovalResult = z.infer<typeof PriceApprovalResult>;
