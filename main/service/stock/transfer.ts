/**
 * Stock transfers between branches. The sending branch dispatches: the goods leave its stock
 * (`transfer` movements out, naming the transfer) and are in transit, in no branch's sellable
 * stock, until the receiving branch receives them: per line the units in good order go into its
 * stock, damaged units go in and are written off at once (so the ledger shows what arrived and
 * what was lost), and short units stay recorded as the discrepancy both branches see.
 *
 * The dispatch (transfer, transfer_line) is the sender's fact and the receipt (transfer_receipt,
 * its lines) the receiver's: each written only at its own branch, so the two halves travel through
 * the hub as they are and the branches need never be online together.
 *
 * Between branches of one GSTIN the goods move on a delivery challan (CGST Rule 55: not a supply);
 * between branches registered under different GSTINs (another state) the transfer is a supply
 * between distinct persons and the sender issues a tax invoice, IGST across states, at the goods'
 * cost (or a transfer price typed on the line); the receiver takes the input tax of what it received
 * in good order. Over ₹50,000 the document carries the e-way bill's particulars.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { gstLine } from '../../../shared/domain/gst.js';
import type { DispatchTransferRequest, ReceiveTransferRequest } from '../../../shared/models/transfer.js';
import type { RequestContext } from '../context.js';
import { receivedHere } from '../auth/ownership.js';
import { conflict, invalid, notFound } from '../errors.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';
import { branches } from '../store/branch.js';
import { gstRates } from '../store/gst-rate.js';
import { items } from '../store/item.js';
import { numberSeries } from '../store/number-series.js';
import { stock } from '../store/stock.js';
import { stockMovements } from '../store/stock-movement.js';
import { transfers, type NewTransferLine, type TransferDocumentKind, type TransferRow } from '../store/transfer.js';

/** A consignment worth more than this (paise, with tax) needs an e-way bill. */
export const EWAY_BILL_THRESHOLD = 50_000_00;

/** The document a transfer between two branches needs: a challan within one GSTIN, else a tax invoice. */
export function transferDocumentKind(fromGstin: string | null, toGstin: string | null): TransferDocumentKind {
  return (fromGstin ?? '').toUpperCase() === (toGstin ?? '').toUpperCase() ? 'delivery_challan' : 'transfer_invoice';
}

const wholeCount = (n: number | null | undefined, field: string, label: string, min: number): number => {
  const v = n ?? 0;
  if (!Number.isInteger(v) || v < min || v > 100_000) throw invalid(`${label}: enter a whole number${min > 0 ? ' of at least 1' : ''}`, { [field]: [min > 0 ? 'A whole number from 1' : 'A whole number from 0'] });
  return v;
};

/** The company's other branches, each with the document a dispatch there prints. */
export function transferDestinations(ctx: RequestContext) {
  const store = transfers(ctx.db);
  const here = store.everyBranch(ctx.user.companyId).find((b) => b.id === ctx.user.branchId);
  return store.destinations(ctx.user.companyId, ctx.user.branchId).map((b) => ({
    branchId: ctx.enc.encode('branch', b.id),
    code: b.code,
    name: b.name,
    gstin: b.gstin,
    stateName: b.state_name,
    documentKind: transferDocumentKind(here?.gstin ?? null, b.gstin),
  }));
}

