/**
 * Purchasing (declared extensions): suppliers, stock purchase orders, goods received from a
 * supplier and goods returned to one (a debit note). Money in rupees; quantities in units;
 * lens powers in dioptres (-2.25), as a prescription is typed.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { encId, qInt32Or, qStr } from '../contract/primitives.js';

const text = (kind: Parameters<typeof bounded>[0]) => bounded(kind).nullish();

export const SupplierInput = z.object({
  name: bounded('name'),
  gstin: text('taxNo'),
  /** The supplier's state (GetStates' id); with a GSTIN it must be the GSTIN's state, and may be left out. */
  stateID: bounded('id').nullish(),
  contactPerson: text('name'),
  mobile: text('phone'),
  email: text('email'),
  address: text('address'),
  city: text('name'),
  /** Days the supplier gives to pay an invoice. */
  paymentTermsDays: z.number().nullish(),
  /** A lens lab (offered on a sale's lab order) as well as a supplier. */
  isLab: z.boolean().nullish(),
});
export type SupplierInput = z.infer<typeof SupplierInput>;

export const SupplierParams = z.object({ supplierId: bounded('id').min(1) });
export const SupplierActiveRequest = z.object({ active: z.boolean() });

export const Supplier = z.object({
  supplierID: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  stateID: z.string().nullable(),
  stateName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  paymentTermsDays: z.number().int().nullable(),
  isLab: z.boolean(),
  isActive: z.boolean(),
});
export type Supplier = z.infer<typeof Supplier>;

export const SupplierList = z.object({
  suppliers: z.array(Supplier),
  /** This PC may change suppliers (it is head office); else why not, in words. */
  canEdit: z.boolean(),
  readOnlyReason: z.string().nullable(),
});
export type SupplierList = z.infer<typeof SupplierList>;

export const SaveSupplierResult = z.object({ message: z.string(), supplier: Supplier });

// ---- purchase orders ----

export const PurchaseOrderLineInput = z.object({
  /** The item: its ENC id, or its code or barcode as typed or scanned. */
  itemID: bounded('id').nullish(),
  code: bounded('code').nullish(),
  /** A spectacle lens ordered by power: SPH, CYL, ADD in dioptres and the eye. */
  sph: z.number().nullish(),
  cyl: z.number().nullish(),
  add: z.number().nullish(),
  eye: z.enum(['R', 'L']).nullish(),
  qty: z.number(),
  /** Rupees per unit, before GST. */
  expectedCost: z.number().nullish(),
});
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInput>;

export const CreatePurchaseOrderRequest = z.object({
  supplierID: encId(),
  expectedDate: bounded('date').nullish(),
  remarks: text('remarks'),
  lines: z.array(PurchaseOrderLineInput).max(2000),
});
export type CreatePurchaseOrderRequest = z.infer<typeof CreatePurchaseOrderRequest>;

export const PURCHASE_ORDER_STATUSES = ['open', 'part received', 'received', 'closed'] as const;
export const PurchaseOrderStatus = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

export const PurchaseOrderParams = z.object({ purchaseOrderId: bounded('id').min(1) });

export const PurchaseOrderLine = z.object({
  lineID: z.string(),
  lineNo: z.number().int(),
  itemID: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  /** The lens's power as printed ("SPH -2.00 CYL -0.50 ADD +1.00 R"), or null for an item by SKU. */
  power: z.string().nullable(),
  sph: z.number().nullable(),
  cyl: z.number().nullable(),
  add: z.number().nullable(),
  eye: z.enum(['R', 'L']).nullable(),
  qty: z.number().int(),
  received: z.number().int(),
  /** qty − received, never below 0. */
  pending: z.number().int(),
  expectedCost: z.number().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

export const PurchaseOrderSummary = z.object({
  purchaseOrderID: z.string(),
  poNo: z.string(),
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  supplierID: z.string(),
  supplierName: z.string(),
  status: PurchaseOrderStatus,
  lineCount: z.number().int(),
  ordered: z.number().int(),
  received: z.number().int(),
  expectedValue: z.number(),
});
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

export const PurchaseOrderDetail = PurchaseOrderSummary.extend({
  remarks: z.string().nullable(),
  createdBy: z.string(),
  lines: z.array(PurchaseOrderLine),
});
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetail>;

export const PurchaseOrderListQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), PurchaseOrderStatus.optional()),
  supplierID: qStr(),
  term: qStr('search'),
  page: qInt32Or(1),
  pageSize: qInt32Or(50),
});
export const PurchaseOrderList = z.object({ rows: z.array(PurchaseOrderSummary), hasMore: z.boolean() });

/** Closing an order by hand says nothing more than which order (the path). */
export const CloseOrderRequest = z.object({});

export const DocumentPrintQuery = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'pdf' : v), z.enum(['pdf', 'html'])),
});

// ---- goods receipts ----

export const GoodsReceiptLineInput = z.object({
  /** The order's line this receives (from the order's detail), if any. */
  purchaseOrderLineID: bounded('id').nullish(),
  itemID: bounded('id').nullish(),
  /** The code or barcode as scanned or typed. */
  code: bounded('code').nullish(),
  qty: z.number(),
  /** The supplier's price per unit before GST, in rupees. */
  unitCost: z.number(),
  batchNo: bounded('code').nullish(),
  expiryDate: bounded('date').nullish(),
});
export type GoodsReceiptLineInput = z.infer<typeof GoodsReceiptLineInput>;

