/**
 * Goods in from a supplier (the receiving branch's document), against a purchase order or without
 * one: the supplier's invoice (number and date; the same number from the same supplier twice is
 * refused), each line's item, batch, expiry, quantity and the supplier's unit cost before GST.
 *
 * One immediate transaction writes the receipt, its lines and a `receipt` movement per line
 * (document 'goods_receipt'), and moves the order's status; any refusal writes nothing.
 *
 * Landed cost: the invoice's freight and other charges (before GST) are shared over the lines in
 * proportion to their taxable value (by quantity when every line is free), rounded so the shares
 * add up to the charges exactly; a line's landed unit cost is (taxable + share) / qty to the
 * paisa, and that is the movement's unit_cost. GST on the charges themselves is not modelled.
 *
 * GST per line is the supplier's (input tax): the rate by the item's HSN on the invoice date,
 * CGST + SGST when the supplier is in the branch's state, IGST otherwise.
 */
import { rupees } from '../../../shared/domain/money.js';
import type { CreateGoodsReceiptRequest, GoodsReceiptDetail, GoodsReceiptSummary } from '../../../shared/models/purchasing.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { paiseField } from '../input/money.js';
import { pageRange } from '../input/paging.js';
import { optionalText } from '../input/text.js';
import { goodsReceipts, type GoodsReceiptRow, type NewGoodsReceiptLine } from '../store/goods-receipt.js';
import { ITEM_TYPE } from '../store/item-type.js';
import type { ItemRow } from '../store/item.js';
import { numberSeries } from '../store/number-series.js';
import { purchaseOrders, STOCK_ORDER_STATUS, type StockOrderLineRow } from '../store/purchase-order.js';
import { stockMovements } from '../store/stock-movement.js';
import { intraState, lineField, lineItem, lineName, lineQty, lineRupees, powerText, purchaseGst, today } from './lines.js';
import { orderChangedHere, refreshOrderStatus, statusName, stockOrderRow } from './purchase-orders.js';
import { supplierOf } from './suppliers.js';

