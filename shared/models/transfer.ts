/**
 * Stock transfers between branches (declared extensions): the sending branch dispatches lines
 * (item by code or barcode, batch, quantity) with a delivery challan, or a tax invoice where the two
 * branches are distinct GST persons; the receiving branch receives each line as received, damaged
 * or short. Money in rupees.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';

export const TRANSPORT_MODES = ['road', 'rail', 'air', 'ship', 'hand'] as const;
export const TransportMode = z.enum(TRANSPORT_MODES);

export const DispatchLine = z.object({
  /** The item's code or barcode, as scanned or typed. */
  code: bounded('code').min(1),
  /** The batch to send (contact lenses, solutions); empty: soonest expiry first. */
  batchNo: bounded('code').nullish(),
  qty: z.number(),
  /** Rupees per unit before tax; empty: the item's cost. */
  unitValue: z.number().nullish(),
});
export type DispatchLine = z.infer<typeof DispatchLine>;

export const DispatchTransferRequest = z.object({
  /** The receiving branch (ENC id). */
  toBranchId: bounded('id').min(1),
  lines: z.array(DispatchLine).max(500),
  /** What an e-way bill needs when the consignment is over ₹50,000. */
  transportMode: TransportMode.nullish(),
  vehicleNo: bounded('code').nullish(),
  distanceKm: z.number().nullish(),
  transporter: bounded('name').nullish(),
  note: bounded('remarks').nullish(),
});
export type DispatchTransferRequest = z.infer<typeof DispatchTransferRequest>;

export const ReceiveLine = z.object({
  lineId: bounded('id').min(1),
  /** Units received in good order: they go into this branch's stock. */
  received: z.number(),
  /** Units that arrived damaged: taken in and written off. The rest of the line is short. */
  damaged: z.number().nullish(),
});
export type ReceiveLine = z.infer<typeof ReceiveLine>;

export const ReceiveTransferRequest = z.object({
  lines: z.array(ReceiveLine).max(500),
  note: bounded('remarks').nullish(),
});
export type ReceiveTransferRequest = z.infer<typeof ReceiveTransferRequest>;

export const TransferParams = z.object({ transferId: bounded('id').min(1) });
export const TransferListQuery = z.object({
  view: z.preprocess((v) => (v === '' || v === undefined ? 'in-transit' : v), z.enum(['outgoing', 'incoming', 'in-transit'])),
});
export const TransferPrintQuery = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'pdf' : v), z.enum(['pdf', 'html'])),
});

export const TRANSFER_STATUSES = ['in_transit', 'received', 'received_with_discrepancy'] as const;
export const TransferStatus = z.enum(TRANSFER_STATUSES);
export const DocumentKind = z.enum(['delivery_challan', 'transfer_invoice']);

const BranchSide = z.object({ branchId: z.string(), name: z.string(), gstin: z.string().nullable() });

export const TransferSummary = z.object({
  transferId: z.string(),
  documentKind: DocumentKind,
  documentNo: z.string(),
  fromBranch: z.string(),
  toBranch: z.string(),
  dispatchedAt: z.string(),
  qty: z.number().int(),
  /** Rupees, with tax. */
  total: z.number(),
  status: TransferStatus,
  receivedAt: z.string().nullable(),
  received: z.number().int().nullable(),
  damaged: z.number().int().nullable(),
  short: z.number().int().nullable(),
});
export type TransferSummary = z.infer<typeof TransferSummary>;
export const TransferList = z.array(TransferSummary);

export const TransferLineModel = z.object({
  lineId: z.string(),
  itemId: z.string(),
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  qty: z.number().int(),
  hsnCode: z.string().nullable(),
  unitValue: z.number(),
  gstRate: z.number(),
  taxable: z.number(),
  tax: z.number(),
  received: z.number().int().nullable(),
  damaged: z.number().int().nullable(),
  short: z.number().int().nullable(),
});
export type TransferLineModel = z.infer<typeof TransferLineModel>;

export const TransferDetail = TransferSummary.extend({
  from: BranchSide,
  to: BranchSide,
  intraState: z.boolean(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  transportMode: TransportMode.nullable(),
  vehicleNo: z.string().nullable(),
  distanceKm: z.number().nullable(),
  transporter: z.string().nullable(),
  note: z.string().nullable(),
  /** The consignment is over ₹50,000: the e-way bill's particulars are printed on the document. */
  ewayBillRequired: z.boolean(),
  dispatchedBy: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receiptNote: z.string().nullable(),
  /** The input tax the receiving branch takes on a tax invoice (rupees); 0 on a challan. */
  inputTax: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }).nullable(),
  /** The signed-in user's branch is the receiver and nothing is received yet. */
  canReceive: z.boolean(),
  lines: z.array(TransferLineModel),
});
export type TransferDetail = z.infer<typeof TransferDetail>;

export const TransferDestination = z.object({
  branchId: z.string(),
  code: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  stateName: z.string(),
  /** What dispatching there prints: a delivery challan (same GSTIN) or a tax invoice. */
  documentKind: DocumentKind,
});
export const TransferDestinations = z.array(TransferDestination);
