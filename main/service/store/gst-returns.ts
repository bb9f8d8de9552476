/**
 * SQL for the GST returns (reports/gstr1.ts, reports/tally.ts): a month's outward supplies of a
 * set of branches, as the documents stored them on the day: invoices with their order lines (and
 * the taxed job-charges line), GST credit notes (sales returns against an invoice) with their
 * lines, and transfer invoices to a branch under another GSTIN. Read-only.
 *
 * Dates: invoice_date and return_date are the store's days (YYYY-MM-DD); a transfer is dated by
 * the day part of dispatched_at, as its printed tax invoice is.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { statementCache } from './statement-cache.js';

export interface GstInvoiceRow {
  id: number;
  branch_id: number;
  invoice_no: string;
  invoice_date: string;
  sales_order_id: number;
  customer_name: string;
  /** The customer's tax number on record (a GSTIN when registered). */
  tax_no: string | null;
  /** Two-digit GST state code of the place of supply fixed on the order. */
  pos_code: string;
  pos_name: string;
  intra_state: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  rounding: number;
  net_amount: number;
  /** Job charges billed as a taxed service (migration 010): taxable value, tax, rate, SAC. */
  job_charges: number;
  service_tax: number;
  job_gst_rate_bp: number | null;
  job_sac: string | null;
}

