/**
 * Latencies kept whole (every sample, sorted once): exact percentiles, which is at least what an
 * HDR histogram would give at these sample counts.
 */
export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Completed operations per second over the wall time of the batch (all tills together). */
  perSecond: number;
}

export function statsOf(samples: number[], wallMs: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    perSecond: wallMs > 0 ? Math.round((sorted.length / wallMs) * 1000) : 0,
  };
}

/** Times `work` once, in milliseconds. */
export async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/** Percentiles in seconds over pairs that should all have been seen; null: among those never seen. */
export interface LagStats {
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  pairs: number;
  seen: number;
}

/**
 * Percentiles (seconds) over every pair that should have been seen: a pair not seen by the end of
 * the drain counts as slower than every one seen (null when the percentile falls among them).
 */
export function lagStats(lagsMs: number[], pairs: number): LagStats {
  const sorted = [...lagsMs].sort((a, b) => a - b);
  const total = Math.max(pairs, sorted.length);
  const at = (q: number) => {
    if (total === 0) return null;
    const i = Math.max(0, Math.ceil(q * total) - 1);
    return i < sorted.length ? Math.round(sorted[i]!) / 1000 : null;
  };
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.length === total ? at(1) : null, pairs, seen: sorted.length };
}
