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

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 'HH:MM' from a time ('17:30', '17:30:00') or from a date-time's time part; null when none is
 * given. A date alone where a date-time is declared means that day, with no time ("during the
 * day"), and so does a date-time at midnight ('2026-12-02T00:00:00'), which is how a client's date
 * picker sends a day. Anything else is a 400 naming `field`.
 */
export function timeOfDay(text: string | null | undefined, field: string): string | null {
  const t = text?.trim();
  if (!t || DATE_ONLY.test(t)) return null;
  const part = t.includes('T') ? t.slice(t.indexOf('T') + 1) : t;
  const m = TIME.exec(part);
  if (!m) throw invalid(`Invalid time: ${field}`, { [field]: ['Expected a time like 17:30'] });
  const hhmm = `${m[1]}:${m[2]}`;
  return t.includes('T') && hhmm === '00:00' ? null : hhmm;
}

/** A declared date-time read as a day and, when it has one, a time of day (see timeOfDay). */
export function dateAndTime(text: string | null | undefined, field: string): { date: string | null; time: string | null } {
  const date = calendarDate(text, field);
  return { date, time: date === null ? null : timeOfDay(text, field) };
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
