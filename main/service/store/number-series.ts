/**
 * SQL for `number_series`: document numbers per branch, financial year and kind. Each number
 * carries the branch code, so two branches selling offline can never mint the same one, and it is
 * taken inside the transaction that writes the document: a rolled-back sale never burns a number.
 *
 *   order           AMD1/SO/2026-27/000123
 *   receipt         AMD1/RC/2026-27/000045
 *   credit note     AMD1/CN/2026-27/000002
 *   lab order       AMD1/PO/2026-27/000017
 *   invoice         AMD1/2627/000123   (GST: at most 16 letters, digits, '-' and '/')
 */
import type { Db } from '../db/database.js';
import { conflict } from '../errors.js';
import { perDatabase } from './per-database.js';

export type SeriesKind = 'order' | 'receipt' | 'invoice' | 'credit_note' | 'purchase_order';

const PREFIX: Record<Exclude<SeriesKind, 'invoice'>, string> = {
  order: 'SO',
  receipt: 'RC',
  credit_note: 'CN',
  purchase_order: 'PO',
};

export const INVOICE_NO_MAX = 16;

/** A document number from its parts; pure, so the format is tested without a database. */
export function documentNo(kind: SeriesKind, branchCode: string, yearName: string, seq: number): string {
  const code = branchCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (kind !== 'invoice') return `${code}/${PREFIX[kind]}/${yearName}/${String(seq).padStart(6, '0')}`;
  const years = yearName.replace(/\D/g, '').slice(-4);
  const head = `${code}/${years}/`;
  const digits = String(seq).padStart(Math.max(INVOICE_NO_MAX - head.length, 1), '0');
  const no = head + digits;
  if (no.length > INVOICE_NO_MAX) {
    throw conflict(`Invoice number ${no} would exceed ${INVOICE_NO_MAX} characters; shorten the branch code`, 'NUMBER_SERIES_TOO_LONG');
  }
  return no;
}

export const numberSeries = perDatabase((db: Db) => {
  const bump = db.prepare<[number, number, string], { seq: number }>(
    `INSERT INTO number_series (branch_id, year_id, kind, next) VALUES (?, ?, ?, 2)
     ON CONFLICT (branch_id, year_id, kind) DO UPDATE SET next = next + 1
     RETURNING next - 1 AS seq`,
  );
  const parts = db.prepare<[number, number], { code: string; year: string }>(
    'SELECT b.code AS code, y.name AS year FROM branch b, financial_year y WHERE b.id = ? AND y.id = ?',
  );
  return {
    /** Takes the next number; call inside the write transaction that stores the document. */
    next(kind: SeriesKind, branchId: number, yearId: number): string {
      const p = parts.get(branchId, yearId);
      if (!p) throw new Error(`No branch ${branchId} or year ${yearId}`);
      return documentNo(kind, p.code, p.year, bump.get(branchId, yearId, kind)!.seq);
    },
  };
});
