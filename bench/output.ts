/**
 * Where a bench run's results go. Every run writes `bench/results/runs/<start time>[-quick].json`
 * and `.md`, a folder git ignores, so a quick or partial run leaves the checkout clean. Only with
 * `--record` does it write `bench/results/latest.json` and `latest.md`, the committed record the
 * guides quote, and only a full run may be recorded (every store size, the full soak, the full
 * sync): a small store's figures never stand in for the full run's. The refusal comes before
 * anything is measured.
 */
import path from 'node:path';

/** What a full run measures: the defaults without --quick, and the least a recorded run may do. */
export const FULL_RUN = { sizes: ['10k', '100k', '1M'], soakMinutes: 10, syncOrders: 5000 } as const;

export interface RunShape {
  record: boolean;
  quick: boolean;
  sizes: readonly string[];
  soakMinutes: number;
  syncOrders: number;
  startedAt: Date;
  /** A run of one section only (`--load-only`: 'load'): its files say so in their name. */
  section?: string | undefined;
}

export type ResultsPlace = { refused: string } | { json: string; md: string; recorded: boolean };

/** The two files a run writes under `resultsDir` (bench/results), or why --record refuses it. */
export function resultsPlace(run: RunShape, resultsDir: string): ResultsPlace {
  if (run.record) {
    const short: string[] = [];
    if (run.quick) short.push('--quick');
    if (run.sizes.join(',') !== FULL_RUN.sizes.join(',')) short.push(`--sizes ${run.sizes.join(',')} (the record has ${FULL_RUN.sizes.join(',')})`);
    if (run.soakMinutes < FULL_RUN.soakMinutes) short.push(`a ${run.soakMinutes}-minute soak (the record's is ${FULL_RUN.soakMinutes})`);
    if (run.syncOrders < FULL_RUN.syncOrders) short.push(`${run.syncOrders} orders synced (the record's are ${FULL_RUN.syncOrders})`);
    if (short.length > 0) {
      return {
        refused: `--record keeps only a full run as bench/results/latest.*, and this one is shorter: ${short.join('; ')}. Run it without --record (its results go to bench/results/runs/), or record a full run: npm run bench -- --record`,
      };
    }
    return { json: path.join(resultsDir, 'latest.json'), md: path.join(resultsDir, 'latest.md'), recorded: true };
  }
  // 2026-05-04T09:30:12Z: sorts by time, and no ':' (not allowed in Windows file names).
  const stamp = run.startedAt.toISOString().slice(0, 19).replaceAll(':', '-') + 'Z';
  const name = `${stamp}${run.quick ? '-quick' : ''}${run.section ? `-${run.section}` : ''}`;
  const runs = path.join(resultsDir, 'runs');
  return { json: path.join(runs, `${name}.json`), md: path.join(runs, `${name}.md`), recorded: false };
}
