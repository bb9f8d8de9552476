/**
 * SQL for `number_series`: document numbers per branch, till, financial year and kind (issue 15).
 * Each number carries the branch code and the till code (the installation's, store/installation.ts),
 * so neither two branches nor two tills of one branch selling offline can mint the same one, and it
 * is taken inside the transaction that writes the document: a rolled-back sale never burns a number.
 *
 *   order           AMD1/SO/2026-27/1-000123      (till 1; the serial is always the last 6 digits)
 *   receipt         AMD1/RC/2026-27/1-000045
 *   credit note     AMD1/CN/2026-27/1-000002
 *   lab order       AMD1/PO/2026-27/1-000017
 *   goods receipt   AMD1/GR/2026-27/1-000003      debit note (return to a supplier)  AMD1/DN/…
 *   delivery challan AMD1/DC/2026-27/1-000004     stock-take  AMD1/ST/…   customer return  AMD1/SR/…
 *   invoice         AMD1/26/1-000123   (GST: at most 16 letters, digits, '-' and '/'; 26 is 2026-27)
 *   transfer invoice AMD1/26T/1-00012  (a tax invoice to a branch in another state; its own series)
 *   GST credit note AMD1/26C/1-00003   (a credit note against an invoice; its own series)
 *
 * Numbers issued before the till code (AMD1/SO/2026-27/000123, AMD1/2627/000123) stay as printed;
 * the migrated till goes on counting from where its branch was (db/migrations/017).
 */
import type { Db } from '../db/database.js';
import { conflict } from '../errors.js';
import { perDatabase } from './per-database.js';

export type SeriesKind =
  | 'order' | 'receipt' | 'invoice' | 'credit_note' | 'purchase_order'
  | 'goods_receipt' | 'debit_note' | 'delivery_challan' | 'transfer_invoice' | 'stock_take' | 'sales_return' | 'gst_credit_note';

/** Series printed as GST documents: at most 16 characters, the year's two digits and a mark. */
const GST_SERIES: Partial<Record<SeriesKind, string>> = { invoice: '', transfer_invoice: 'T', gst_credit_note: 'C' };

const PREFIX: Record<Exclude<SeriesKind, 'invoice' | 'transfer_invoice' | 'gst_credit_note'>, string> = {
  order: 'SO',
  receipt: 'RC',
  credit_note: 'CN',
  purchase_order: 'PO',
  goods_receipt: 'GR',
  debit_note: 'DN',
  delivery_challan: 'DC',
  stock_take: 'ST',
  sales_return: 'SR',
};

export const INVOICE_NO_MAX = 16;

/** A document number from its parts; pure, so the format is tested without a database. */
export function documentNo(kind: SeriesKind, branchCode: string, tillCode: string, yearName: string, seq: number): string {
  const code = branchCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const till = tillCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const mark = GST_SERIES[kind];
  if (mark === undefined) return `${code}/${PREFIX[kind as keyof typeof PREFIX]}/${yearName}/${till}-${String(seq).padStart(6, '0')}`;
  // The year as the two digits it starts in: 2026-27 → 26.
  const year = yearName.replace(/\D/g, '').slice(2, 4);
  const head = `${code}/${year}${mark}/${till}-`;
  const digits = String(seq).padStart(Math.max(INVOICE_NO_MAX - head.length, 1), '0');
  const no = head + digits;
  if (no.length > INVOICE_NO_MAX) {
    throw conflict(`${kind === 'invoice' ? 'Invoice' : 'Document'} number ${no} would exceed ${INVOICE_NO_MAX} characters; shorten the branch or till code`, 'NUMBER_SERIES_TOO_LONG');
  }
  return no;
}

export const numberSeries = perDatabase((db: Db) => {
  const bump = db.prepare<[number, string, number, string], { seq: number }>(
    `INSERT INTO number_series (branch_id, till_code, year_id, kind, next) VALUES (?, ?, ?, ?, 2)
     ON CONFLICT (branch_id, till_code, year_id, kind) DO UPDATE SET next = next + 1
     RETURNING next - 1 AS seq`,
  );
  const parts = db.prepare<[number, number], { code: string; year: string; till: string | null }>(
    `SELECT b.code AS code, y.name AS year, (SELECT value FROM setting WHERE key = 'till_code') AS till
     FROM branch b, financial_year y WHERE b.id = ? AND y.id = ?`,
  );
  return {
    /** Takes this till's next number; call inside the write transaction that stores the document. */
    next(kind: SeriesKind, branchId: number, yearId: number): string {
      const p = parts.get(branchId, yearId);
      if (!p) throw new Error(`No branch ${branchId} or year ${yearId}`);
      // loadInstallation() sets the till code before any document is written.
      if (!p.till) throw new Error('This installation has no till code');
      return documentNo(kind, p.code, p.till, p.year, bump.get(branchId, p.till, yearId, kind)!.seq);
    },
  };
});
