/** How Orders/detail shows an order: its lines, the first line's flat print fields, each eye's Rx. */
import { rupees } from '../../../../shared/domain/money.js';
import { formatDiopter, formatMillimetres } from '../../../../shared/domain/rx.js';
import type { SalesOrderDetailLine } from '../../../../shared/models/order.js';
import type { RequestContext } from '../../context.js';
import { type OrderHeaderRow, type OrderLineRow } from '../../store/sales-order.js';

export const TAX_TYPE = { intra: { id: '1', name: 'CGST + SGST' }, inter: { id: '2', name: 'IGST' } } as const;

export function line(ctx: RequestContext, o: OrderHeaderRow, l: OrderLineRow): SalesOrderDetailLine {
  const rate = l.gst_rate_bp / 100;
  const half = o.intra_state ? rate / 2 : 0;
  return {
    salesOrderDetailID: ctx.enc.encode('salesOrderLine', l.id),
    itemID: ctx.enc.encode('item', l.item_id),
    itemName: l.name,
    hsnCode: l.hsn_code,
    itemTypeName: l.item_type_name,
    qty: l.qty,
    mrp: rupees(l.mrp),
    price: rupees(l.price),
    idTotalMRP: rupees(l.mrp * l.qty),
    idTotalPrice: rupees(l.price * l.qty),
    discountRate: (l.discount_bp ?? 0) / 100,
    discountAmount: rupees(l.discount),
    taxableAmount: rupees(l.taxable),
    sgstRate: half,
    sgstAmount: rupees(l.sgst),
    cgstRate: half,
    cgstAmount: rupees(l.cgst),
    igstRate: o.intra_state ? 0 : rate,
    igstAmount: rupees(l.igst),
    totalAmount: rupees(l.total),
  };
}

const diopter = (v: number | null) => (v === null ? null : formatDiopter(v / 100));

/** One eye's Rx from the first lens pair's line for that eye (what the order slip prints). */
function eye(lines: readonly OrderLineRow[], side: 'R' | 'L') {
  const l = lines.find((x) => x.eye === side);
  return {
    sph: diopter(l?.sph ?? null),
    cyl: diopter(l?.cyl ?? null),
    axis: l?.axis == null ? null : String(l.axis),
    add: diopter(l?.addition ?? null),
    va: l?.va ?? null,
    vn: l?.vn ?? null,
    pd: l?.pd == null ? null : formatMillimetres(l.pd),
  };
}


/** The spec's flat print set: the first line's fields (null without lines). */
export function firstLineFields(first: SalesOrderDetailLine | undefined) {
  const pick = <K extends keyof SalesOrderDetailLine>(k: K): SalesOrderDetailLine[K] | null => first?.[k] ?? null;
  return {
    salesOrderDetailID: pick('salesOrderDetailID'),
    itemID: pick('itemID'),
    itemName: pick('itemName'),
    hsnCode: pick('hsnCode'),
    itemTypeName: pick('itemTypeName'),
    qty: pick('qty'),
    mrp: pick('mrp'),
    price: pick('price'),
    idTotalMRP: pick('idTotalMRP'),
    idTotalPrice: pick('idTotalPrice'),
    discountRate: pick('discountRate'),
    discountAmount: pick('discountAmount'),
    taxableAmount: pick('taxableAmount'),
    sgstRate: pick('sgstRate'),
    sgstAmount: pick('sgstAmount'),
    cgstRate: pick('cgstRate'),
    cgstAmount: pick('cgstAmount'),
    igstRate: pick('igstRate'),
    igstAmount: pick('igstAmount'),
    totalAmount: pick('totalAmount'),
  };
}

/** Each eye's Rx as the order slip prints it. */
export function eyeFields(rows: readonly OrderLineRow[]) {
  const r = eye(rows, 'R');
  const le = eye(rows, 'L');
  return {
    spherical_Right: r.sph,
    cylinder_Right: r.cyl,
    aXIS_Right: r.axis,
    aDD_Right: r.add,
    vA_Right: r.va,
    vN_Right: r.vn,
    pD_Right: r.pd,
    spherical_Left: le.sph,
    cylinder_Left: le.cyl,
    aXIS_Left: le.axis,
    aDD_Left: le.add,
    vA_Left: le.va,
    vN_Left: le.vn,
    pD_Left: le.pd,
  };
}

/** The order's totals in rupees, and what the customer saved against MRP. */
export function totalsFields(o: OrderHeaderRow) {
  return {
    totalQuantity: o.total_qty,
    iTotalPrice: rupees(o.gross),
    totalDiscount: rupees(o.total_discount),
    totalTaxableAmount: rupees(o.taxable),
    totalSGST: rupees(o.sgst),
    totalCGST: rupees(o.cgst),
    totalIGST: rupees(o.igst),
    jobCharges: rupees(o.job_charges),
    serviceTax: rupees(o.service_tax),
    shippingCharges: rupees(o.shipping_charges),
    otherCharges: rupees(o.other_charges),
    rounding: rupees(o.rounding),
    netAmount: rupees(o.net_amount),
    iTotlaMRP: rupees(o.total_mrp),
    // What the customer saved against MRP: MRP total less what the lines were sold for.
    totalSavings: rupees(Math.max(0, o.total_mrp - (o.gross - o.total_discount))),
  };
}
