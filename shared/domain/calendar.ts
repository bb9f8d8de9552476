/** Dates as the shop sees them: the calendar day on the till's own clock. */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The store's date format: dd/mm/yyyy, as Indian stores write dates (issue 16). */
export const STORE_DATE_FORMAT = 'dd/mm/yyyy';

/**
 * A date as the service sends it (`2026-03-07`, often with a time of midnight) in the store's
 * format, `07/03/2026`, whatever the locale; null for empty or unreadable values. The screens
 * (renderer/src/ui/dates.ts) and the service's messages both write dates through this one.
 */
export function storeDate(value: string | null | undefined): string | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  const [, y, mo, d] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return null;
  return STORE_DATE_FORMAT.replace('dd', d!).replace('mm', mo!).replace('yyyy', y!);
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real day of the calendar: months 1–12, days up to the month's last (29 February in leap years only). */
function realDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const last = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= last;
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A date as a cashier types it, in the store's order (day, month, year): `07/03/2026`, `7/3/2026`,
 * `07-03-2026` or `7.3.2026` — or pasted as ISO, `2026-03-07` — as ISO `2026-03-07`; null for
 * anything else, an impossible day (31/02/2026) or a two-digit year (issue 16: date entry no
 * longer follows the browser's locale).
 */
export function parseStoreDate(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  const dayFirst = DAY_FIRST.exec(t);
  if (dayFirst) {
    const [d, m, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    return realDay(y, m, d) ? iso(y, m, d) : null;
  }
  const isoDay = ISO_DAY.exec(t);
  if (isoDay) {
    const [y, m, d] = [Number(isoDay[1]), Number(isoDay[2]), Number(isoDay[3])];
    return realDay(y, m, d) ? iso(y, m, d) : null;
  }
  return null;
}

/** True for an ISO calendar day that exists (`2026-02-28`), false for anything else (`2026-02-31`, `07/03/2026`). */
export function isCalendarDay(value: string | null | undefined): boolean {
  const m = value ? ISO_DAY.exec(value) : null;
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** What a date box says when what was typed is not a date: "Birth date must be a date as dd/mm/yyyy". */
export function dateEntryMessage(label: string): string {
  return `${label} must be a date as ${STORE_DATE_FORMAT}`;
}
