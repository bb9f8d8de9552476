/**
 * What a simulated branch PC of the sync load bench (bench/load.ts) writes: one sale's journal
 * entries in the shape a real store journals a sale (taken from a demo store's journal, `npm run
 * seed`, the same rows SaveSale writes): the order series moved on, the order, three lines (a
 * frame, contact lenses, a lens), the frame's stock movement, the receipt series moved on, the
 * receipt, and the order's status once paid. Nine entries, about 3.3 KB of JSON. Row ids are the
 * node's own (node × 2³² + n), as a real PC mints them; `at` is when the sale was made, which is
 * what the bench measures a sale's visibility at another node from.
 */
import { createHash } from 'node:crypto';
import { formatHlc, hlcSend, type Hlc } from '../shared/domain/hlc.js';
import { batchHashText, type PushRequest, type SyncChange } from '../shared/sync.js';

/**
 * A simulated node's journal: its next sequence, its clock and its row ids; `branchId` when it is
 * a PC of one branch of the chain's (its sales are that branch's, and carry the audience a PC gives
 * them), none when it stands for a PC that receives everything (its sales at a branch of its own).
 */
export interface SimJournal {
  nodeId: number;
  nextSeq: number;
  clock: Hlc;
  nextRow: number;
  orderNo: number;
  receiptNo: number;
  branchId?: number;
}

export const ENTRIES_PER_SALE = 9;

export function simJournal(nodeId: number, nextSeq = 1, branchId?: number): SimJournal {
  return { nodeId, nextSeq, clock: { wallMs: 0, counter: 0, node: nodeId }, nextRow: 1, orderNo: 1, receiptNo: 1, ...(branchId === undefined ? {} : { branchId }) };
}

/** A chain's branch for the bench: head office's row (id minted under node 1), as its first push carries it. */
export function branchChange(j: SimJournal, index: number, nowMs: number): SyncChange {
  j.clock = hlcSend(j.clock, nowMs);
  const id = benchBranchId(index);
  return {
    seq: j.nextSeq++, hlc: formatHlc(j.clock), at: new Date(nowMs).toISOString(), userId: null, branchId: null, till: '', source: 'setup',
    tbl: 'branch', rowId: id, rowKey: null, op: 'insert', oldValues: null,
    newValues: { id, company_id: 2 ** 32 + 1, code: benchBranchCode(index), name: `Load branch ${index + 1}`, state_id: 24, active: 1 },
  };
}

/** The bench chain's branch ids and codes, by index from 0 (above head office's own row ids). */
export const benchBranchId = (index: number) => 2 ** 32 + 2 ** 31 + index;
export const benchBranchCode = (index: number) => `LB${String(index + 1).padStart(3, '0')}`;

const LINES = [
  { item_type_id: 1, name: 'Titan Rectangle TW7381 Brown', code: 'FR-TW7381-01', hsn_code: '90031900', qty: 1, mrp: 399000, discount_bp: 1000, stock: true },
  { item_type_id: 4, name: 'Air Optix Aqua -4.50 (6 lenses) V1VH', code: 'CL-AXA-4.50-V1VH', hsn_code: '90013000', qty: 1, mrp: 175000, discount_bp: 0, stock: false },
  { item_type_id: 3, name: 'Crizal Progressive 1.60 Photochromic VG1', code: 'LN-CRZ-PR-160-PG-VG1', hsn_code: '90015000', qty: 1, mrp: 3929000, discount_bp: 0, stock: false },
] as const;

