/**
 * Paying part of a bill from a credit note (a cancelled order's advance kept for the customer):
 * how much the note pays and what is left for the other payment kinds. The counter and the order
 * page's take-the-balance form both plan a payment this way. Sums are done in paise, so
 * "bill − note" never shows binary-fraction noise.
 */
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import type { CreditNote } from '../../../shared/models/lookup.js';
import { formatRupees } from '../ui/money.js';

const paise = (amount: number) => Math.round(amount * 100);

/** The Credit Note payment kind is paid through a chosen note, never picked from the kinds list. */
export const isCreditNoteKind = (name: string | undefined) => /credit\s*note/i.test(name ?? '');

/** The kinds the cashier picks from: a credit note is chosen from the customer's notes instead. */
export function payableKinds<K extends { name: string }>(kinds: K[] | undefined): K[] {
  return (kinds ?? []).filter((k) => !isCreditNoteKind(k.name));
}

export interface NoteChoice {
  /** Empty: no note is used. */
  creditNoteID: string;
  /** Rupee text as typed; empty means as much as the note can pay. */
  creditAmount: string;
}

/** A payment that may spend a credit note: the note's part, and the amount typed for the kind that pays the rest. */
export interface NotePayment extends NoteChoice {
  /** Rupee text as typed; empty means all that the note leaves. */
  amount: string;
}

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

/** Why the note cannot pay `applied`, or null when it can; `dueName` says what `due` is to the cashier. */
export function noteProblem(note: CreditNote | undefined, applied: number | null, due: number, dueName = 'the bill'): string | null {
  if (!note) return null;
  if (applied === null) return 'Enter an amount in rupees, like 500 or 1,250.50.';
  if (paise(applied) > paise(note.balance)) return `Only ${formatRupees(note.balance)} is left on this note.`;
  if (paise(applied) > paise(due)) return `More than ${dueName}, ${formatRupees(due)}.`;
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

/** The amount typed in rupees, or null when the text is not an amount; empty means all of `due`. */
export function amountPaid(typed: string, due: number): number | null {
  if (typed.trim() === '') return due;
  const typedPaise = parseRupees(typed);
  return typedPaise === null ? null : rupees(typedPaise);
}

/**
 * How the bill is paid: `fromNote` by the chosen credit note and `now` by the payment kind (null
 * when a typed amount is not one), `due` what the customer owes, `total` what is paid today.
 */
export interface PaymentPlan {
  due: number;
  note: CreditNote | undefined;
  fromNote: number | null;
  noteProblem: string | null;
  now: number | null;
  total: number | null;
}

export function planPayment(payment: NotePayment, notes: CreditNote[], due: number, dueName?: string): PaymentPlan {
  const note = notes.find((n) => n.creditNoteID === payment.creditNoteID);
  const applied = fromNote(note, payment.creditAmount, due);
  const now = amountPaid(payment.amount, remainder(due, applied ?? 0));
  return {
    due,
    note,
    fromNote: applied,
    noteProblem: noteProblem(note, applied, due, dueName),
    now,
    total: applied === null || now === null ? null : addRupees(applied, now),
  };
}
