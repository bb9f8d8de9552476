/**
 * SQL for stock transfers between branches (migration 032): the sending branch's `transfer` and
 * `transfer_line` rows, the receiving branch's `transfer_receipt` and `transfer_receipt_line`.
 * The stock moves by stock_movement rows naming the transfer (store/stock-movement.ts); what is
 * in transit is read here: the lines of transfers that have no receipt yet.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export type TransferDocumentKind = 'delivery_challan' | 'transfer_invoice';
export type TransportMode = 'road' | 'rail' | 'air' | 'ship' | 'hand';

export interface NewTransfer {
  id: number;
  company_id: number;
  year_id: number;
  from_branch_id: number;
  to_branch_id: number;
  document_kind: TransferDocumentKind;
  document_no: string;
  intra_state: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  transport_mode: TransportMode | null;
  vehicle_no: string | null;
  distance_km: number | null;
  transporter: string | null;
  note: string | null;
  dispatched_at: string;
  dispatched_by: number;
}

export interface NewTransferLine {
  id: number;
  transfer_id: number;
  line_no: number;
  item_id: number;
  batch_no: string;
  expiry_date: string | null;
  qty: number;
  hsn_code: string | null;
  unit_value: number;
  rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TransferRow extends NewTransfer {
  from_branch_name: string;
  to_branch_name: string;
  dispatched_by_name: string | null;
  qty: number;
  receipt_id: number | null;
  received_at: string | null;
  received_by_name: string | null;
  input_cgst: number | null;
  input_sgst: number | null;
  input_igst: number | null;
  receipt_note: string | null;
  received: number | null;
  damaged: number | null;
  short: number | null;
}

export interface TransferLineRow extends NewTransferLine {
  item_code: string;
  item_barcode: string | null;
  item_name: string;
  received: number | null;
  damaged: number | null;
  short: number | null;
}

export type TransferView = 'outgoing' | 'incoming' | 'in-transit';

const SELECT = `
  SELECT t.*, fb.name AS from_branch_name, tb.name AS to_branch_name, du.user_name AS dispatched_by_name,
         (SELECT sum(qty) FROM transfer_line WHERE transfer_id = t.id) AS qty,
         r.id AS receipt_id, r.received_at, ru.user_name AS received_by_name, r.input_cgst, r.input_sgst, r.input_igst, r.note AS receipt_note,
         (SELECT sum(received) FROM transfer_receipt_line WHERE transfer_receipt_id = r.id) AS received,
         (SELECT sum(damaged) FROM transfer_receipt_line WHERE transfer_receipt_id = r.id) AS damaged,
         (SELECT sum(short) FROM transfer_receipt_line WHERE transfer_receipt_id = r.id) AS short
  FROM transfer t
  JOIN branch fb ON fb.id = t.from_branch_id
  JOIN branch tb ON tb.id = t.to_branch_id
  LEFT JOIN app_user du ON du.id = t.dispatched_by
  LEFT JOIN transfer_receipt r ON r.transfer_id = t.id
  LEFT JOIN app_user ru ON ru.id = r.received_by`;

export const transfers = perDatabase((db: Db) => {
  const insert = db.prepare<NewTransfer>(
    `INSERT INTO transfer (id, company_id, year_id, from_branch_id, to_branch_id, document_kind, document_no, intra_state, taxable, cgst, sgst, igst, total,
       transport_mode, vehicle_no, distance_km, transporter, note, dispatched_at, dispatched_by)
     VALUES (@id, @company_id, @year_id, @from_branch_id, @to_branch_id, @document_kind, @document_no, @intra_state, @taxable, @cgst, @sgst, @igst, @total,
       @transport_mode, @vehicle_no, @distance_km, @transporter, @note, @dispatched_at, @dispatched_by)`,
  );
  const insertLine = db.prepare<NewTransferLine>(
    `INSERT INTO transfer_line (id, transfer_id, line_no, item_id, batch_no, expiry_date, qty, hsn_code, unit_value, rate_bp, taxable, cgst, sgst, igst)
     VALUES (@id, @transfer_id, @line_no, @item_id, @batch_no, @expiry_date, @qty, @hsn_code, @unit_value, @rate_bp, @taxable, @cgst, @sgst, @igst)`,
  );
  const insertReceipt = db.prepare(
    `INSERT INTO transfer_receipt (id, transfer_id, branch_id, received_at, received_by, input_cgst, input_sgst, input_igst, note)
     VALUES (@id, @transfer_id, @branch_id, @received_at, @received_by, @input_cgst, @input_sgst, @input_igst, @note)`,
  );
  const insertReceiptLine = db.prepare(
    `INSERT INTO transfer_receipt_line (id, transfer_receipt_id, transfer_line_id, received, damaged, short)
     VALUES (@id, @transfer_receipt_id, @transfer_line_id, @received, @damaged, @short)`,
  );
  const byId = db.prepare<[number, number], TransferRow>(`${SELECT} WHERE t.id = ? AND t.company_id = ?`);
  const lines = db.prepare<[number], TransferLineRow>(
    `SELECT l.*, i.code AS item_code, i.barcode AS item_barcode, i.name AS item_name, rl.received, rl.damaged, rl.short
     FROM transfer_line l JOIN item i ON i.id = l.item_id
     LEFT JOIN transfer_receipt r ON r.transfer_id = l.transfer_id
     LEFT JOIN transfer_receipt_line rl ON rl.transfer_receipt_id = r.id AND rl.transfer_line_id = l.id
     WHERE l.transfer_id = ? ORDER BY l.line_no`,
  );
  const list = {
    outgoing: db.prepare<[number, number, number], TransferRow>(`${SELECT} WHERE t.company_id = ? AND t.from_branch_id = ? ORDER BY t.dispatched_at DESC, t.id DESC LIMIT ?`),
    incoming: db.prepare<[number, number, number], TransferRow>(`${SELECT} WHERE t.company_id = ? AND t.to_branch_id = ? ORDER BY t.dispatched_at DESC, t.id DESC LIMIT ?`),
    'in-transit': db.prepare<[number, number, number, number], TransferRow>(
      `${SELECT} WHERE t.company_id = ? AND (t.from_branch_id = ? OR t.to_branch_id = ?) AND r.id IS NULL ORDER BY t.dispatched_at DESC, t.id DESC LIMIT ?`,
    ),
  };
  const inTransit = db.prepare<[number, number], { branch_id: number; branch_name: string; qty: number }>(
    `SELECT t.to_branch_id AS branch_id, b.name AS branch_name, sum(l.qty) AS qty
     FROM transfer_line l JOIN transfer t ON t.id = l.transfer_id JOIN branch b ON b.id = t.to_branch_id
     WHERE l.item_id = ? AND t.company_id = ? AND NOT EXISTS (SELECT 1 FROM transfer_receipt r WHERE r.transfer_id = t.id)
     GROUP BY t.to_branch_id ORDER BY b.name`,
  );
  const hasReceipt = db.prepare<[number], { id: number }>('SELECT id FROM transfer_receipt WHERE transfer_id = ?');
  const otherBranches = db.prepare<[number, number], { id: number; code: string; name: string; gstin: string | null; state_name: string }>(
    `SELECT b.id, b.code, b.name, coalesce(nullif(b.gstin, ''), c.gstin) AS gstin, s.name AS state_name
     FROM branch b JOIN company c ON c.id = b.company_id JOIN state s ON s.id = b.state_id
     WHERE b.company_id = ? AND b.id <> ? AND b.is_active = 1 ORDER BY b.name`,
  );
  return {
    insert: (row: NewTransfer) => insert.run(row),
    insertLine: (row: NewTransferLine) => insertLine.run(row),
    insertReceipt: (row: { id: number; transfer_id: number; branch_id: number; received_at: string; received_by: number; input_cgst: number; input_sgst: number; input_igst: number; note: string | null }) =>
      insertReceipt.run(row),
    insertReceiptLine: (row: { id: number; transfer_receipt_id: number; transfer_line_id: number; received: number; damaged: number; short: number }) => insertReceiptLine.run(row),
    byId: (id: number, companyId: number) => byId.get(id, companyId),
    lines: (transferId: number) => lines.all(transferId),
    receiptIdOf: (transferId: number) => hasReceipt.get(transferId)?.id ?? null,
    list(view: TransferView, companyId: number, branchId: number, limit: number): TransferRow[] {
      return view === 'in-transit' ? list['in-transit'].all(companyId, branchId, branchId, limit) : list[view].all(companyId, branchId, limit);
    },
    /**
     * Units of an item in transit, per destination branch: sent, and not yet received there (the
     * sender's movements took them out, the receiver's have not put them in).
     */
    inTransit: (itemId: number, companyId: number) => inTransit.all(itemId, companyId),
    /** The company's other active branches, where this one can send goods. */
    destinations: (companyId: number, branchId: number) => otherBranches.all(companyId, branchId),
    /** Every active branch of the company with its GSTIN (its own, else the company's). */
    everyBranch: (companyId: number) => otherBranches.all(companyId, -1),
  };
});
