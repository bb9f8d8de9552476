/**
 * The one bar chart of the renderer, as plain SVG: a chart library would be a large dependency for
 * bars, and SVG scales with the window and prints cleanly. The dashboard draws its month's sales
 * by day with it, the reports their figure per row; a bar may have the previous period's figure
 * drawn beside it, lighter.
 */
import { formatRupees } from './money.js';

export interface Bar {
  key: string;
  /** The label under the bar; null leaves the place empty (a crowded axis). */
  label: string | null;
  value: number;
  /** The previous period's figure, drawn beside the bar. */
  previous?: number | null;
  /** What hovering the bar says. */
  title: string;
  /** Drawn in the highlight colour (the dashboard's asked day). */
  highlight?: boolean;
}

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

const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

/** Axis labels stay short: ₹12k, ₹1.5L (lakh), as the shop says them. */
export function shortRupees(value: number): string {
  if (value >= 100_000) return `₹${trim(value / 100_000)}L`;
  if (value >= 1_000) return `₹${trim(value / 1_000)}k`;
  return `₹${Math.round(value)}`;
}

const shortCount = (value: number) => (value >= 1_000 ? `${trim(value / 1_000)}k` : trim(value));

export function BarChart({ id, title, bars, money, previousLabel }: { id: string; title: string; bars: readonly Bar[]; money: boolean; previousLabel?: string }) {
  const compare = bars.some((b) => b.previous !== undefined && b.previous !== null);
  const max = niceMax(Math.max(0, ...bars.map((b) => Math.max(b.value, b.previous ?? 0))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(bars.length, 1);
  const barW = Math.max(2, Math.min(28, (slot * 0.7) / (compare ? 2 : 1)));
  // Fifths of a 1-2-5 maximum are round numbers (₹0, ₹1k … ₹5k).
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].map((f) => f * max);
  const axis = money ? shortRupees : shortCount;
  const height = (v: number) => (Math.max(v, 0) / max) * plotH;

  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart-svg" data-testid={id}>
        <title id={`${id}-title`}>{title}</title>
        {ticks.map((t) => {
          const y = PAD.top + plotH - (t / max) * plotH;
          return (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="chart-grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="chart-axis">
                {axis(t)}
              </text>
            </g>
          );
        })}
        {bars.map((b, i) => {
          const group = barW * (compare ? 2 : 1);
          const x = PAD.left + i * slot + (slot - group) / 2;
          const h = height(b.value);
          const p = b.previous ?? null;
          return (
            <g key={b.key}>
              {compare && p !== null && (
                <rect x={x} y={PAD.top + plotH - height(p)} width={barW} height={Math.max(height(p), p > 0 ? 1 : 0)} className="chart-bar chart-bar-previous">
                  <title>{`${b.label ?? b.key}, ${previousLabel ?? 'previous period'}: ${money ? formatRupees(p) : p}`}</title>
                </rect>
              )}
              <rect
                x={compare ? x + barW : x}
                y={PAD.top + plotH - h}
                width={barW}
                height={Math.max(h, b.value > 0 ? 1 : 0)}
                className={b.highlight ? 'chart-bar chart-bar-today' : 'chart-bar'}
              >
                <title>{b.title}</title>
              </rect>
              {b.label !== null && (
                <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-axis">
                  {b.label}
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