/** The entries of one sale made now (`nowMs`), appended to the node's journal. */
export function saleChanges(j: SimJournal, nowMs: number): SyncChange[] {
  const base = j.nodeId * 2 ** 32;
  const id = () => base + j.nextRow++;
  const branch = j.branchId ?? base + 1;
  const company = 2 ** 32 + 1;
  const year = 1672972026;
  const user = base + 1;
  const at = new Date(nowMs).toISOString();
  const day = at.slice(0, 10);
  const out: SyncChange[] = [];
  // A branch's PC sends each change with its audience, as main/service/sync/audience.ts gives it: the
  // branch (a number series is the PC's own: nobody), and the order a row belongs to.
  let orderOf: number | null = null;
  const entry = (tbl: string, op: SyncChange['op'], rowId: number | null, rowKey: string | null, oldValues: SyncChange['oldValues'], newValues: SyncChange['newValues']) => {
    j.clock = hlcSend(j.clock, nowMs);
    const change: SyncChange = { seq: j.nextSeq++, hlc: formatHlc(j.clock), at, userId: user, branchId: branch, till: 'T1', source: 'api', tbl, rowId, rowKey, op, oldValues, newValues };
    if (j.branchId !== undefined) {
      const local = tbl === 'number_series';
      Object.assign(change, { audience: local ? [] : [branch], orderId: local || tbl === 'stock_movement' ? null : orderOf });
    }
    out.push(change);
  };
  const series = (kind: string, next: number) => entry('number_series', 'update', null, JSON.stringify([branch, '1', year, kind]), { next }, { next: next + 1 });
  const orderId = id();
  orderOf = orderId;
  const customerId = base + 1000 + (j.orderNo % 500);
  const lines = LINES.map((l, i) => {
    const discount = Math.round((l.mrp * l.qty * l.discount_bp) / 10_000);
    const total = l.mrp * l.qty - discount;
    const taxable = Math.round(total / 1.05);
    const cgst = Math.floor((total - taxable) / 2);
    return { id: id(), line_no: i + 1, l, discount, total, taxable, cgst, sgst: total - taxable - cgst };
  });
  const sum = (pick: (x: (typeof lines)[number]) => number) => lines.reduce((s, x) => s + pick(x), 0);
  const net = sum((x) => x.total);
  const orderNo = `BR${j.nodeId}/SO/2026-27/1-${String(j.orderNo).padStart(6, '0')}`;
  series('order', j.orderNo);
  entry('sales_order', 'insert', orderId, null, null, {
    id: orderId, company_id: company, branch_id: branch, year_id: year, order_no: orderNo, order_date: day, customer_id: customerId, status_id: 1,
    intra_state: 1, total_qty: sum((x) => x.l.qty), total_mrp: sum((x) => x.l.mrp * x.l.qty), gross: sum((x) => x.l.mrp * x.l.qty), total_discount: sum((x) => x.discount),
    taxable: sum((x) => x.taxable), cgst: sum((x) => x.cgst), sgst: sum((x) => x.sgst), igst: 0, grand_total: net, job_charges: 0, shipping_charges: 0,
    other_charges: 0, service_tax: 0, rounding: 0, net_amount: net, insurance_amount: 0, nis_amount: 0, voucher_amount: 0, session_id: `load-${orderId}`,
    created_by: user, created_at: at, insurance_claimed: 0, place_of_supply_state_id: 24, delivery_mode_id: 1, received: 0, item_count: 0,
  });
  for (const x of lines) {
    entry('sales_order_line', 'insert', x.id, null, null, {
      id: x.id, sales_order_id: orderId, line_no: x.line_no, item_id: base + 100 + x.line_no, item_type_id: x.l.item_type_id, name: x.l.name, code: x.l.code,
      hsn_code: x.l.hsn_code, qty: x.l.qty, mrp: x.l.mrp, price: x.l.mrp, price_includes_tax: 1, discount_bp: x.l.discount_bp, discount: x.discount,
      taxable: x.taxable, gst_rate_bp: 500, cgst: x.cgst, sgst: x.sgst, igst: 0, total: x.total, stock_counted: x.l.stock ? 1 : 0, batch_no: '', is_ordered: x.l.item_type_id === 3 ? 1 : 0,
    });
  }
  const frame = lines[0]!;
  const movement = id();
  entry('stock_movement', 'insert', movement, null, null, {
    id: movement, item_id: base + 101, branch_id: branch, batch_no: '', delta: -frame.l.qty, reason: 'sale', at, sales_order_id: orderId,
    owner_branch_id: branch, created_by: user, document: 'sale', document_id: orderId,
  });
  series('receipt', j.receiptNo);
  const receiptId = id();
  entry('receipt', 'insert', receiptId, null, null, {
    id: receiptId, company_id: company, branch_id: branch, year_id: year, receipt_no: `BR${j.nodeId}/RC/2026-27/1-${String(j.receiptNo).padStart(6, '0')}`,
    receipt_date: day, sales_order_id: orderId, customer_id: customerId, amount: net, payment_kind_id: 1, status_id: 1, created_by: user, created_at: at,
  });
  entry('sales_order', 'update', orderId, null, { status_id: 1, modified_by: null, modified_at: null }, { status_id: 2, modified_by: user, modified_at: at });
  j.orderNo++;
  j.receiptNo++;
  return out;
}

/** Head office's first entry: the company's installation secret, which a joining PC is given. */
export function installationSecretChange(j: SimJournal, secret: string, nowMs: number): SyncChange {
  j.clock = hlcSend(j.clock, nowMs);
  return {
    seq: j.nextSeq++, hlc: formatHlc(j.clock), at: new Date(nowMs).toISOString(), userId: null, branchId: null, till: '', source: 'setup',
    tbl: 'setting', rowId: null, rowKey: JSON.stringify(['installation_secret']), op: 'insert', oldValues: null, newValues: { key: 'installation_secret', value: secret },
  };
}

/** Consecutive entries as the PC's outbox sends them: a PushRequest with its SHA-256. */
export function pushBatch(nodeId: number, changes: SyncChange[]): PushRequest {
  const body = { nodeId, firstSeq: changes[0]!.seq, lastSeq: changes.at(-1)!.seq, changes };
  return Object.assign(body, { hash: createHash('sha256').update(batchHashText(body)).digest('hex') });
}

/** A sale's order insert, as another node pulls it: the entry whose `at` the visibility lag is taken from. */
export const isSaleMark = (change: Pick<SyncChange, 'tbl' | 'op'>): boolean => change.tbl === 'sales_order' && change.op === 'insert';