export interface GstLineRow {
  /** The invoice, credit note or transfer the line belongs to. */
  doc_id: number;
  hsn_code: string | null;
  name: string;
  qty: number;
  taxable: number;
  gst_rate_bp: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface GstCreditNoteRow {
  id: number;
  branch_id: number;
  note_no: string;
  note_date: string;
  invoice_no: string;
  invoice_date: string;
  invoice_value: number;
  customer_name: string;
  tax_no: string | null;
  pos_code: string;
  pos_name: string;
  intra_state: number;
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface GstTransferRow {
  id: number;
  from_branch_id: number;
  document_no: string;
  document_date: string;
  to_branch_name: string;
  to_gstin: string | null;
  pos_code: string;
  pos_name: string;
  intra_state: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** `?,?,?` for an IN list of n values. */
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

export const gstReturns = perDatabase((db: Db) => {
  const sql = statementCache(db);
  const stateCode = db.prepare<[number], { gst_state_code: string }>('SELECT gst_state_code FROM state WHERE id = ?');
  return {
    /** Invoices of the branches dated from..to (inclusive), by number. */
    invoices(branchIds: number[], from: string, to: string): GstInvoiceRow[] {
      return sql<unknown[], GstInvoiceRow>(
          `SELECT i.id, i.branch_id, i.invoice_no, i.invoice_date, i.sales_order_id,
                  trim(c.first_name || ' ' || c.last_name) AS customer_name, c.tax_no,
                  ps.gst_state_code AS pos_code, ps.name AS pos_name, o.intra_state,
                  i.taxable, i.cgst, i.sgst, i.igst, i.rounding, i.net_amount,
                  o.job_charges, o.service_tax, o.job_gst_rate_bp, o.job_sac
           FROM invoice i JOIN sales_order o ON o.id = i.sales_order_id JOIN customer c ON c.id = i.customer_id
           JOIN state ps ON ps.id = o.place_of_supply_state_id
           WHERE i.branch_id IN (${marks(branchIds.length)}) AND i.invoice_date BETWEEN ? AND ?
           ORDER BY i.invoice_date, i.invoice_no`,
        )
        .all(...branchIds, from, to);
    },
    /** The order lines of those invoices (doc_id is the invoice's id). */
    invoiceLines(branchIds: number[], from: string, to: string): GstLineRow[] {
      return sql<unknown[], GstLineRow>(
          `SELECT i.id AS doc_id, l.hsn_code, l.name, l.qty, l.taxable, l.gst_rate_bp, l.cgst, l.sgst, l.igst
           FROM invoice i JOIN sales_order_line l ON l.sales_order_id = i.sales_order_id
           WHERE i.branch_id IN (${marks(branchIds.length)}) AND i.invoice_date BETWEEN ? AND ?
           ORDER BY i.id, l.line_no`,
        )
        .all(...branchIds, from, to);
    },
    /** GST credit notes (returns against an invoice) of the branches dated from..to. */
    creditNotes(branchIds: number[], from: string, to: string): GstCreditNoteRow[] {
      return sql<unknown[], GstCreditNoteRow>(
          `SELECT r.id, r.branch_id, r.gst_credit_note_no AS note_no, r.return_date AS note_date,
                  i.invoice_no, i.invoice_date, i.net_amount AS invoice_value,
                  trim(c.first_name || ' ' || c.last_name) AS customer_name, c.tax_no,
                  ps.gst_state_code AS pos_code, ps.name AS pos_name, o.intra_state,
                  r.amount, r.taxable, r.cgst, r.sgst, r.igst
           FROM sales_return r JOIN invoice i ON i.id = r.invoice_id JOIN sales_order o ON o.id = r.sales_order_id
           JOIN customer c ON c.id = r.customer_id JOIN state ps ON ps.id = o.place_of_supply_state_id
           WHERE r.gst_credit_note_no IS NOT NULL AND r.branch_id IN (${marks(branchIds.length)})
             AND r.return_date BETWEEN ? AND ?
           ORDER BY r.return_date, r.gst_credit_note_no`,
        )
        .all(...branchIds, from, to);
    },
    creditNoteLines(branchIds: number[], from: string, to: string): GstLineRow[] {
      return sql<unknown[], GstLineRow>(
          `SELECT r.id AS doc_id, ol.hsn_code, ol.name, rl.qty, rl.taxable, rl.gst_rate_bp, rl.cgst, rl.sgst, rl.igst
           FROM sales_return r JOIN sales_return_line rl ON rl.sales_return_id = r.id
           JOIN sales_order_line ol ON ol.id = rl.sales_order_line_id
           WHERE r.gst_credit_note_no IS NOT NULL AND r.branch_id IN (${marks(branchIds.length)})
             AND r.return_date BETWEEN ? AND ?
           ORDER BY r.id, rl.id`,
        )
        .all(...branchIds, from, to);
    },
    /** Tax invoices for goods sent to a branch under another GSTIN, dispatched from..to. */
    transferInvoices(branchIds: number[], from: string, to: string): GstTransferRow[] {
      return sql<unknown[], GstTransferRow>(
          `SELECT t.id, t.from_branch_id, t.document_no, substr(t.dispatched_at, 1, 10) AS document_date,
                  b.name AS to_branch_name, b.gstin AS to_gstin, s.gst_state_code AS pos_code, s.name AS pos_name, t.intra_state,
                  t.taxable, t.cgst, t.sgst, t.igst, t.total
           FROM transfer t JOIN branch b ON b.id = t.to_branch_id JOIN state s ON s.id = b.state_id
           WHERE t.document_kind = 'transfer_invoice' AND t.from_branch_id IN (${marks(branchIds.length)})
             AND substr(t.dispatched_at, 1, 10) BETWEEN ? AND ?
           ORDER BY t.dispatched_at, t.document_no`,
        )
        .all(...branchIds, from, to);
    },
    transferLines(branchIds: number[], from: string, to: string): GstLineRow[] {
      return sql<unknown[], GstLineRow>(
          `SELECT t.id AS doc_id, l.hsn_code, i.name, l.qty, l.taxable, l.rate_bp AS gst_rate_bp, l.cgst, l.sgst, l.igst
           FROM transfer t JOIN transfer_line l ON l.transfer_id = t.id JOIN item i ON i.id = l.item_id
           WHERE t.document_kind = 'transfer_invoice' AND t.from_branch_id IN (${marks(branchIds.length)})
             AND substr(t.dispatched_at, 1, 10) BETWEEN ? AND ?
           ORDER BY t.id, l.line_no`,
        )
        .all(...branchIds, from, to);
    },
    /** The state code of a state (the branch's own, for the supplier's side). */
    stateCode(stateId: number): string | undefined {
      return stateCode.get(stateId)?.gst_state_code;
    },
  };
});
