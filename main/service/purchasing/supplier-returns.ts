/**
 * Goods sent back to a supplier (damaged, wrong power …) with a debit note: the returning
 * branch's document, numbered from the 'debit_note' series. Lines come from the branch's stock,
 * by item and batch, optionally from one goods receipt (then each item must be on it, and its
 * cost defaults to what that receipt paid). Units leave by `supplier_return` movements naming the
 * return, in one immediate transaction; more than a batch holds is refused naming the line, and
 * nothing is written.
 */
import { rupees } from '../../../shared/domain/money.js';
import type { CreateSupplierReturnRequest, SupplierReturnDetail } from '../../../shared/models/purchasing.js';
import type { RequestContext } from '../context.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { pageRange } from '../input/paging.js';
import { optionalText } from '../input/text.js';
import { goodsReceipts, type GoodsReceiptLineRow } from '../store/goods-receipt.js';
import { numberSeries } from '../store/number-series.js';
import { stockMovements } from '../store/stock-movement.js';
import { supplierReturns, type SupplierReturnRow } from '../store/supplier-return.js';
import { receiptRow } from './goods-receipts.js';
import { intraState, lineField, lineItem, lineName, lineQty, lineRupees, purchaseGst, today } from './lines.js';
import { supplierOf } from './suppliers.js';

