/**
 * A report's period and its comparison: from and to (days, both counted), at most a year, and the
 * period of the same length just before it.
 */
import { MAX_REPORT_DAYS } from '../../../shared/models/reports.js';
import { invalid } from '../errors.js';
import { calendarDate } from '../input/dates.js';

export interface Period {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

const DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export function reportPeriod(fromText: string, toText: string): Period {
  const from = calendarDate(fromText, 'from');
  if (!from) throw invalid('Which day does the report start? Give the first day', { from: ['Required'] });
  const to = calendarDate(toText, 'to');
  if (!to) throw invalid('Which day does the report end? Give the last day', { to: ['Required'] });
  if (to < from) throw invalid('The last day of the report comes before its first day', { to: ['On or after the first day'] });
  const days = Math.round((at(to) - at(from)) / DAY) + 1;
  if (days > MAX_REPORT_DAYS) {
    throw invalid('A report covers at most a year: choose a last day within a year of the first', { to: [`At most ${MAX_REPORT_DAYS} days after the first day`] });
  }
  const previousTo = dayOf(at(from) - DAY);
  return { from, to, days, previousTo, previousFrom: dayOf(at(previousTo) - (days - 1) * DAY) };
}

/** The day `offset` days after `day`. */
export const plusDays = (day: string, offset: number) => dayOf(at(day) + offset * DAY);
