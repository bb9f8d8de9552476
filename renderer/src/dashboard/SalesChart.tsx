/**
 * The period's sales by day, drawn by the one bar chart (ui/BarChart.tsx): a bar for every day,
 * the asked day highlighted, the 1st, every 5th and the asked day labelled.
 */
import type { DashboardData } from '../../../shared/models/dashboard.js';
import { BarChart } from '../ui/BarChart.js';
import { formatRupees } from '../ui/money.js';
import { dateInputValue } from '../ui/dates.js';

type Day = DashboardData['period']['days'][number];

/**
 * Every day from `from` to `to`, zero where the service sent nothing: it lists only days with
 * sales, and a chart that skipped the quiet days would hide them.
 */
export function everyDay(from: string, to: string, days: Day[]): Day[] {
  const byDay = new Map(days.map((d) => [dateInputValue(d.date), d]));
  const out: Day[] = [];
  const last = dateInputValue(to);
  // UTC noon steps a day at a time without daylight-saving surprises.
  for (let at = new Date(`${dateInputValue(from)}T12:00:00Z`); out.length < 366; at.setUTCDate(at.getUTCDate() + 1)) {
    const day = at.toISOString().slice(0, 10);
    if (day > last) break;
    out.push(byDay.get(day) ?? { date: day, count: 0, amount: 0 });
  }
  return out;
}

export function SalesChart({ period, today }: { period: DashboardData['period']; today: string }) {
  const days = everyDay(period.fromDate, period.toDate, period.days);
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  const bars = days.map((d, i) => {
    const day = dateInputValue(d.date);
    const dayOfMonth = Number(day.slice(8, 10));
    // Every day would crowd a 31-day month; the 1st, every 5th and the asked day are enough.
    const labelled = i === 0 || dayOfMonth % 5 === 0 || day === today;
    return { key: d.date, label: labelled ? String(dayOfMonth) : null, value: d.amount, title: `${day}: ${d.count} orders, ${formatRupees(d.amount)}`, highlight: day === today };
  });
  return <BarChart id="sales-chart" title={`Sales by day, ${days.length} days, ${formatRupees(total)} in all`} bars={bars} money />;
}