export const CreateGoodsReceiptRequest = z.object({
  supplierID: encId(),
  purchaseOrderID: bounded('id').nullish(),
  supplierInvoiceNo: bounded('code'),
  supplierInvoiceDate: bounded('date'),
  /** Freight and other charges on the invoice, before GST, in rupees: shared over the lines' landed cost by value. */
  charges: z.number().nullish(),
  remarks: text('remarks'),
  lines: z.array(GoodsReceiptLineInput).max(2000),
});
export type CreateGoodsReceiptRequest = z.infer<typeof CreateGoodsReceiptRequest>;

export const GoodsReceiptParams = z.object({ goodsReceiptId: bounded('id').min(1) });

const Gst = { taxable: z.number(), ratePercent: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() };

export const GoodsReceiptLine = z.object({
  lineNo: z.number().int(),
  itemID: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  hsnCode: z.string().nullable(),
  purchaseOrderLineID: z.string().nullable(),
  batchNo: z.string(),
  expiryDate: z.string().nullable(),
  qty: z.number().int(),
  unitCost: z.number(),
  /** The unit cost with its share of the charges: what the stock is valued at. */
  landedUnitCost: z.number(),
  ...Gst,
});
export type GoodsReceiptLine = z.infer<typeof GoodsReceiptLine>;

/** A line of the order set against what this receipt brought: short (below 0) or excess (above 0). */
export const OrderVariance = z.object({
  lineNo: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  power: z.string().nullable(),
  ordered: z.number().int(),
  /** By every receipt against the order so far, this one included. */
  received: z.number().int(),
  /** received − ordered. */
  difference: z.number().int(),
});

export const GoodsReceiptSummary = z.object({
  goodsReceiptID: z.string(),
  grNo: z.string(),
  receiptDate: z.string(),
  supplierID: z.string(),
  supplierName: z.string(),
  supplierInvoiceNo: z.string(),
  supplierInvoiceDate: z.string(),
  poNo: z.string().nullable(),
  lineCount: z.number().int(),
  qty: z.number().int(),
  taxable: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type GoodsReceiptSummary = z.infer<typeof GoodsReceiptSummary>;

export const GoodsReceiptDetail = GoodsReceiptSummary.extend({
  purchaseOrderID: z.string().nullable(),
  supplierGstin: z.string().nullable(),
  /** The supplier is in the branch's state: CGST + SGST; else IGST. */
  intraState: z.boolean(),
  charges: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  remarks: z.string().nullable(),
  createdBy: z.string(),
  lines: z.array(GoodsReceiptLine),
  /** Against the order, when the receipt was made against one: each line's short or excess. */
  variances: z.array(OrderVariance),
  orderStatus: PurchaseOrderStatus.nullable(),
});
export type GoodsReceiptDetail = z.infer<typeof GoodsReceiptDetail>;

export const GoodsReceiptListQuery = z.object({
  term: qStr('search'),
  supplierID: qStr(),
  from: qStr('date'),
  to: qStr('date'),
  page: qInt32Or(1),
  pageSize: qInt32Or(50),
});
export const GoodsReceiptList = z.object({ rows: z.array(GoodsReceiptSummary), hasMore: z.boolean() });

/** What shelf labels for a receipt need: each item and how many units came in. */
export const GoodsReceiptLabelLines = z.object({
  grNo: z.string(),
  lines: z.array(z.object({ itemID: z.string(), code: z.string(), qty: z.number().int() })),
});

// ---- returns to a supplier ----

export const RETURN_REASONS = ['damaged', 'wrong_power', 'wrong_item', 'expired', 'other'] as const;

export const SupplierReturnLineInput = z.object({
  itemID: bounded('id').nullish(),
  code: bounded('code').nullish(),
  /** The batch the goods leave from ('' or left out: goods without batches). */
  batchNo: bounded('code').nullish(),
  qty: z.number(),
  /** Rupees per unit before GST; left out: the receipt's landed cost when a receipt is named, else the item's cost. */
  unitCost: z.number().nullish(),
  reason: z.enum(RETURN_REASONS),
});
export type SupplierReturnLineInput = z.infer<typeof SupplierReturnLineInput>;

export const CreateSupplierReturnRequest = z.object({
  supplierID: encId(),
  goodsReceiptID: bounded('id').nullish(),
  remarks: text('remarks'),
  lines: z.array(SupplierReturnLineInput).max(2000),
});
export type CreateSupplierReturnRequest = z.infer<typeof CreateSupplierReturnRequest>;

export const SupplierReturnParams = z.object({ supplierReturnId: bounded('id').min(1) });

export const SupplierReturnDetail = z.object({
  supplierReturnID: z.string(),
  debitNoteNo: z.string(),
  returnDate: z.string(),
  supplierID: z.string(),
  supplierName: z.string(),
  supplierGstin: z.string().nullable(),
  grNo: z.string().nullable(),
  supplierInvoiceNo: z.string().nullable(),
  intraState: z.boolean(),
  qty: z.number().int(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  remarks: z.string().nullable(),
  createdBy: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      itemID: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      batchNo: z.string(),
      qty: z.number().int(),
      unitCost: z.number(),
      reason: z.enum(RETURN_REASONS),
      ...Gst,
    }),
  ),
});
export type SupplierReturnDetail = z.infer<typeof SupplierReturnDetail>;

export const SupplierReturnListQuery = z.object({ term: qStr('search'), page: qInt32Or(1), pageSize: qInt32Or(50) });
export const SupplierReturnList = z.object({ rows: z.array(SupplierReturnDetail.omit({ lines: true })), hasMore: z.boolean() });
