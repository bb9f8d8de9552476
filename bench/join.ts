/**
 * Joining a company (`npm run bench -- --join-only [--sizes 10k|100k|1M] [--branches N]`): the
 * seconds from `npm run setup -- --join` starting to a sale completed over HTTP at the new PC.
 *
 * The company is a bench store (bench/stores.ts) as head office's PC, whose whole journal is pushed
 * once to a real hub (hub/hub.ts over its embedded PostgreSQL). That hub's data folder is kept in
 * the stores' cache (`hub-<store>`, beside it) so later runs start from it: pushing a 1M-order
 * company's 7–9 million entries takes the better part of an hour. Each run works on copies in the
 * temporary folder (the cached store and hub are never changed; as root the hub's copy is an
 * overlay over the cache, see workingCopy; the embedded PostgreSQL runs as `postgres` when run as
 * root, and must reach its folder, which a home folder may not let it).
 *
 * Two PCs join, one after the other on the same hub: head office's PC (everything) and, for a
 * chain store (--branches), a branch PC of AMD1 (its own branch's trade, the chain's customers and
 * master data). Each is timed, with the hub already running: the join as its own process (main/setup.ts, the snapshot of
 * the current rows then the pull after it), the service started on the new store (bench/service-
 * process.ts), a cashier signing in and opening the till, and one sale saved (three lenses, a
 * walk-in customer, cash).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  /** Head office's PC's join (as in `pcs[0]`). */
  joinSeconds: number;
  toFirstSaleSeconds: number;
  storeMiB: number;
  tables: number;
  /** Each PC joined: head office's, then a branch PC where the store is a chain. */
  pcs: PcJoin[];
}

const copy = (from: string, to: string) => {
  const done = spawnSync('cp', ['-a', '--reflink=auto', from, to]);
  if (done.status !== 0) throw new Error(`cp ${from} ${to}: ${done.stderr.toString()}`);
};

/** Moves a folder into place: a rename on the same file system (a 1M-order hub is tens of GB), else a copy. */
const move = (from: string, to: string) => {
  try {
    renameSync(from, to);
  } catch {
    copy(from, to);
  }
};

/**
 * A working copy of the cached hub at `to`, for one run to change: as root on Linux an overlay
 * (the cache read-only beneath, what PostgreSQL writes kept in `scratch`), which costs what the run
 * writes rather than the hub's size (tens of GB at 1M orders); else a whole copy. Answers how to
 * release it.
 */
function workingCopy(cache: string, to: string, scratch: string): () => void {
  if (process.platform === 'linux' && process.getuid?.() === 0) {
    mkdirSync(to);
    mkdirSync(path.join(scratch, 'upper'), { recursive: true });
    mkdirSync(path.join(scratch, 'work'), { recursive: true });
    chmodSync(path.join(scratch, 'upper'), 0o755);
    const mounted = spawnSync('mount', ['-t', 'overlay', 'overlay', '-o', `lowerdir=${cache},upperdir=${path.join(scratch, 'upper')},workdir=${path.join(scratch, 'work')}`, to]);
    if (mounted.status === 0) return () => void spawnSync('umount', ['-l', to]);
    rmSync(to, { recursive: true, force: true });
  }
  copy(cache, to);
  return () => undefined;
}

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
    move(path.join(temp, 'hub'), dir);
    writeFileSync(path.join(dir, 'complete'), new Date().toISOString());
    return { dir, pushSeconds };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** One PC's join, timed: `setup --join` to the store in place, then to its first sale. */
export interface PcJoin {
  /** Who the PC is: head office's (everything) or a branch PC (`--branch CODE`). */
  pc: string;
  /** From `setup --join` starting to the store renamed into place. */
  joinSeconds: number;
  /** From `setup --join` starting to the first sale saved at the new PC. */
  toFirstSaleSeconds: number;
  /** The joined store's size. */
  storeMiB: number;
  /** The snapshot's lines as setup printed them (rows per table). */
  tables: number;
}

/**
 * Joins a head-office PC, and for a chain store (more than two branches) a branch PC of head
 * office's own branch (AMD1, where the demo cashier works), each to its first sale, on one copy of
 * the cached hub.
 */
export async function measureJoin(store: BenchStore, log: (line: string) => void, options: { branchPc?: boolean } = {}): Promise<JoinBench> {
  const cached = await cachedHub(store, log);
  const temp = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-join-'));
  chmodSync(temp, 0o755);
  const release = workingCopy(cached.dir, path.join(temp, 'hub'), path.join(temp, 'hub-writes'));
  const hub = await startHub({ dataDir: path.join(temp, 'hub'), port: 0 }).catch((error: unknown) => {
    release();
    throw error;
  });
  try {
    const changes = Number((await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM change')).rows[0]!.n);
    log(`joining a new PC to the ${store.label} company (${changes.toLocaleString('en-IN')} changes at the hub)…`);
    const pcs = [await joinAndSell(hub, path.join(temp, 'pc'), 'head office', [], log)];
    if (options.branchPc) {
      rmSync(path.join(temp, 'pc'), { recursive: true, force: true });
      log('joining a branch PC (AMD1) to the same company…');
      pcs.push(await joinAndSell(hub, path.join(temp, 'pc-amd1'), 'branch AMD1', ['AMD1'], log));
    }
    return { store: store.label, changes, pushSeconds: cached.pushSeconds, ...pcs[0]!, pcs };
  } finally {
    await hub.close();
    release();
    rmSync(temp, { recursive: true, force: true });
  }
}

async function joinAndSell(hub: Awaited<ReturnType<typeof startHub>>, pcDir: string, pc: string, branches: string[], log: (line: string) => void): Promise<PcJoin> {
  const { code } = await makeJoinCode(hub.pool, `Bench join ${pc} ${Date.now()}`, undefined, undefined, branches);
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
    const result: PcJoin = {
      pc,
      joinSeconds: Math.round(joinSeconds * 10) / 10,
      toFirstSaleSeconds: Math.round(toFirstSaleSeconds * 10) / 10,
      storeMiB: Math.round(statSync(path.join(pcDir, STORE_FILE)).size / 2 ** 20),
      tables: lines.filter((l) => l.startsWith('Snapshot:')).length,
    };
    log(`${pc} PC, join to the first sale: ${result.toFirstSaleSeconds} s (the join itself ${result.joinSeconds} s; a ${result.storeMiB} MiB store)`);
    return result;
  } finally {
    await service.stop();
  }
}

/** `npm run setup -- --join` as its own process (the compiled one where built); answers its lines. */
function runJoin(dir: string, hubUrl: string, code: string, log: (line: string) => void): Promise<string[]> {
  const compiled = path.join(root, 'dist', 'main', 'setup.js');
  const args = existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(root, 'main', 'setup.ts')];
  const child = spawn(process.execPath, [...args, '--join', hubUrl, code, '--data-dir', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let errors = '';
  // Each large table's line with the seconds since the join began; and once joined, how long the
  // end took (the indexes, search tables and figures made after the last table's rows were in).
  const t0 = performance.now();
  const at = () => Math.round((performance.now() - t0) / 100) / 10;
  let lastTable = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      if (line.startsWith('Snapshot:')) lastTable = at();
      if (/Snapshot: \S+ [\d,]{6,} rows/.test(line)) log(`  ${line}, in at ${at()} s`);
      if (line.startsWith('Joined as node')) log(`  every row in at ${lastTable} s; the indexes, search tables and figures made by ${at()} s`);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (status) => (status === 0 ? resolve(lines) : reject(new Error(`setup --join exited ${status}: ${errors.trim()}`)))),
  );
}
