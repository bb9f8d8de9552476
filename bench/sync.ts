/**
 * Sync throughput (issue 15) for `npm run bench`: a real hub (`npm run hub` in its own process,
 * over its embedded PostgreSQL, durable settings, on loopback) and two stores in this process, each with the sync
 * worker the service runs (main/service/sync/worker.ts): head office (the demo company, node 1)
 * and a branch PC that joins by code. The branch sells `orders` orders with the seed's machinery
 * (through its journal, like any sale), then:
 *
 *   push  the branch's worker sends every entry (batches of the outbox's PUSH_BATCH, each one PostgreSQL
 *         transaction at the hub); the hub folds them into its current rows (row_state) after
 *         each push commits, and the bench says when those had caught up with the log
 *   pull  head office's worker takes them all and applies them (pages of the hub's most, each
 *         one SQLite transaction, per-table rules)
 *
 * Each against a floor measured in the same run: for push, the same rows COPYed in one COPY (one
 * transaction) into a table made LIKE the hub's change table, its indexes too (no HTTP, no JSON,
 * no checks, no batch kept); for pull, the same rows written into a copy of head office's store as it was before the pull, by
 * prepared statements (one per table and column set) in ONE transaction (no HTTP, no JSON, no
 * per-table rules, no savepoint per change).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openHubStore } from '../hub/hub.js';
import { enrollNode } from '../hub/sync/nodes.js';
import { freePort, startHubProcess, stopHubProcess } from './hub-process.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { allChanges, copyText, COPY_COLUMNS } from '../hub/store/change.js';
import { inTransaction } from '../hub/store/transaction.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { asActor, HIDDEN, SYNC_SOURCE } from '../main/service/db/journal.js';
import { openService } from '../main/service/service.js';
import { addOrders } from '../main/service/setup/bulk-orders.js';
import { joinCompany } from '../main/service/sync/join.js';
import { classOf, KEPT_COLUMNS } from '../shared/sync-rules.js';
import { syncStore } from '../main/service/store/sync.js';
import type { PulledChange } from '../shared/sync.js';
import type { Db } from '../main/service/db/database.js';
import { startSyncWorker } from '../main/service/sync/worker.js';
import { openStoreFile, STORE_FILE, type OpenStore } from '../main/service/store-file.js';

export interface SyncThroughput {
  orders: number;
  changes: number;
  push: { seconds: number; perSecond: number; floorPerSecond: number };
  /** Seconds after the push's last answer until the hub's current rows (row_state) were folded up to the log. */
  rowStateLagSeconds: number;
  pull: { seconds: number; perSecond: number; floorPerSecond: number };
}

/** What each floor is, as the results table says it. */
export const SYNC_FLOORS = {
  push: "one COPY of the same rows into a table like the hub's change table (its indexes too), in one transaction",
  pull: "the same rows written into head office's store by prepared statements in one transaction",
};

/** The hub as a bench reaches it: its address, its database, and a wait for its current rows. */
export interface BenchHub {
  url: string;
  pool: pg.Pool;
  /** Answers once row_state is folded up to the log's top as it was when asked. */
  rowStateCaughtUp(): Promise<void>;
}

/**
 * A company for a bench: a real hub (`npm run hub` in its own process, bench/hub-process.ts) in a
 * temporary folder, head office's new store enrolled as its node 1 (opened, not served), and
 * `close()` that closes every store in `opened`, stops the hub, and removes the folder.
 */
