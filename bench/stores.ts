/**
 * The benchmark's stores: made once by `npm run seed` (main/seed.ts, the same generator a user
 * runs) into a cache folder and reused while they are complete, because a million orders take
 * about ten minutes to generate. A store is complete when its marker file exists; an interrupted
 * build is started again from nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StoreSize {
  orders: number;
  customers: number;
  items: number;
}

/** The sizes the issue names: the chain-scale store and the two smaller ones the growth check compares. */
export const SIZES: Record<string, StoreSize> = {
  '10k': { orders: 10_000, customers: 5_000, items: 2_000 },
  '100k': { orders: 100_000, customers: 50_000, items: 5_000 },
  '1M': { orders: 1_000_000, customers: 500_000, items: 50_000 },
};

export interface BenchStore {
  label: string;
  size: StoreSize;
  dataDir: string;
  file: string;
  /** Seconds the build took, or null when a complete store was reused. */
  builtSeconds: number | null;
  bytes: number;
}

const root = path.resolve(import.meta.dirname, '..');

/** Where stores are kept between runs: BENCH_STORES, or a cache folder in the user's home. */
export function storesDir(): string {
  return process.env.BENCH_STORES || path.join(os.homedir(), '.cache', 'optical-pos', 'bench');
}

/** `branches`: the company grown to a chain of that many branches first (`npm run seed -- --branches`); 0 leaves the demo's two. */
export function benchStore(label: string, size: StoreSize, log: (line: string) => void, branches = 0): BenchStore {
  const dataDir = path.join(storesDir(), `o${size.orders}-c${size.customers}-i${size.items}${branches > 0 ? `-b${branches}` : ''}`);
  const file = path.join(dataDir, 'demo.sqlite');
  const marker = path.join(dataDir, 'complete');
  let builtSeconds: number | null = null;
  if (!existsSync(marker)) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    log(`building the ${label} store (${size.orders.toLocaleString('en-IN')} orders) in ${dataDir}…`);
    const t0 = performance.now();
    const args = ['--import', 'tsx', path.join(root, 'main', 'seed.ts'), '--customers', String(size.customers), '--items', String(size.items),
      '--orders', String(size.orders), '--data-dir', dataDir, ...(branches > 0 ? ['--branches', String(branches)] : [])];
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`seeding the ${label} store failed`);
    builtSeconds = Math.round((performance.now() - t0) / 100) / 10;
    writeFileSync(marker, new Date().toISOString());
  }
  const bytes = ['', '-wal'].reduce((n, suffix) => n + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
  return { label, size, dataDir, file, builtSeconds, bytes };
}
