/**
 * Stock purchase orders to a supplier (the branch's own documents): lines by item, or spectacle
 * lenses by power and eye; numbered from the 'purchase_order' series the lab orders use. Status
 * follows what the goods receipts bring in against the lines — open, part received, received — or
 * is closed by hand when nothing more will come.
 */
import type { CreatePurchaseOrderRequest, PurchaseOrderDetail, PurchaseOrderStatus, PurchaseOrderSummary } from '../../../shared/models/purchasing.js';
import { rupees } from '../../../shared/domain/money.js';
import type { RequestContext } from '../context.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { pageRange } from '../input/paging.js';
import { optionalText } from '../input/text.js';
import { branches } from '../store/branch.js';
import { ITEM_TYPE } from '../store/item-type.js';
import { numberSeries } from '../store/number-series.js';
import { purchaseOrders, STOCK_ORDER_STATUS, type StockOrderLineRow, type StockOrderRow } from '../store/purchase-order.js';
import { lensPower, lineField, lineItem, lineName, lineQty, lineRupees, powerText, today } from './lines.js';
import { supplierOf } from './suppliers.js';

const STATUS_NAMES: Record<number, PurchaseOrderStatus> = { 1: 'open', 2: 'part received', 3: 'received', 4: 'closed' };
const STATUS_IDS: Record<PurchaseOrderStatus, number> = { open: 1, 'part received': 2, received: 3, closed: 4 };

export const statusName = (id: number): PurchaseOrderStatus => STATUS_NAMES[id] ?? 'open';

function summary(ctx: RequestContext, o: StockOrderRow): PurchaseOrderSummary {
  return {
    purchaseOrderID: ctx.enc.encode('purchaseOrder', o.id),
    poNo: o.po_no,
    orderDate: o.order_date,
    expectedDate: o.expected_date,
    supplierID: ctx.enc.encode('supplier', o.supplier_id),
    supplierName: o.supplier_name,
    status: statusName(o.status_id),
    lineCount: o.line_count,
    ordered: o.ordered,
    received: o.received,
    expectedValue: rupees(o.expected_value),
  };
}

export function orderLineView(ctx: RequestContext, l: StockOrderLineRow) {
  return {
    lineID: ctx.enc.encode('purchaseOrderItem', l.id),
    lineNo: l.line_no,
    itemID: ctx.enc.encode('item', l.item_id),
    itemCode: l.item_code,
    itemName: l.item_name,
    power: powerText(l) === null ? null : `${powerText(l)}${l.eye ? ` ${l.eye}` : ''}`,
    sph: l.sph === null ? null : l.sph / 100,
    cyl: l.cyl === null ? null : l.cyl / 100,
    add: l.add_power === null ? null : l.add_power / 100,
    eye: l.eye,
    qty: l.qty,
    received: l.received,
    pending: Math.max(l.qty - l.received, 0),
    expectedCost: l.expected_cost === null ? null : rupees(l.expected_cost),
  };
}

/** A stock order of this company by id; 404 otherwise. */
export function stockOrderRow(ctx: RequestContext, id: number): StockOrderRow {
  const row = purchaseOrders(ctx.db).stockOrder(ctx.user.companyId, id);
  if (!row) throw notFound('No such purchase order', 'PURCHASE_ORDER_NOT_FOUND');
  return row;
}

/** Refuses, naming the branch, unless the order was raised here: only its branch changes it. */
export function orderChangedHere(ctx: RequestContext, o: StockOrderRow, field: string): void {
  if (o.branch_id === ctx.user.branchId) return;
  const owner = branches(ctx.db).byId(o.branch_id)?.name ?? 'another branch';
  throw forbidden(`Purchase order ${o.po_no} belongs to ${owner}: only that branch receives or closes it.`, { [field]: [`Raised at ${owner}`] }, 'OTHER_BRANCH');
}

export function orderDetail(ctx: RequestContext, id: number): PurchaseOrderDetail {
  const o = stockOrderRow(ctx, id);
  return Object.assign(summary(ctx, o), {
    remarks: o.remarks,
    createdBy: o.created_by_name,
    lines: purchaseOrders(ctx.db).stockLines(o.id).map((l) => orderLineView(ctx, l)),
  });
}

export function listOrders(ctx: RequestContext, q: { status?: PurchaseOrderStatus | undefined; supplierID?: string | undefined; term?: string | undefined; page: number; pageSize: number }) {
  const { offset, limit } = pageRange(q.page, Math.min(Math.max(q.pageSize, 1), 200));
  const rows = purchaseOrders(ctx.db).stockOrders({
    branchId: ctx.user.branchId,
    statusId: q.status ? STATUS_IDS[q.status] : undefined,
    supplierId: q.supplierID?.trim() ? ctx.decode('supplier', q.supplierID.trim(), 'supplierID') : undefined,
    term: q.term?.trim() || undefined,
    offset,
    limit: limit + 1,
  });
  return { rows: rows.slice(0, limit).map((o) => summary(ctx, o)), hasMore: rows.length > limit };
}

