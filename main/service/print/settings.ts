/**
 * The store's printing settings, kept in the `setting` table (key → text). An unknown or
 * missing value falls back to the default, so a typo in a setting never stops the till.
 */
import type { Db } from '../db/database.js';
import { settings } from '../store/setting.js';
import { PAPERS, type Paper } from './paper.js';

export const PRINT_SETTINGS = {
  /** `80mm` (thermal roll, default) or `A5`. */
  receiptPaper: 'print.receipt.paper',
  /** `on` prints the order's per-eye Rx on the receipt; default `off`. */
  receiptPrescription: 'print.receipt.prescription',
  /** Terms printed under receipts and invoices; lines separated by newlines. */
  terms: 'print.terms',
} as const;

export const DEFAULT_TERMS = 'Goods once sold are not taken back; spectacles are made to your prescription.';

export interface PrintSettings {
  receiptPaper: Paper;
  receiptPrescription: boolean;
  terms: string[];
}

export function printSettings(db: Db): PrintSettings {
  const store = settings(db);
  const paper = store.get(PRINT_SETTINGS.receiptPaper)?.trim().toUpperCase();
  const rx = store.get(PRINT_SETTINGS.receiptPrescription)?.trim().toLowerCase();
  const terms = store.get(PRINT_SETTINGS.terms) ?? DEFAULT_TERMS;
  return {
    receiptPaper: paper === 'A5' ? PAPERS.A5 : PAPERS['80mm'],
    receiptPrescription: rx === 'on' || rx === '1' || rx === 'true' || rx === 'yes',
    terms: terms
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  };
}
