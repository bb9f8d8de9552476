/**
 * Joining a company (`npm run bench -- --join-only [--sizes 10k|100k|1M] [--branches N]`): the
 * seconds from `npm run setup -- --join` starting to a sale completed over HTTP at the new PC.
 *
 * The company is a bench store (bench/stores.ts) as head office's PC, whose whole journal is pushed
 * once to a real hub (hub/hub.ts over its embedded PostgreSQL). That hub's data folder is kept in
 * the stores' cache (`hub-<store>`, beside it) so later runs start from it: pushing a 1M-order
 * company's 7–9 million entries takes the better part of an hour. Each run works on copies in the
 * temporary folder (the cached store and hub are never changed; the embedded PostgreSQL runs as
 * `postgres` when run as root, and must reach its folder, which a home folder may not let it).
 *
 * Timed, with the hub already running: the join as its own process (main/setup.ts, the snapshot of
 * the current rows then the pull after it), the service started on the new store (bench/service-
 * process.ts), a cashier signing in and opening the till, and one sale saved (three lenses, a
 * walk-in customer, cash).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { api } from '../shared/endpoints/index.js';
import { startHub } from '../hub/hub.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { openDatabase } from '../main/service/db/database.js';
import { STORE_FILE } from '../main/service/store-file.js';
import { startSyncWorker } from '../main/service/sync/worker.js';
import { startService } from './service-process.js';
import { storesDir, type BenchStore } from './stores.js';
import { Till } from './till.js';

const root = path.resolve(import.meta.dirname, '..');

export interface JoinBench {
  store: string;
  /** Journal entries head office pushed (the log a whole-log join would replay). */
  changes: number;
  /** Seconds the first push took, or null when the cached hub was reused. */
  pushSeconds: number | null;
  /** From `setup --join` starting to the store renamed into place. */
  joinSeconds: number;
  /** From `setup --join` starting to the first sale saved at the new PC. */
  toFirstSaleSeconds: number;
  /** The joined store's size. */
  storeMiB: number;
  /** The snapshot's lines as setup printed them (rows per table). */
  tables: number;
}

const copy = (from: string, to: string) => {
  const done = spawnSync('cp', ['-a', '--reflink=auto', from, to]);
  if (done.status !== 0) throw new Error(`cp ${from} ${to}: ${done.stderr.toString()}`);
};

