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