/** Shares `charges` over weights so that they add up exactly (cumulative rounding). */
export function shareCharges(charges: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (charges === 0 || total === 0) return weights.map(() => 0);
  let before = 0;
  let cumulative = 0;
  return weights.map((w) => {
    cumulative += w;
    const upTo = Math.round((charges * cumulative) / total);
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

interface ReadLine {
  item: ItemRow;
  orderLine: StockOrderLineRow | null;
  qty: number;
  unitCost: number;
  batchNo: string;
  expiry: string | null;
}

function readLines(ctx: RequestContext, body: CreateGoodsReceiptRequest, orderLines: StockOrderLineRow[] | null, day: string): ReadLine[] {
  if (body.lines.length === 0) throw invalid('The receipt has no lines: scan or type at least one item', { lines: ['At least one line'] });
  return body.lines.map((l, i) => {
    let orderLine: StockOrderLineRow | null = null;
    let item: ItemRow;
    if (l.purchaseOrderLineID?.trim()) {
      if (!orderLines) throw invalid(`${lineName(i)} names an order line, but the receipt is not against an order`, { [lineField(i, 'purchaseOrderLineID')]: ['No order chosen'] });
      const id = ctx.decode('purchaseOrderItem', l.purchaseOrderLineID.trim(), lineField(i, 'purchaseOrderLineID'));
      orderLine = orderLines.find((o) => o.id === id) ?? null;
      if (!orderLine) throw invalid(`${lineName(i)}: that line is not on this order`, { [lineField(i, 'purchaseOrderLineID')]: ['Not a line of this order'] });
      item = l.itemID?.trim() || l.code?.trim() ? lineItem(ctx, i, l) : lineItem(ctx, i, { itemID: ctx.enc.encode('item', orderLine.item_id) });
      if (item.id !== orderLine.item_id) throw invalid(`${lineName(i)}: ${item.code} is not the item of order line ${orderLine.line_no} (${orderLine.item_code})`, { [lineField(i, 'code')]: ['Not the ordered item'] });
    } else {
      item = lineItem(ctx, i, l);
      // A scan against an order goes to the order's line of that item (by SKU), the first with units pending.
      const same = orderLines?.filter((o) => o.item_id === item.id && powerText(o) === null) ?? [];
      orderLine = same.find((o) => o.received < o.qty) ?? same[0] ?? null;
    }
    const qty = lineQty(i, l.qty);
    const unitCost = lineRupees(i, 'unitCost', l.unitCost);
    const expiry = calendarDate(l.expiryDate ?? null, lineField(i, 'expiryDate'));
    let batchNo = l.batchNo?.trim() ?? '';
    if (!batchNo && orderLine) batchNo = powerText(orderLine) ?? '';
    if (item.item_type_id === ITEM_TYPE.contactLens) {
      if (!batchNo) throw invalid(`${lineName(i)}: ${item.name} is a contact lens: type its batch number`, { [lineField(i, 'batchNo')]: ['Required for contact lenses'] });
      if (!expiry) throw invalid(`${lineName(i)}: ${item.name} is a contact lens: type its expiry date`, { [lineField(i, 'expiryDate')]: ['Required for contact lenses'] });
    }
    if (expiry !== null && expiry < day) {
      throw invalid(`${lineName(i)}: ${item.name} batch ${batchNo || '(none)'} expired on ${expiry}; expired goods are not taken into stock`, { [lineField(i, 'expiryDate')]: ['Already past'] }, 'EXPIRED');
    }
    return { item, orderLine, qty, unitCost, batchNo, expiry };
  });
}

export function createReceipt(ctx: RequestContext, body: CreateGoodsReceiptRequest): GoodsReceiptDetail {
  const id = ctx.db
    .transaction(() => {
      const supplier = supplierOf(ctx, body.supplierID, 'supplierID');
      if (supplier.is_active !== 1) throw conflict(`${supplier.name} is deactivated: make it active again before receiving from it`, 'SUPPLIER_INACTIVE');
      const day = today(ctx);
      const invoiceNo = body.supplierInvoiceNo.trim().toUpperCase();
      if (!invoiceNo) throw invalid('Type the supplier’s invoice number', { supplierInvoiceNo: ['Required'] });
      const invoiceDate = calendarDate(body.supplierInvoiceDate, 'supplierInvoiceDate');
      if (!invoiceDate) throw invalid('Type the supplier’s invoice date', { supplierInvoiceDate: ['Required'] });
      if (invoiceDate > day) throw invalid(`The invoice date ${invoiceDate} is after today`, { supplierInvoiceDate: ['Not after today'] });
      const earlier = goodsReceipts(ctx.db).ofSupplierInvoice(supplier.id, invoiceNo);
      if (earlier) {
        throw conflict(`Invoice ${invoiceNo} from ${supplier.name} was received already on ${earlier.receipt_date} as ${earlier.gr_no}: it is not taken in twice`, 'SUPPLIER_INVOICE_RECEIVED');
      }
      let orderId: number | null = null;
      let orderLines: StockOrderLineRow[] | null = null;
      if (body.purchaseOrderID?.trim()) {
        const order = stockOrderRow(ctx, ctx.decode('purchaseOrder', body.purchaseOrderID.trim(), 'purchaseOrderID'));
        orderChangedHere(ctx, order, 'purchaseOrderID');
        if (order.supplier_id !== supplier.id) throw invalid(`Purchase order ${order.po_no} is to ${order.supplier_name}, not ${supplier.name}`, { purchaseOrderID: ['Another supplier’s order'] });
        if (order.status_id === STOCK_ORDER_STATUS.closed) throw conflict(`Purchase order ${order.po_no} is closed: receive without it, or against another order`, 'PURCHASE_ORDER_CLOSED');
        orderId = order.id;
        orderLines = purchaseOrders(ctx.db).stockLines(order.id);
      }
      const lines = readLines(ctx, body, orderLines, day);
      const charges = paiseField(body.charges, 'charges') ?? 0;
      const intra = intraState(ctx, supplier.state_id);
      const gst = lines.map((l) => purchaseGst(ctx, l.item, l.qty, l.unitCost, invoiceDate, intra));
      const anyValue = gst.some((g) => g.taxable > 0);
      const shares = shareCharges(charges, anyValue ? gst.map((g) => g.taxable) : lines.map((l) => l.qty));
      const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => gst.reduce((s, g) => s + g[k], 0);
      const receiptId = ctx.ids.next('goods_receipt');
      const at = ctx.now().toISOString();
      const store = goodsReceipts(ctx.db);
      store.insert({
        id: receiptId,
        company_id: ctx.user.companyId,
        branch_id: ctx.user.branchId,
        year_id: ctx.user.yearId,
        gr_no: numberSeries(ctx.db).next('goods_receipt', ctx.user.branchId, ctx.user.yearId),
        receipt_date: day,
        supplier_id: supplier.id,
        purchase_order_id: orderId,
        supplier_invoice_no: invoiceNo,
        supplier_invoice_date: invoiceDate,
        intra_state: intra ? 1 : 0,
        charges,
        taxable: sum('taxable'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        igst: sum('igst'),
        total: sum('taxable') + sum('cgst') + sum('sgst') + sum('igst') + charges,
        remarks: optionalText(body.remarks),
        created_by: ctx.user.id,
        created_at: at,
      });
      const moves = stockMovements(ctx.db);
      lines.forEach((l, i) => {
        const g = gst[i]!;
        const landed = Math.round((g.taxable + shares[i]!) / l.qty);
        const row: NewGoodsReceiptLine = {
          id: ctx.ids.next('goods_receipt_line'), goods_receipt_id: receiptId, line_no: i + 1, item_id: l.item.id,
          purchase_order_item_id: l.orderLine?.id ?? null, batch_no: l.batchNo, expiry_date: l.expiry, qty: l.qty, unit_cost: l.unitCost,
          landed_unit_cost: landed, taxable: g.taxable, rate_bp: g.rateBp, cgst: g.cgst, sgst: g.sgst, igst: g.igst,
        };
        store.insertLine(row);
        moves.add({
          id: ctx.ids.next('stock_movement'), item_id: l.item.id, branch_id: ctx.user.branchId, batch_no: l.batchNo, delta: l.qty,
          reason: 'receipt', at, expiry_date: l.expiry, created_by: ctx.user.id, document: 'goods_receipt', document_id: receiptId, unit_cost: landed,
        });
      });
      if (orderId !== null) refreshOrderStatus(ctx, orderId);
      return receiptId;
    })
    .immediate();
  return receiptDetail(ctx, id);
}

function summary(ctx: RequestContext, g: GoodsReceiptRow): GoodsReceiptSummary {
  return {
    goodsReceiptID: ctx.enc.encode('goodsReceipt', g.id),
    grNo: g.gr_no,
    receiptDate: g.receipt_date,
    supplierID: ctx.enc.encode('supplier', g.supplier_id),
    supplierName: g.supplier_name,
    supplierInvoiceNo: g.supplier_invoice_no,
    supplierInvoiceDate: g.supplier_invoice_date,
    poNo: g.po_no,
    lineCount: g.line_count,
    qty: g.qty,
    taxable: rupees(g.taxable),
    tax: rupees(g.cgst + g.sgst + g.igst),
    total: rupees(g.total),
  };
}

export function receiptRow(ctx: RequestContext, id: number): GoodsReceiptRow {
  const row = goodsReceipts(ctx.db).byId(ctx.user.companyId, id);
  if (!row) throw notFound('No such goods receipt', 'GOODS_RECEIPT_NOT_FOUND');
  return row;
}

export function receiptDetail(ctx: RequestContext, id: number): GoodsReceiptDetail {
  const g = receiptRow(ctx, id);
  const lines = goodsReceipts(ctx.db).lines(g.id);
  const variances: GoodsReceiptDetail['variances'] = [];
  let orderStatus: GoodsReceiptDetail['orderStatus'] = null;
  if (g.purchase_order_id !== null) {
    const order = purchaseOrders(ctx.db).stockOrder(ctx.user.companyId, g.purchase_order_id);
    orderStatus = order ? statusName(order.status_id) : null;
    for (const o of purchaseOrders(ctx.db).stockLines(g.purchase_order_id)) {
      variances.push({ lineNo: o.line_no, itemCode: o.item_code, itemName: o.item_name, power: powerText(o), ordered: o.qty, received: o.received, difference: o.received - o.qty });
    }
    // Goods that came in against the order but are not on it: all excess.
    for (const l of lines.filter((x) => x.purchase_order_item_id === null)) {
      variances.push({ lineNo: 0, itemCode: l.item_code, itemName: l.item_name, power: null, ordered: 0, received: l.qty, difference: l.qty });
    }
  }
  return Object.assign(summary(ctx, g), {
    purchaseOrderID: g.purchase_order_id === null ? null : ctx.enc.encode('purchaseOrder', g.purchase_order_id),
    supplierGstin: g.supplier_gstin,
    intraState: g.intra_state === 1,
    charges: rupees(g.charges),
    cgst: rupees(g.cgst),
    sgst: rupees(g.sgst),
    igst: rupees(g.igst),
    remarks: g.remarks,
    createdBy: g.created_by_name,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      itemID: ctx.enc.encode('item', l.item_id),
      itemCode: l.item_code,
      itemName: l.item_name,
      hsnCode: l.hsn_code,
      purchaseOrderLineID: l.purchase_order_item_id === null ? null : ctx.enc.encode('purchaseOrderItem', l.purchase_order_item_id),
      batchNo: l.batch_no,
      expiryDate: l.expiry_date,
      qty: l.qty,
      unitCost: rupees(l.unit_cost),
      landedUnitCost: rupees(l.landed_unit_cost),
      taxable: rupees(l.taxable),
      ratePercent: l.rate_bp / 100,
      cgst: rupees(l.cgst),
      sgst: rupees(l.sgst),
      igst: rupees(l.igst),
    })),
    variances,
    orderStatus,
  });
}

export function listReceipts(ctx: RequestContext, q: { term?: string | undefined; supplierID?: string | undefined; from?: string | undefined; to?: string | undefined; page: number; pageSize: number }) {
  const { offset, limit } = pageRange(q.page, Math.min(Math.max(q.pageSize, 1), 200));
  const rows = goodsReceipts(ctx.db).list({
    branchId: ctx.user.branchId,
    supplierId: q.supplierID?.trim() ? ctx.decode('supplier', q.supplierID.trim(), 'supplierID') : undefined,
    term: q.term?.trim() || undefined,
    from: calendarDate(q.from, 'from') ?? undefined,
    to: calendarDate(q.to, 'to') ?? undefined,
    offset,
    limit: limit + 1,
  });
  return { rows: rows.slice(0, limit).map((g) => summary(ctx, g)), hasMore: rows.length > limit };
}

/** What shelf labels for a receipt need: each item it brought in and how many units. */
export function receiptLabelLines(ctx: RequestContext, id: number) {
  const g = receiptRow(ctx, id);
  return { grNo: g.gr_no, lines: goodsReceipts(ctx.db).labelLines(g.id).map((l) => ({ itemID: ctx.enc.encode('item', l.item_id), code: l.code, qty: l.qty })) };
}
