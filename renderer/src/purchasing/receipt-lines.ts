/**
 * The lines of a goods receipt on screen, as pure functions (tested without a browser): lines
 * from an order's pending quantities, a scan added to the order's line of that item or as a new
 * line, each order line's short or excess, and the request the service takes.
 */
import type { CreateGoodsReceiptRequest, PurchaseOrderDetail } from '../../../shared/models/purchasing.js';

export interface ReceiptLine {
  key: string;
  /** The order's line this receives, or null. */
  orderLineID: string | null;
  itemID: string | null;
  code: string;
  name: string;
  power: string | null;
  /** Ordered and received before, for an order's line. */
  ordered: number | null;
  receivedBefore: number;
  qty: string;
  unitCost: string;
  batchNo: string;
  expiryDate: string;
}

let next = 0;
const key = () => `line-${++next}`;

/** One line per order line still pending, its quantity blank to be counted, its cost as ordered. */
export function linesOfOrder(order: PurchaseOrderDetail): ReceiptLine[] {
  return order.lines
    .filter((l) => l.pending > 0)
    .map((l) => ({
      key: key(), orderLineID: l.lineID, itemID: l.itemID, code: l.itemCode, name: l.itemName, power: l.power,
      ordered: l.qty, receivedBefore: l.received, qty: '', unitCost: l.expectedCost === null ? '' : String(l.expectedCost), batchNo: '', expiryDate: '',
    }));
}

/** A scanned item: one more on the order's line of that item (by SKU), else one more on its scanned line, else a new line. */
export function addScan(lines: readonly ReceiptLine[], item: { id: string; code: string; name: string }, scanned: string): ReceiptLine[] {
  const at = lines.findIndex((l) => l.itemID === item.id && l.power === null);
  if (at >= 0) return lines.map((l, i) => (i === at ? { ...l, qty: String((Number(l.qty) || 0) + 1) } : l));
  return [...lines, { key: key(), orderLineID: null, itemID: item.id, code: scanned, name: item.name, power: null, ordered: null, receivedBefore: 0, qty: '1', unitCost: '', batchNo: '', expiryDate: '' }];
}

/** received − ordered for an order's line, counting this receipt (below 0 short, above 0 excess). */
export function difference(l: ReceiptLine): number | null {
  if (l.ordered === null) return null;
  return l.receivedBefore + (Number(l.qty) || 0) - l.ordered;
}

const num = (t: string) => (t.trim() === '' ? Number.NaN : Number(t));

/** The request: lines with a quantity typed (an order's line left blank did not come). */
export function receiptRequest(h: { supplierID: string; purchaseOrderID: string | null; invoiceNo: string; invoiceDate: string; charges: string }, lines: readonly ReceiptLine[]): CreateGoodsReceiptRequest {
  return {
    supplierID: h.supplierID,
    purchaseOrderID: h.purchaseOrderID,
    supplierInvoiceNo: h.invoiceNo,
    supplierInvoiceDate: h.invoiceDate,
    charges: h.charges.trim() === '' ? null : Number(h.charges),
    lines: lines
      .filter((l) => !(l.orderLineID && l.qty.trim() === ''))
      .map((l) => ({
        purchaseOrderLineID: l.orderLineID,
        ...(l.orderLineID ? {} : l.itemID ? { itemID: l.itemID } : { code: l.code }),
        qty: num(l.qty),
        unitCost: num(l.unitCost),
        batchNo: l.batchNo.trim() || null,
        expiryDate: l.expiryDate || null,
      })),
  };
}