/** Dispatches goods from the signed-in branch; one immediate transaction, nothing written on a refusal. */
export function dispatchTransfer(ctx: RequestContext, body: DispatchTransferRequest): number {
  const { companyId, branchId, yearId } = ctx.user;
  const toId = ctx.decode('branch', body.toBranchId.trim(), 'toBranchId');
  const store = transfers(ctx.db);
  const dest = store.destinations(companyId, branchId).find((b) => b.id === toId);
  if (!dest) throw invalid(toId === branchId ? 'Choose another branch: goods cannot be sent to the branch they are at' : 'Choose the branch to send to', { toBranchId: ['Another branch of this company'] });
  const here = store.everyBranch(companyId).find((b) => b.id === branchId)!;
  const kind = transferDocumentKind(here.gstin, dest.gstin);
  const intraState = branches(ctx.db).byId(branchId)!.state_id === branches(ctx.db).byId(toId)!.state_id;
  if (body.lines.length === 0) throw invalid('Scan or type at least one item to send', { lines: ['At least one line'] });
  const distance = body.distanceKm === null || body.distanceKm === undefined ? null : wholeCount(body.distanceKm, 'distanceKm', 'Distance', 0);
  const vehicleNo = optionalText(body.vehicleNo)?.toUpperCase().replace(/\s+/g, '') ?? null;
  const at = ctx.now().toISOString();
  const today = localDate(ctx.now());
  const rates = gstRates(ctx.db);
  const shelf = stock(ctx.db);
  const moves = stockMovements(ctx.db);

  return ctx.db
    .transaction(() => {
      const id = ctx.ids.next('transfer');
      const lines: NewTransferLine[] = [];
      body.lines.forEach((l, i) => {
        const n = i + 1;
        const item = items(ctx.db).byCode(companyId, l.code.trim(), today);
        if (!item) throw invalid(`Line ${n}: no item has the code or barcode ${l.code.trim()}`, { [`lines.${i}.code`]: ['Not an item of this store'] });
        if (item.made_to_order) throw invalid(`Line ${n}: ${item.name} is made to order; it has no stock to send`, { [`lines.${i}.code`]: ['Made to order'] });
        const qty = wholeCount(l.qty, `lines.${i}.qty`, `Line ${n}, quantity`, 1);
        const unitValue = paiseField(l.unitValue, `lines.${i}.unitValue`) ?? item.cost;
        if (unitValue === null) throw invalid(`Line ${n}: ${item.name} has no cost price on record; enter its value`, { [`lines.${i}.unitValue`]: ['The value per unit in rupees'] });
        const batchNo = optionalText(l.batchNo) ?? '';
        const batches = shelf.sellableBatches(item.id, branchId, today, batchNo);
        const available = batches.reduce((s, b) => s + b.on_hand, 0);
        if (available < qty) {
          throw conflict(`Line ${n}: only ${available} of ${item.name}${batchNo ? ` (batch ${batchNo})` : ''} can be sent from here, not ${qty}. Nothing was sent.`, 'STOCK_SHORT');
        }
        const percent = rates.percentOn(item.hsn_code, today);
        const rateBp = kind === 'transfer_invoice' && percent !== null ? Math.round(percent * 100) : 0;
        const expiries = new Map(shelf.batches(item.id, branchId).map((b) => [b.batch_no, b.expiry_date]));
        let left = qty;
        for (const b of batches) {
          if (left === 0) break;
          const take = Math.min(left, b.on_hand);
          const gst = gstLine({ qty: take, unitPrice: unitValue, rateBp, priceIncludesTax: false }, intraState);
          const line: NewTransferLine = {
            id: ctx.ids.next('transfer_line'), transfer_id: id, line_no: lines.length + 1, item_id: item.id, batch_no: b.batch_no,
            expiry_date: expiries.get(b.batch_no) ?? null, qty: take, hsn_code: item.hsn_code, unit_value: unitValue, rate_bp: rateBp,
            taxable: gst.taxable, cgst: gst.cgst, sgst: gst.sgst, igst: gst.igst,
          };
          lines.push(line);
          // Out of this branch now: the units are in transit until the receiver's movements put them in.
          moves.add({
            id: ctx.ids.next('stock_movement'), item_id: item.id, branch_id: branchId, batch_no: b.batch_no, delta: -take, reason: 'transfer', at,
            created_by: ctx.user.id, document: 'transfer', document_id: id, unit_cost: unitValue,
          });
          left -= take;
        }
      });
      const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => lines.reduce((s, l) => s + l[k], 0);
      const total = sum('taxable') + sum('cgst') + sum('sgst') + sum('igst');
      const mode = body.transportMode ?? null;
      if (total > EWAY_BILL_THRESHOLD) {
        const need = (field: string, words: string) => invalid(`This consignment is worth more than ₹50,000: it needs an e-way bill, so ${words}`, { [field]: ['Needed for the e-way bill'] });
        if (!mode || mode === 'hand') throw need('transportMode', 'choose how it travels (road, rail, air or ship)');
        if (distance === null) throw need('distanceKm', 'enter the distance in km');
        if (mode === 'road' && !vehicleNo) throw need('vehicleNo', 'enter the vehicle number');
      }
      store.insert({
        id, company_id: companyId, year_id: yearId, from_branch_id: branchId, to_branch_id: toId, document_kind: kind,
        document_no: numberSeries(ctx.db).next(kind, branchId, yearId), intra_state: intraState ? 1 : 0,
        taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), total,
        transport_mode: mode, vehicle_no: vehicleNo, distance_km: distance, transporter: optionalText(body.transporter), note: optionalText(body.note),
        dispatched_at: at, dispatched_by: ctx.user.id,
      });
      for (const line of lines) store.insertLine(line);
      return id;
    })
    .immediate();
}