export function createReturn(ctx: RequestContext, body: CreateSupplierReturnRequest): SupplierReturnDetail {
  const id = ctx.db
    .transaction(() => {
      const supplier = supplierOf(ctx, body.supplierID, 'supplierID');
      let receiptId: number | null = null;
      let receiptLines: GoodsReceiptLineRow[] | null = null;
      if (body.goodsReceiptID?.trim()) {
        const g = receiptRow(ctx, ctx.decode('goodsReceipt', body.goodsReceiptID.trim(), 'goodsReceiptID'));
        if (g.branch_id !== ctx.user.branchId) throw forbidden(`Goods receipt ${g.gr_no} was received at another branch: return its goods from there`, { goodsReceiptID: ['Another branch’s receipt'] }, 'OTHER_BRANCH');
        if (g.supplier_id !== supplier.id) throw invalid(`Goods receipt ${g.gr_no} is from ${g.supplier_name}, not ${supplier.name}`, { goodsReceiptID: ['Another supplier’s receipt'] });
        receiptId = g.id;
        receiptLines = goodsReceipts(ctx.db).lines(g.id);
      }
      if (body.lines.length === 0) throw invalid('The return has no lines: add at least one item', { lines: ['At least one line'] });
      const day = today(ctx);
      const moves = stockMovements(ctx.db);
      const taken = new Map<string, number>();
      const intra = intraState(ctx, supplier.state_id);
      const lines = body.lines.map((l, i) => {
        const item = lineItem(ctx, i, l);
        const qty = lineQty(i, l.qty);
        const batchNo = l.batchNo?.trim() ?? '';
        const fromReceipt = receiptLines?.find((r) => r.item_id === item.id && (batchNo === '' || r.batch_no === batchNo)) ?? null;
        if (receiptLines && !fromReceipt) {
          throw invalid(`${lineName(i)}: ${item.code} ${batchNo ? `batch ${batchNo} ` : ''}is not on that goods receipt`, { [lineField(i, 'code')]: ['Not on the goods receipt'] });
        }
        const batch = batchNo || fromReceipt?.batch_no || '';
        const key = `${item.id}\u0000${batch}`;
        const wanted = (taken.get(key) ?? 0) + qty;
        const onHand = moves.sumOfBatch(item.id, ctx.user.branchId, batch);
        if (wanted > onHand) {
          throw conflict(`${lineName(i)}: ${item.name} (${item.code})${batch ? ` batch ${batch}` : ''} has ${onHand} on hand here; ${wanted} cannot go back. Nothing was saved.`, 'STOCK_SHORT');
        }
        taken.set(key, wanted);
        const stated = l.unitCost === null || l.unitCost === undefined ? null : lineRupees(i, 'unitCost', l.unitCost);
        const unitCost = stated ?? fromReceipt?.unit_cost ?? item.cost;
        if (unitCost === null) throw invalid(`${lineName(i)}: type the unit cost (${item.code} has no cost on record)`, { [lineField(i, 'unitCost')]: ['Required'] });
        const gst = purchaseGst(ctx, item, qty, unitCost, day, intra);
        return { item, qty, batch, unitCost, reason: l.reason, gst };
      });
      const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => lines.reduce((s, l) => s + l.gst[k], 0);
      const returnId = ctx.ids.next('supplier_return');
      const at = ctx.now().toISOString();
      const store = supplierReturns(ctx.db);
      store.insert({
        id: returnId,
        company_id: ctx.user.companyId,
        branch_id: ctx.user.branchId,
        year_id: ctx.user.yearId,
        debit_note_no: numberSeries(ctx.db).next('debit_note', ctx.user.branchId, ctx.user.yearId),
        return_date: day,
        supplier_id: supplier.id,
        goods_receipt_id: receiptId,
        intra_state: intra ? 1 : 0,
        taxable: sum('taxable'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        igst: sum('igst'),
        total: sum('taxable') + sum('cgst') + sum('sgst') + sum('igst'),
        remarks: optionalText(body.remarks),
        created_by: ctx.user.id,
        created_at: at,
      });
      lines.forEach((l, i) => {
        store.insertLine({
          id: ctx.ids.next('supplier_return_line'), supplier_return_id: returnId, line_no: i + 1, item_id: l.item.id, batch_no: l.batch,
          qty: l.qty, unit_cost: l.unitCost, reason: l.reason, taxable: l.gst.taxable, rate_bp: l.gst.rateBp, cgst: l.gst.cgst, sgst: l.gst.sgst, igst: l.gst.igst,
        });
        moves.add({
          id: ctx.ids.next('stock_movement'), item_id: l.item.id, branch_id: ctx.user.branchId, batch_no: l.batch, delta: -l.qty,
          reason: 'supplier_return', at, created_by: ctx.user.id, document: 'supplier_return', document_id: returnId, unit_cost: l.unitCost,
        });
      });
      return returnId;
    })
    .immediate();
  return returnDetail(ctx, id);
}

function header(ctx: RequestContext, r: SupplierReturnRow): Omit<SupplierReturnDetail, 'lines'> {
  return {
    supplierReturnID: ctx.enc.encode('supplierReturn', r.id),
    debitNoteNo: r.debit_note_no,
    returnDate: r.return_date,
    supplierID: ctx.enc.encode('supplier', r.supplier_id),
    supplierName: r.supplier_name,
    supplierGstin: r.supplier_gstin,
    grNo: r.gr_no,
    supplierInvoiceNo: r.supplier_invoice_no,
    intraState: r.intra_state === 1,
    qty: r.qty,
    taxable: rupees(r.taxable),
    cgst: rupees(r.cgst),
    sgst: rupees(r.sgst),
    igst: rupees(r.igst),
    total: rupees(r.total),
    remarks: r.remarks,
    createdBy: r.created_by_name,
  };
}

export function returnDetail(ctx: RequestContext, id: number): SupplierReturnDetail {
  const r = supplierReturns(ctx.db).byId(ctx.user.companyId, id);
  if (!r) throw notFound('No such return to a supplier', 'SUPPLIER_RETURN_NOT_FOUND');
  const lines = supplierReturns(ctx.db).lines(r.id).map((l) => ({
    lineNo: l.line_no,
    itemID: ctx.enc.encode('item', l.item_id),
    itemCode: l.item_code,
    itemName: l.item_name,
    batchNo: l.batch_no,
    qty: l.qty,
    unitCost: rupees(l.unit_cost),
    reason: l.reason,
    taxable: rupees(l.taxable),
    ratePercent: l.rate_bp / 100,
    cgst: rupees(l.cgst),
    sgst: rupees(l.sgst),
    igst: rupees(l.igst),
  }));
  return Object.assign(header(ctx, r), { lines });
}

export function listReturns(ctx: RequestContext, q: { term?: string | undefined; page: number; pageSize: number }) {
  const { offset, limit } = pageRange(q.page, Math.min(Math.max(q.pageSize, 1), 200));
  const rows = supplierReturns(ctx.db).list({ branchId: ctx.user.branchId, term: q.term?.trim() || undefined, offset, limit: limit + 1 });
  return { rows: rows.slice(0, limit).map((r) => header(ctx, r)), hasMore: rows.length > limit };
}
