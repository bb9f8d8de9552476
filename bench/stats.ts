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