/** The cached hub holding `store`'s whole journal, pushed by head office (node 1); built once. */
async function cachedHub(store: BenchStore, log: (line: string) => void): Promise<{ dir: string; pushSeconds: number | null }> {
  const dir = path.join(storesDir(), `hub-${path.basename(store.dataDir)}`);
  if (existsSync(path.join(dir, 'complete'))) return { dir, pushSeconds: null };
  rmSync(dir, { recursive: true, force: true });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-hub-'));
  chmodSync(temp, 0o755);
  try {
    const ho = path.join(temp, 'ho');
    copy(store.dataDir, ho);
    const hub = await startHub({ dataDir: path.join(temp, 'hub'), port: 0 });
    let pushSeconds: number;
    try {
      await hub.enroll('Head office');
      const db = openDatabase(store.file.replace(store.dataDir, ho));
      const total = (db.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
      log(`pushing head office's ${total.toLocaleString('en-IN')} journal entries to a new hub (once: the hub is cached in ${dir})…`);
      const t0 = performance.now();
      const worker = startSyncWorker({ db, hubUrl: hub.url, nodeId: 1, now: () => new Date(), intervalMs: 3_600_000 });
      const ticker = setInterval(() => {
        const acked = (db.prepare('SELECT acked_seq FROM sync_state').get() as { acked_seq: number }).acked_seq;
        log(`  ${acked.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} pushed, ${Math.round((performance.now() - t0) / 1000)} s`);
      }, 30_000);
      try {
        await worker.syncNow();
      } finally {
        clearInterval(ticker);
        await worker.close();
      }
      const state = db.prepare('SELECT last_error FROM sync_state').get() as { last_error: string | null };
      db.close();
      if (state.last_error) throw new Error(`pushing the bench company: ${state.last_error}`);
      pushSeconds = Math.round((performance.now() - t0) / 100) / 10;
      log(`  pushed in ${pushSeconds} s`);
    } finally {
      await hub.close();
    }
    copy(path.join(temp, 'hub'), dir);
    writeFileSync(path.join(dir, 'complete'), new Date().toISOString());
    return { dir, pushSeconds };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

export async function measureJoin(store: BenchStore, log: (line: string) => void): Promise<JoinBench> {
  const cached = await cachedHub(store, log);
  const temp = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-join-'));
  chmodSync(temp, 0o755);
  copy(cached.dir, path.join(temp, 'hub'));
  const hub = await startHub({ dataDir: path.join(temp, 'hub'), port: 0 });
  try {
    const changes = Number((await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM change')).rows[0]!.n);
    const { code } = await makeJoinCode(hub.pool, `Bench join ${Date.now()}`);
    const pcDir = path.join(temp, 'pc');
    log(`joining a new PC to the ${store.label} company (${changes.toLocaleString('en-IN')} changes at the hub)…`);
    const t0 = performance.now();
    const lines = await runJoin(pcDir, hub.url, code, log);
    const joinSeconds = (performance.now() - t0) / 1000;
    const service = await startService(pcDir);
    try {
      const lens = new Database(path.join(pcDir, STORE_FILE), { readonly: true })
        .prepare<[], { code: string }>('SELECT code FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL AND made_to_order = 1 ORDER BY code LIMIT 1')
        .get()!.code;
      const till = await new Till(service.url, 'bench-join').signIn('cashier');
      const itemID = (await till.call<{ id: string }>(api.QuickSale.itemDetailFromCode, { query: { code: lens } })).id;
      const { customerID } = await till.call<{ customerID: string }>(api.Customer.upsert, { body: { firstName: 'First', lastName: 'Sale' } });
      const kinds = await till.call<Array<{ id: string; name: string }>>(api.QuickSale.receiptTypes);
      const cash = kinds.find((k) => /cash/i.test(k.name))!.id;
      const { sessionID } = await till.call<{ sessionID: string }>(api.QuickSale.saveSalesOrderTemp, { body: { itemID, qty: 1 } });
      await till.call(api.QuickSale.saveSale, {
        body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: 100 } },
      });
      const toFirstSaleSeconds = (performance.now() - t0) / 1000;
      const result: JoinBench = {
        store: store.label,
        changes,
        pushSeconds: cached.pushSeconds,
        joinSeconds: Math.round(joinSeconds * 10) / 10,
        toFirstSaleSeconds: Math.round(toFirstSaleSeconds * 10) / 10,
        storeMiB: Math.round(statSync(path.join(pcDir, STORE_FILE)).size / 2 ** 20),
        tables: lines.filter((l) => l.startsWith('Snapshot:')).length,
      };
      log(`join to the first sale: ${result.toFirstSaleSeconds} s (the join itself ${result.joinSeconds} s; a ${result.storeMiB} MiB store)`);
      return result;
    } finally {
      await service.stop();
    }
  } finally {
    await hub.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

/** `npm run setup -- --join` as its own process (the compiled one where built); answers its lines. */
function runJoin(dir: string, hubUrl: string, code: string, log: (line: string) => void): Promise<string[]> {
  const compiled = path.join(root, 'dist', 'main', 'setup.js');
  const args = existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(root, 'main', 'setup.ts')];
  const child = spawn(process.execPath, [...args, '--join', hubUrl, code, '--data-dir', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let errors = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      if (/Snapshot: \S+ [\d,]{6,} rows/.test(line)) log(`  ${line}`);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (status) => (status === 0 ? resolve(lines) : reject(new Error(`setup --join exited ${status}: ${errors.trim()}`)))),
  );
}
