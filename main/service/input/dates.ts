/**
 * Calendar dates of the customer group (birth, marriage, visit, recall). They are days, not
 * instants: stored as YYYY-MM-DD, taken from the date part of whatever ISO form the client sends.
 */
import { invalid } from '../errors.js';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/;

/** 'YYYY-MM-DD' for a real calendar day, null for empty; a 400 naming `field` otherwise. */
export function calendarDate(text: string | null | undefined, field: string): string | null {
  if (text == null || text.trim() === '') return null;
  const m = SHAPE.exec(text.trim());
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (!m || at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) {
    throw invalid(`Invalid date: ${field}`, { [field]: ['Expected a date like 2025-04-01'] });
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The same day a number of months later, clamped to the month's end (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const at = new Date(Date.UTC(y, m - 1 + months, Math.min(d, last)));
  return at.toISOString().slice(0, 10);
}

/** Whole years from `birth` to `on` (both YYYY-MM-DD). */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** "2025-04-01" → "01/04/2025", as Indian prescriptions and receipts write dates. */
export const indianDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The day `days` calendar days after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