/** A transfer the signed-in branch sent or is to receive; any other is not found. */
export function transferOfBranch(ctx: RequestContext, transferIdText: string): TransferRow {
  const row = transfers(ctx.db).byId(ctx.decode('transfer', transferIdText.trim(), 'transferId'), ctx.user.companyId);
  if (!row || (row.from_branch_id !== ctx.user.branchId && row.to_branch_id !== ctx.user.branchId)) throw notFound('No such transfer at this branch');
  return row;
}

/** Receives a transfer at the signed-in branch: every line answered, nothing more than was sent. */
export function receiveTransfer(ctx: RequestContext, transferIdText: string, body: ReceiveTransferRequest): number {
  const t = transferOfBranch(ctx, transferIdText);
  receivedHere(ctx, t);
  const store = transfers(ctx.db);
  const sent = store.lines(t.id);
  const answers = new Map<number, { received: number; damaged: number }>();
  body.lines.forEach((l, i) => {
    const lineId = ctx.decode('transferLine', l.lineId.trim(), `lines.${i}.lineId`);
    const line = sent.find((s) => s.id === lineId);
    if (!line) throw invalid(`Line ${i + 1} is not a line of transfer ${t.document_no}`, { [`lines.${i}.lineId`]: ['Not on this transfer'] });
    if (answers.has(lineId)) throw invalid(`Line ${line.line_no} (${line.item_name}) is given twice`, { [`lines.${i}.lineId`]: ['Once per line'] });
    const label = `Line ${line.line_no} (${line.item_name}${line.batch_no ? `, batch ${line.batch_no}` : ''})`;
    const received = wholeCount(l.received, `lines.${i}.received`, `${label}, received`, 0);
    const damaged = wholeCount(l.damaged, `lines.${i}.damaged`, `${label}, damaged`, 0);
    if (received + damaged > line.qty) {
      throw invalid(`${label}: ${line.qty} sent, but ${received + damaged} received${damaged ? ' with the damaged' : ''}: more than was sent`, { [`lines.${i}.received`]: [`At most ${line.qty}`] });
    }
    answers.set(lineId, { received, damaged });
  });
  const missing = sent.find((s) => !answers.has(s.id));
  if (missing) throw invalid(`Say what arrived of line ${missing.line_no} (${missing.item_name}): received, damaged, or 0 if none came`, { lines: [`Line ${missing.line_no} is not answered`] });
  const at = ctx.now().toISOString();
  const moves = stockMovements(ctx.db);
  const branchId = ctx.user.branchId;

  return ctx.db
    .transaction(() => {
      if (store.receiptIdOf(t.id) !== null) throw conflict(`Transfer ${t.document_no} was received already`, 'TRANSFER_RECEIVED');
      const receiptId = ctx.ids.next('transfer_receipt');
      // The input tax of what came in good order (a damaged unit written off takes none).
      const input = { cgst: 0, sgst: 0, igst: 0 };
      for (const line of sent) {
        const { received, damaged } = answers.get(line.id)!;
        for (const k of ['cgst', 'sgst', 'igst'] as const) input[k] += Math.round((line[k] * received) / line.qty);
        const arrived = received + damaged;
        const movement = { item_id: line.item_id, branch_id: branchId, batch_no: line.batch_no, at, created_by: ctx.user.id, document: 'transfer' as const, document_id: t.id, unit_cost: line.unit_value };
        if (arrived > 0) moves.add({ id: ctx.ids.next('stock_movement'), delta: arrived, reason: 'transfer', expiry_date: line.expiry_date, ...movement });
        if (damaged > 0) moves.add({ id: ctx.ids.next('stock_movement'), delta: -damaged, reason: 'write_off', ...movement });
      }
      store.insertReceipt({
        id: receiptId, transfer_id: t.id, branch_id: branchId, received_at: at, received_by: ctx.user.id,
        input_cgst: input.cgst, input_sgst: input.sgst, input_igst: input.igst, note: optionalText(body.note),
      });
      for (const line of sent) {
        const { received, damaged } = answers.get(line.id)!;
        store.insertReceiptLine({ id: ctx.ids.next('transfer_receipt_line'), transfer_receipt_id: receiptId, transfer_line_id: line.id, received, damaged, short: line.qty - received - damaged });
      }
      return t.id;
    })
    .immediate();
}
