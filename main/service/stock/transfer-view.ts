/** Transfers as the screens read them: money in rupees, ids as ENC ids, the status in words a list filters on. */
import { extend } from '../../../shared/extend.js';
import { rupees } from '../../../shared/domain/money.js';
import type { TransferDetail, TransferSummary } from '../../../shared/models/transfer.js';
import type { RequestContext } from '../context.js';
import { transfers, type TransferRow, type TransferView } from '../store/transfer.js';
import { EWAY_BILL_THRESHOLD, transferOfBranch } from './transfer.js';

const LIST_LIMIT = 500;

function statusOf(t: TransferRow): TransferSummary['status'] {
  if (t.receipt_id === null) return 'in_transit';
  return (t.short ?? 0) + (t.damaged ?? 0) > 0 ? 'received_with_discrepancy' : 'received';
}

function summary(ctx: RequestContext, t: TransferRow): TransferSummary {
  return {
    transferId: ctx.enc.encode('transfer', t.id),
    documentKind: t.document_kind,
    documentNo: t.document_no,
    fromBranch: t.from_branch_name,
    toBranch: t.to_branch_name,
    dispatchedAt: t.dispatched_at,
    qty: t.qty,
    total: rupees(t.total),
    status: statusOf(t),
    receivedAt: t.received_at,
    received: t.received,
    damaged: t.damaged,
    short: t.short,
  };
}

export function listTransfers(ctx: RequestContext, view: TransferView): TransferSummary[] {
  return transfers(ctx.db).list(view, ctx.user.companyId, ctx.user.branchId, LIST_LIMIT).map((t) => summary(ctx, t));
}

export function transferDetail(ctx: RequestContext, transferIdText: string): TransferDetail {
  return detailOf(ctx, transferOfBranch(ctx, transferIdText));
}

/** The detail of a transfer just written (by its row id). */
export function transferDetailById(ctx: RequestContext, id: number): TransferDetail {
  return detailOf(ctx, transfers(ctx.db).byId(id, ctx.user.companyId)!);
}

function detailOf(ctx: RequestContext, t: TransferRow): TransferDetail {
  const store = transfers(ctx.db);
  const gstinOf = (id: number) => store.everyBranch(ctx.user.companyId).find((b) => b.id === id)?.gstin ?? null;
  return extend(summary(ctx, t), {
    from: { branchId: ctx.enc.encode('branch', t.from_branch_id), name: t.from_branch_name, gstin: gstinOf(t.from_branch_id) },
    to: { branchId: ctx.enc.encode('branch', t.to_branch_id), name: t.to_branch_name, gstin: gstinOf(t.to_branch_id) },
    intraState: t.intra_state === 1,
    taxable: rupees(t.taxable),
    cgst: rupees(t.cgst),
    sgst: rupees(t.sgst),
    igst: rupees(t.igst),
    transportMode: t.transport_mode,
    vehicleNo: t.vehicle_no,
    distanceKm: t.distance_km,
    transporter: t.transporter,
    note: t.note,
    ewayBillRequired: t.total > EWAY_BILL_THRESHOLD,
    dispatchedBy: t.dispatched_by_name,
    receivedBy: t.received_by_name,
    receiptNote: t.receipt_note,
    inputTax: t.receipt_id === null ? null : { cgst: rupees(t.input_cgst ?? 0), sgst: rupees(t.input_sgst ?? 0), igst: rupees(t.input_igst ?? 0) },
    canReceive: t.receipt_id === null && t.to_branch_id === ctx.user.branchId,
    lines: store.lines(t.id).map((l) => ({
      lineId: ctx.enc.encode('transferLine', l.id),
      itemId: ctx.enc.encode('item', l.item_id),
      code: l.item_code,
      barcode: l.item_barcode,
      name: l.item_name,
      batchNo: l.batch_no,
      expiryDate: l.expiry_date,
      qty: l.qty,
      hsnCode: l.hsn_code,
      unitValue: rupees(l.unit_value),
      gstRate: l.rate_bp / 100,
      taxable: rupees(l.taxable),
      tax: rupees(l.cgst + l.sgst + l.igst),
      received: l.received,
      damaged: l.damaged,
      short: l.short,
    })),
  });
}
