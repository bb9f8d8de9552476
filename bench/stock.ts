/**
 * Seeing stock at scale for `npm run bench`: the demo store grown to 50 branches, one item stocked
 * at every one of them, one item with 100,000 movements at a branch and one with 100. The service
 * runs in its own process as `npm run serve` does; each read is timed against a floor measured in
 * the same run in alternating batches: the counter's exact item stock (QuickSale/getExactItemStock,
 * a keyed single-row read). The ledger's first page of the item with 100,000 movements against
 * the one with 100 says whether the page grows with the item's history (it should not: the page is
 * read by the index stock_movement_ledger, its balance from `stock`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '../shared/endpoints/index.js';
import { extend } from '../shared/extend.js';
import { closeDatabase, openDatabase } from '../main/service/db/database.js';
import { asActor } from '../main/service/db/journal.js';
import { DEMO_FILE } from '../main/service/store-file.js';
import { startService } from './service-process.js';
import { statsOf, timeOnce, type Stats } from './stats.js';
import { Till } from './till.js';

export interface StockRead {
  name: string;
  stats: Stats;
  floor: Stats;
}

export interface StockScale {
  branches: number;
  movements: number;
  reads: StockRead[];
}

const BRANCHES = 50;
const HEAVY = 100_000;
const LIGHT = 100;

/** Grows the stopped demo store: branches up to 50, the items' stock and movements. */
function grow(file: string): { everywhere: number; heavy: number; light: number } {
  const db = openDatabase(file);
  try {
    return asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () =>
      db.transaction(() => {
        const first = db.prepare('SELECT * FROM branch ORDER BY id LIMIT 1').get() as Record<string, unknown> & { id: number };
        const cols = Object.keys(first);
        const insertBranch = db.prepare(`INSERT INTO branch (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
        const existing = (db.prepare('SELECT count(*) AS n FROM branch').get() as { n: number }).n;
        let nextBranch = (db.prepare('SELECT max(id) AS n FROM branch').get() as { n: number }).n;
        for (let i = existing; i < BRANCHES; i++) {
          nextBranch += 1;
          insertBranch.run(extend(first, { id: nextBranch, code: `B${String(i).padStart(3, '0')}`, name: `Bench branch ${i}` }));
        }
        const items = db.prepare("SELECT id FROM item WHERE made_to_order = 0 AND item_type_id = 1 ORDER BY code LIMIT 3").all() as Array<{ id: number }>;
        const [everywhere, heavy, light] = items.map((r) => r.id) as [number, number, number];
        const branchIds = (db.prepare('SELECT id FROM branch ORDER BY id').all() as Array<{ id: number }>).map((b) => b.id);
        let id = (db.prepare('SELECT max(id) AS n FROM stock_movement').get() as { n: number }).n;
        const move = db.prepare(
          `INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, owner_branch_id, document)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'adjustment')`,
        );
        const t0 = Date.now() - HEAVY * 60_000;
        for (const [k, b] of branchIds.entries()) move.run(++id, everywhere, b, k % 3 === 0 ? 'LOT-A' : '', 5 + (k % 7), 'adjustment', new Date(t0).toISOString(), b);
        const home = branchIds[0]!;
        for (const [item, count] of [[heavy, HEAVY], [light, LIGHT]] as const) {
          for (let i = 0; i < count; i++) move.run(++id, item, home, '', i % 2 === 0 ? 2 : -1, 'adjustment', new Date(t0 + i * 60_000).toISOString(), home);
        }
        return { everywhere, heavy, light };
      }).immediate(),
    );
  } finally {
    closeDatabase(db);
  }
}

export async function measureStock(quick: boolean, log: (line: string) => void): Promise<StockScale> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-stock-'));
  const runs = quick ? 60 : 300;
  const rounds = quick ? 2 : 3;
  try {
    // The demo store, made by the service's first start on an empty folder.
    await (await startService(dataDir)).stop();
    const t0 = performance.now();
    const items = grow(path.join(dataDir, DEMO_FILE));
    log(`stock: ${BRANCHES} branches, ${HEAVY.toLocaleString('en-IN')} movements of one item, made in ${Math.round(performance.now() - t0)} ms`);
    const service = await startService(dataDir);
    try {
      const manager = await new Till(service.url, 'bench-stock').signIn('manager');
      const floor = () => manager.call(api.QuickSale.exactItemStock, { query: { itemId: items.everywhere } });
      const ops: Record<string, () => Promise<unknown>> = {
        [`stock at every branch (${BRANCHES} branches)`]: () => manager.call(api.Stock.itemAtBranches, { query: { itemId: items.everywhere } }),
        [`ledger first page, ${LIGHT} movements`]: () => manager.call(api.Stock.ledger, { query: { itemId: items.light, pageSize: 50 } }),
        [`ledger first page, ${HEAVY.toLocaleString('en-IN')} movements`]: () => manager.call(api.Stock.ledger, { query: { itemId: items.heavy, pageSize: 50 } }),
        [`ledger first page oldest first, ${HEAVY.toLocaleString('en-IN')} movements`]: () =>
          manager.call(api.Stock.ledger, { query: { itemId: items.heavy, pageSize: 50, order: 'oldest' } }),
      };
      for (let k = 0; k < 5; k++) for (const op of [floor, ...Object.values(ops)]) await op();
      const reads: StockRead[] = [];
      for (const [name, op] of Object.entries(ops)) {
        const measured: number[] = [];
        const floorSamples: number[] = [];
        let wall = 0;
        let floorWall = 0;
        for (let round = 0; round < rounds; round++) {
          let t = performance.now();
          for (let i = 0; i < runs / rounds; i++) floorSamples.push(await timeOnce(floor));
          floorWall += performance.now() - t;
          t = performance.now();
          for (let i = 0; i < runs / rounds; i++) measured.push(await timeOnce(op));
          wall += performance.now() - t;
        }
        const read = { name, stats: statsOf(measured, wall), floor: statsOf(floorSamples, floorWall) };
        reads.push(read);
        const x = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10) / 10 : 0);
        log(`  ${name}: p50 ${read.stats.p50} / p99 ${read.stats.p99} ms (×${x(read.stats.p50, read.floor.p50)} / ×${x(read.stats.p99, read.floor.p99)} the keyed floor, p50 ${read.floor.p50} / p99 ${read.floor.p99} ms)`);
      }
      return { branches: BRANCHES, movements: HEAVY, reads };
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
