/**
 * Paying part of a bill from a credit note (a cancelled order's advance kept for the customer):
 * how much the note pays and what is left for the other payment kinds. Sums are done in paise, so
 * "bill − note" never shows binary-fraction noise.
 */
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import type { CreditNote } from '../../../shared/models/lookup.js';
import { formatRupees } from '../catalog/money.js';

const paise = (amount: number) => Math.round(amount * 100);

/** The Credit Note payment kind is paid through a chosen note, never picked from the kinds list. */
export const isCreditNoteKind = (name: string | undefined) => /credit\s*note/i.test(name ?? '');

/**
 * What the note pays, in rupees: the typed amount, or when nothing is typed as much as it can —
 * all that is left on the note, or the whole bill if that is less. 0 without a note; null when
 * the text is not an amount.
 */
export function fromNote(note: CreditNote | undefined, typed: string, due: number): number | null {
  if (!note) return 0;
  if (typed.trim() === '') return rupees(Math.max(0, Math.min(paise(note.balance), paise(due))));
  const typedPaise = parseRupees(typed);
  return typedPaise === null ? null : rupees(typedPaise);
}

/** Why the note cannot pay `applied`, or null when it can. */
export function noteProblem(note: CreditNote | undefined, applied: number | null, due: number): string | null {
  if (!note) return null;
  if (applied === null) return 'Enter an amount in rupees, like 500 or 1,250.50.';
  if (paise(applied) > paise(note.balance)) return `Only ${formatRupees(note.balance)} is left on this note.`;
  if (paise(applied) > paise(due)) return `More than the bill, ${formatRupees(due)}.`;
  return null;
}

/** `total − part`, never below zero, without float noise: what the note leaves, a balance, change due. */
export function remainder(total: number, part: number): number {
  return rupees(Math.max(0, paise(total) - paise(part)));
}

/** Rupee amounts added without float noise. */
export function addRupees(a: number, b: number): number {
  return rupees(paise(a) + paise(b));
}