export async function benchCompany(prefix: string): Promise<{ temp: string; hub: BenchHub; ho: OpenStore; opened: OpenStore[]; close(): Promise<void> }> {
  const temp = mkdtempSync(path.join(os.tmpdir(), prefix));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(temp, 0o755);
  const dataDir = path.join(temp, 'hub');
  const port = await freePort();
  const { child } = await startHubProcess(dataDir, port);
  const opened: OpenStore[] = [];
  let store: Awaited<ReturnType<typeof openHubStore>> | undefined;
  const close = async () => {
    for (const open of opened) open.db.close();
    await store?.close();
    await stopHubProcess(child);
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    store = await openHubStore({ dataDir, whenRunning: 'attach' });
    const pool = store.pool;
    const hub: BenchHub = { url: `http://127.0.0.1:${port}`, pool, rowStateCaughtUp: () => rowStateCaughtUp(pool) };
    await enrollNode(pool, 'Head office');
    const hoDir = path.join(temp, 'ho');
    await (await openService({ dataDir: hoDir })).close();
    const ho = openStoreFile(hoDir);
    opened.push(ho);
    return { temp, hub, ho, opened, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Waits until the hub process's folder has folded the log up to its top as it is now. */
async function rowStateCaughtUp(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ top: string | null }>('SELECT max(cursor) AS top FROM change');
  const top = Number(rows[0]!.top ?? 0);
  for (;;) {
    const mark = await pool.query<{ cursor: string }>('SELECT cursor FROM row_state_mark');
    if (Number(mark.rows[0]!.cursor) >= top) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function measureSync(orders: number, log: (line: string) => void): Promise<SyncThroughput> {
  const company = await benchCompany('optical-pos-bench-sync-');
  const { temp, hub, ho, opened } = company;
  try {
    const worker = (store: OpenStore, nodeId: number) => startSyncWorker({ db: store.db, hubUrl: hub.url, nodeId, now: () => new Date(), intervalMs: 3_600_000 });
    const hoSync = worker(ho, 1);
    await hoSync.syncNow();

    const { code, nodeId } = await makeJoinCode(hub.pool, 'Bench branch');
    const branchDir = path.join(temp, 'branch');
    await joinCompany(branchDir, STORE_FILE, hub.url, code);
    const branch = openStoreFile(branchDir);
    opened.push(branch);
    asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => addOrders(branch, orders, { days: 7 }));
    const changes = (branch.db.prepare('SELECT count(*) AS n FROM journal WHERE seq > (SELECT acked_seq FROM sync_state)').get() as { n: number }).n;
    const branchSync = worker(branch, nodeId);

    const t0 = performance.now();
    await branchSync.syncNow();
    const pushMs = performance.now() - t0;
    await hub.rowStateCaughtUp();
    const foldMs = performance.now() - t0 - pushMs;
    // The pull floor's store: head office's as it is before the pull.
    const floorDir = path.join(temp, 'floor');
    mkdirSync(floorDir);
    ho.db.prepare('VACUUM INTO ?').run(path.join(floorDir, path.basename(ho.file)));
    const t1 = performance.now();
    await hoSync.syncNow();
    const pullMs = performance.now() - t1;
    for (const store of [branch, ho]) {
      const state = store.db.prepare('SELECT last_error FROM sync_state').get() as { last_error: string | null };
      if (state.last_error) throw new Error(`sync bench: ${state.last_error}`);
    }
    await branchSync.close();
    await hoSync.close();

    // Floors: the same rows COPYed into a table like the hub's, and written into head office's
    // store as it was before the pull.
    const sent = (await allChanges(hub.pool)).filter((c) => c.nodeId === nodeId);
    await hub.pool.query('CREATE TABLE floor_change (LIKE change INCLUDING ALL)');
    const f0 = performance.now();
    await inTransaction(hub.pool, (client) => pipeline(Readable.from([copyText(nodeId, sent)]), client.query(copyFrom(`COPY floor_change (${COPY_COLUMNS}) FROM STDIN`))));
    const pushFloorMs = performance.now() - f0;
    const floor = openStoreFile(floorDir);
    opened.push(floor);
    const pullFloorMs = writeRows(floor.db, sent);

    const rate = (ms: number) => Math.round((changes * 1000) / Math.max(ms, 1));
    const result: SyncThroughput = {
      orders,
      changes,
      push: { seconds: round(pushMs / 1000), perSecond: rate(pushMs), floorPerSecond: rate(pushFloorMs) },
      rowStateLagSeconds: round(foldMs / 1000),
      pull: { seconds: round(pullMs / 1000), perSecond: rate(pullMs), floorPerSecond: rate(pullFloorMs) },
    };
    log(syncLine('push (branch → hub)', result.push));
    log(`${'  hub current rows folded'.padEnd(36)} ${result.rowStateLagSeconds} s after the last push answered`);
    log(syncLine('pull (hub → head office, applied)', result.pull));
    return result;
  } finally {
    await company.close();
  }
}

/**
 * The pull floor: each change's row written as it stands, by prepared statements (the sync
 * store's, one per table and column set) in one transaction, as the pull writes them (source
 * 'sync': not journaled again; the figures' triggers fire). What the pull skips is skipped here
 * too (events, migrations' rows, local tables, kept figures); no rule, clock or savepoint.
 * Answers the milliseconds taken.
 */
function writeRows(db: Db, changes: readonly PulledChange[]): number {
  const store = syncStore(db);
  const rows = changes.flatMap((c) => {
    const cls = classOf(c.tbl);
    const shape = store.shape(c.tbl);
    if (c.op === 'event' || c.source === 'migration' || cls === undefined || cls === 'local' || !shape) return [];
    const kept = KEPT_COLUMNS[c.tbl] ?? [];
    const values: Record<string, unknown> = {};
    for (const [col, v] of Object.entries(c.newValues ?? {})) if (!kept.includes(col) && v !== HIDDEN) values[col] = sqlValue(v);
    const parts = c.rowKey === null ? [c.rowId] : (JSON.parse(c.rowKey) as unknown[]).map(sqlValue);
    const key = Object.fromEntries(shape.key.map((col, i) => [col, parts[i]]));
    return [{ change: c, shape, key, values }];
  });
  const t0 = performance.now();
  asActor({ userId: null, branchId: null, till: '', source: SYNC_SOURCE }, () =>
    db
      .transaction(() => {
        for (const { change, shape, key, values } of rows) {
          if (change.op === 'insert') store.upsert(change.tbl, shape, key, values);
          else if (change.op === 'update') store.update(change.tbl, shape, key, values);
          else store.remove(change.tbl, shape, key);
        }
      })
      .immediate(),
  );
  return performance.now() - t0;
}

const sqlValue = (v: unknown): unknown =>
  typeof v === 'string' && v.startsWith('hex:') ? Buffer.from(v.slice(4), 'hex') : typeof v === 'boolean' ? (v ? 1 : 0) : v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? null);

const round = (n: number) => Math.round(n * 10) / 10;

export function syncLine(name: string, r: SyncThroughput['push']): string {
  return `${name.padEnd(36)} ${String(r.perSecond).padStart(6)} changes/s  (${r.seconds} s)  floor ${r.floorPerSecond}/s: ×${round(r.floorPerSecond / Math.max(r.perSecond, 1))} its time`;
}
