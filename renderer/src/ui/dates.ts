/**
 * Dates as the service sends them (ISO, often with a time of midnight) shown as the shop reads
 * them, and back into what a date input holds.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** `2026-03-07T00:00:00` → `07 Mar 2026`; null for empty or unreadable values. */
export function formatDate(value: string | null | undefined): string | null {
  const m = value ? DAY.exec(value) : null;
  if (!m) return null;
  const [, y, mo, d] = m;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(mo) - 1];
  return month ? `${d} ${month} ${y}` : null;
}

/** The `yyyy-mm-dd` part, for an <input type="date">; '' when there is none. */
export function dateInputValue(value: string | null | undefined): string {
  const m = value ? DAY.exec(value) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}

/** An instant (`2026-03-07T08:35:10.123Z`) on this till's clock: `07 Mar 2026, 14:05`; null when unreadable. */
export function formatInstant(value: string | null | undefined): string | null {
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = formatDate(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`);
  return `${day}, ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A moment (ISO with its zone, such as a backup's time) in this PC's time: `25 Nov 2026, 9:00 pm`. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
