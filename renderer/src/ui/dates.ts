/**
 * Dates as the service sends them (ISO, often with a time of midnight) shown in the store's
 * format — dd/mm/yyyy, as Indian stores write them — whatever the browser's or the PC's locale,
 * and back into what a date input holds. Every screen shows dates through these functions: none
 * calls toLocaleDateString, toLocaleString or Intl.DateTimeFormat on a date (issue 16).
 */
import { storeDate } from '../../../shared/domain/calendar.js';

export { STORE_DATE_FORMAT } from '../../../shared/domain/calendar.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-07T00:00:00` → `07/03/2026`; null for empty or unreadable values. */
export const formatDate = storeDate;

/** The `yyyy-mm-dd` part, for a date box (ui/DateField.tsx holds ISO days); '' when there is none. */
export function dateInputValue(value: string | null | undefined): string {
  const m = value ? DAY.exec(value) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}

/** A Date's calendar day on this till's clock, as the store writes it: `07/03/2026`. */
function localDay(at: Date): string {
  return formatDate(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`)!;
}

/** An instant (`2026-03-07T08:35:10.123Z`) on this till's clock: `07/03/2026, 14:05`; null when unreadable. */
export function formatInstant(value: string | null | undefined): string | null {
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return `${localDay(at)}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A moment (ISO with its zone, such as a backup's time) in this PC's time: `25/11/2026, 9:00 pm`. */
export function formatMoment(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const hours = at.getHours() % 12 || 12;
  return `${localDay(at)}, ${hours}:${pad(at.getMinutes())} ${at.getHours() < 12 ? 'am' : 'pm'}`;
}
