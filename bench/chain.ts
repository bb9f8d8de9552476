/**
 * The reports at chain scale for `npm run bench`: a store of the run's largest size grown to a chain
 * of `--branches` branches (default 50) by `npm run seed -- --branches N` (bench/stores.ts), its
 * orders spread over every branch and a till open at each. Each report endpoint of REPORT_READS is
 * timed at one till against the transport floor (QuickSale/appVersion, the cheapest authenticated
 * route) measured by the same till in alternating batches, as the main table's reads are.
 *
 * The store is reused between runs (as the others are): its orders are dated back from the day it
 * was built, so on a later day "today" holds only that day's orders, which is what a chain's morning
 * looks like too.
 */
import path from 'node:path';
import { api } from '../shared/endpoints/index.js';
import { REPORT_NAMES } from '../shared/models/reports.js';
import { addToRecord } from '../main/service/backup/record.js';
import { startService } from './service-process.js';
import { statsOf, timeOnce, type Stats } from './stats.js';
import type { BenchStore } from './stores.js';
import { Till } from './till.js';

/** One report endpoint to time: who asks it (a demo user) and the call. */
export interface ReportRead {
  name: string;
  who: 'admin' | 'manager';
  call: (till: Till) => Promise<unknown>;
}

/** The report endpoints timed at the chain store, in this order: add a row to time another. */
export const REPORT_READS: readonly ReportRead[] = [
  { name: 'Chain/dashboard (every branch, today)', who: 'admin', call: (t) => t.call(api.Chain.dashboard) },
  { name: 'Dashboard/dashboardData (one branch)', who: 'manager', call: (t) => t.call(api.Dashboard.dashboardData, { body: {} }) },
  // Every report of the Reports screen over the last 30 days, at head office (every branch).
  ...REPORT_NAMES.map((report): ReportRead => ({
    name: `Reports/${report} (every branch, 30 days)`,
    who: 'admin',
    call: (t) => t.call(api.Reports.run, { params: { report }, query: lastDays(30) }),
  })),
  // GSTR-1 of the head office's GSTIN for this month (the GSTIN is asked for once, then reused).
  {
    name: 'GSTReturns/gstr1 (a GSTIN, this month)',
    who: 'admin',
    call: async (t) => {
      const gstin = (firstGstin ??= ((await t.call(api.GSTReturns.gstins)) as { gstins: Array<{ gstin: string }> }).gstins[0]?.gstin ?? '');
      return t.call(api.GSTReturns.gstr1, { query: { gstin, month: new Date().toISOString().slice(0, 7) } });
    },
  },
];

let firstGstin: string | undefined;

/** The period of the last `days` days to today, as the Reports screen sends it. */
function lastDays(days: number): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

export interface ReportTiming {
  name: string;
  stats: Stats;
  floor: Stats;
}

export interface ChainBench {
  store: string;
  branches: number;
  orders: number;
  reads: ReportTiming[];
  /** Reports the service stopped at its read time limit (503 READ_TIMEOUT), not timed. */
  refused: string[];
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10) / 10 : 0);

export async function measureChain(store: BenchStore, branches: number, quick: boolean, log: (line: string) => void): Promise<ChainBench> {
  const runs = quick ? 40 : 200;
  const rounds = quick ? 2 : 3;
  // Today's daily backup counts as taken: a copy of the whole store must not run beside the timing.
  addToRecord(store.dataDir, { at: new Date().toISOString(), reason: 'daily', ok: true, message: 'Counted as taken by the benchmark (a seeded store)' });
  const service = await startService(store.dataDir);
  try {
    const tills = {
      admin: await new Till(service.url, 'bench-chain-admin').signIn('admin'),
      manager: await new Till(service.url, 'bench-chain-manager').signIn('manager'),
    };
    const floor = (t: Till) => t.call(api.QuickSale.appVersion);
    // A report the service stops at its read time limit is named, not timed: the run goes on.
    const refused: string[] = [];
    const answers = async (r: ReportRead) => {
      try {
        await r.call(tills[r.who]);
        return true;
      } catch (err) {
        if (!String(err).includes('READ_TIMEOUT')) throw err;
        refused.push(r.name);
        log(`  ${r.name}: stopped at the read time limit (503 READ_TIMEOUT), not timed`);
        return false;
      }
    };
    const timed: ReportRead[] = [];
    for (const r of REPORT_READS) if (await answers(r)) timed.push(r);
    for (let k = 0; k < 4; k++) {
      for (const r of timed) {
        await r.call(tills[r.who]);
        await floor(tills[r.who]);
      }
    }
    const reads: ReportTiming[] = [];
    for (const r of timed) {
      const till = tills[r.who];
      const measured: number[] = [];
      const floorSamples: number[] = [];
      let wall = 0;
      let floorWall = 0;
      for (let round = 0; round < rounds; round++) {
        let t = performance.now();
        for (let i = 0; i < runs / rounds; i++) floorSamples.push(await timeOnce(() => floor(till)));
        floorWall += performance.now() - t;
        t = performance.now();
        for (let i = 0; i < runs / rounds; i++) measured.push(await timeOnce(() => r.call(till)));
        wall += performance.now() - t;
      }
      const read = { name: r.name, stats: statsOf(measured, wall), floor: statsOf(floorSamples, floorWall) };
      reads.push(read);
      log(`  ${r.name}: p50 ${read.stats.p50} / p99 ${read.stats.p99} ms (×${ratio(read.stats.p50, read.floor.p50)} / ×${ratio(read.stats.p99, read.floor.p99)} transport, p50 ${read.floor.p50} / p99 ${read.floor.p99} ms)`);
    }
    return { store: path.basename(store.dataDir), branches, orders: store.size.orders, reads, refused };
  } finally {
    await service.stop();
  }
}

/** The report's markdown section. */
export function chainMarkdown(chain: ChainBench): string[] {
  const out = [
    `Reports at chain scale (${chain.orders.toLocaleString('en-IN')} orders over ${chain.branches} branches, a till open at each), 1 till, against the transport floor:`,
    '',
    '| report | calls | p50 ms | p99 ms | p50 × floor | p99 × floor | floor p50 / p99 ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of chain.reads) out.push(`| ${r.name} | ${r.stats.n} | ${r.stats.p50} | ${r.stats.p99} | ${ratio(r.stats.p50, r.floor.p50)} | ${ratio(r.stats.p99, r.floor.p99)} | ${r.floor.p50} / ${r.floor.p99} |`);
  for (const name of chain.refused ?? []) out.push(`| ${name} | stopped at the read time limit (503 READ_TIMEOUT) | | | | | |`);
  return out;
}