export function createOrder(ctx: RequestContext, body: CreatePurchaseOrderRequest): PurchaseOrderDetail {
  const id = ctx.db
    .transaction(() => {
      const supplier = supplierOf(ctx, body.supplierID, 'supplierID');
      if (supplier.is_active !== 1) throw conflict(`${supplier.name} is deactivated: make it active again before ordering from it`, 'SUPPLIER_INACTIVE');
      if (body.lines.length === 0) throw invalid('The order has no lines: add at least one item', { lines: ['At least one line'] });
      const day = today(ctx);
      const expected = calendarDate(body.expectedDate ?? null, 'expectedDate');
      if (expected !== null && expected < day) throw invalid(`The expected date ${expected} has passed`, { expectedDate: ['Today or later'] });
      const lines = body.lines.map((l, i) => {
        const item = lineItem(ctx, i, l);
        const qty = lineQty(i, l.qty);
        const sph = lensPower(i, 'sph', l.sph, 30);
        const cyl = lensPower(i, 'cyl', l.cyl, 10);
        const add = lensPower(i, 'add', l.add, 4);
        const byPower = sph !== null || cyl !== null || add !== null || (l.eye ?? null) !== null;
        if (byPower && item.item_type_id !== ITEM_TYPE.spectacleLens) {
          throw invalid(`${lineName(i)}: ${item.name} is not a spectacle lens, so it is ordered without a power`, { [lineField(i, 'sph')]: ['Only spectacle lenses have a power'] });
        }
        if (byPower && sph === null) throw invalid(`${lineName(i)}: a lens by power needs its SPH`, { [lineField(i, 'sph')]: ['Required for a lens by power'] });
        if (add !== null && add <= 0) throw invalid(`${lineName(i)}: ADD is above 0`, { [lineField(i, 'add')]: ['Above 0'] });
        const cost = l.expectedCost === null || l.expectedCost === undefined ? null : lineRupees(i, 'expectedCost', l.expectedCost);
        return { item, qty, sph, cyl, add, eye: l.eye ?? null, cost };
      });
      const orderId = ctx.ids.next('purchase_order');
      const store = purchaseOrders(ctx.db);
      store.insertStock({
        id: orderId,
        company_id: ctx.user.companyId,
        branch_id: ctx.user.branchId,
        year_id: ctx.user.yearId,
        po_no: numberSeries(ctx.db).next('purchase_order', ctx.user.branchId, ctx.user.yearId),
        order_date: day,
        expected_date: expected,
        supplier_id: supplier.id,
        remarks: optionalText(body.remarks),
        created_by: ctx.user.id,
        created_at: ctx.now().toISOString(),
      });
      lines.forEach((l, i) =>
        store.insertStockLine({
          id: ctx.ids.next('purchase_order_item'),
          purchase_order_id: orderId,
          line_no: i + 1,
          item_id: l.item.id,
          sph: l.sph,
          cyl: l.cyl,
          add_power: l.add,
          eye: l.eye,
          qty: l.qty,
          expected_cost: l.cost,
        }),
      );
      return orderId;
    })
    .immediate();
  return orderDetail(ctx, id);
}

/**
 * The order's status from what has come in against its lines (inside the receipt's
 * transaction); an order closed by hand stays closed.
 */
export function refreshOrderStatus(ctx: RequestContext, orderId: number): number {
  const store = purchaseOrders(ctx.db);
  const o = stockOrderRow(ctx, orderId);
  if (o.status_id === STOCK_ORDER_STATUS.closed) return o.status_id;
  const lines = store.stockLines(orderId);
  const all = lines.every((l) => l.received >= l.qty);
  const any = lines.some((l) => l.received > 0);
  const status = all ? STOCK_ORDER_STATUS.received : any ? STOCK_ORDER_STATUS.partReceived : STOCK_ORDER_STATUS.open;
  store.setStatus(orderId, status);
  return status;
}

export function closeOrder(ctx: RequestContext, id: number): PurchaseOrderDetail {
  ctx.db
    .transaction(() => {
      const o = stockOrderRow(ctx, id);
      orderChangedHere(ctx, o, 'purchaseOrderId');
      if (o.status_id === STOCK_ORDER_STATUS.closed) throw conflict(`Purchase order ${o.po_no} is closed already`, 'PURCHASE_ORDER_CLOSED');
      if (o.status_id === STOCK_ORDER_STATUS.received) throw conflict(`Purchase order ${o.po_no} is received in full: there is nothing left to close`, 'PURCHASE_ORDER_RECEIVED');
      purchaseOrders(ctx.db).setStatus(o.id, STOCK_ORDER_STATUS.closed);
    })
    .immediate();
  return orderDetail(ctx, id);
}
