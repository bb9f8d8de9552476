/** Dates as a store in India writes them on paper: 22-11-2026. Stored dates are ISO days. */
export function printedDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

/** A date with an optional time of day ("18:30"). */
export function printedDateTime(iso: string | null | undefined, time: string | null | undefined): string {
  const day = printedDate(iso);
  return day && time ? `${day} ${time}` : day;
}
