/**
 * The period's sales by day as plain SVG: a chart library would be a large dependency for one
 * bar chart, and SVG scales with the window and prints cleanly.
 */
import type { DashboardData } from '../../../shared/models/dashboard.js';
import { formatRupees } from '../ui/money.js';
import { dateInputValue } from '../ui/dates.js';

type Day = DashboardData['period']['days'][number];

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 28, left: 64 };

/** A round axis maximum (1, 2 or 5 × 10ⁿ) at or above the largest bar, so gridlines read well. */
export function niceMax(value: number): number {
  if (value <= 0) return 1000;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Axis labels stay short: ₹12k, ₹1.5L (lakh), as the shop says them. */
export function shortRupees(value: number): string {
  if (value >= 100_000) return `₹${trim(value / 100_000)}L`;
  if (value >= 1_000) return `₹${trim(value / 1_000)}k`;
  return `₹${Math.round(value)}`;
}

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

const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

export function SalesChart({ period, today }: { period: DashboardData['period']; today: string }) {
  const days = everyDay(period.fromDate, period.toDate, period.days);
  const max = niceMax(Math.max(0, ...days.map((d) => d.amount)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  // Fifths of a 1-2-5 maximum are round numbers (₹0, ₹1k … ₹5k).
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].map((f) => f * max);
  const total = days.reduce((sum, d) => sum + d.amount, 0);

  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="sales-chart-title" className="chart-svg">
        <title id="sales-chart-title">{`Sales by day, ${days.length} days, ${formatRupees(total)} in all`}</title>
        {ticks.map((t) => {
          const y = PAD.top + plotH - (t / max) * plotH;
          return (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="chart-grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="chart-axis">
                {shortRupees(t)}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.amount / max) * plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const day = dateInputValue(d.date);
          const dayOfMonth = Number(day.slice(8, 10));
          // Every day would crowd a 31-day month; the 1st, every 5th and the asked day are enough.
          const labelled = i === 0 || dayOfMonth % 5 === 0 || day === today;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={PAD.top + plotH - h}
                width={barW}
                height={Math.max(h, d.amount > 0 ? 1 : 0)}
                className={day === today ? 'chart-bar chart-bar-today' : 'chart-bar'}
              >
                <title>{`${day}: ${d.count} orders, ${formatRupees(d.amount)}`}</title>
              </rect>
              {labelled && (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-axis">
                  {dayOfMonth}
                </text>
              )}
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="chart-baseline" />
      </svg>
    </figure>
  );
}
