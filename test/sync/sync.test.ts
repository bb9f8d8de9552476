/**
 * Branch sync end to end (issue 15): a hub over a real embedded PostgreSQL and three branch
 * services on loopback, each with its own SQLite store and sync worker. Head office's PC (node 1,
 * the demo company) syncs first; two PCs join with one-time codes and receive the company by
 * pulling from cursor 0. Then, with the hub stopped: sales at node 1 (AMD1) and node 2 (SRT1),
 * the same customer edited at nodes 2 and 3; the hub starts again and every node converges:
 * every sale exactly once at the hub and on every node (a checksum per table), the customer per
 * last-writer-wins per column.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../hub/hub-process.js';
import { api } from '../../shared/endpoints/index.js';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { asActor, JOURNALED_TABLES, UNJOURNALED_TABLES } from '../../main/service/db/journal.js';
import { applyPulledPage } from '../../main/service/sync/apply.js';
import { ROW_CLOCK, syncStore } from '../../main/service/store/sync.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { LOCAL_SETTINGS, TABLE_CLASSES } from '../../shared/sync-rules.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';

let hub: Hub | undefined;
let hubDir: { dir: string; remove(): Promise<void> };
let hubPort: number;
let hubUrl: string;
const nodes: TestService[] = [];
const usedCodes: string[] = [];
const dirs: string[] = [];

const startTheHub = async () => {
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port: hubPort, ...TEST_PG });
};
const stopTheHub = async () => {
  await hub?.close();
  hub = undefined;
};

/** One sign-in per node (a sign-in is journaled: it would be a change waiting). */
const admins = new Map<TestService, Awaited<ReturnType<TestService['as']>>>();
const admin = async (svc: TestService) => {
  if (!admins.has(svc)) admins.set(svc, await svc.as('admin'));
  return admins.get(svc)!;
};
const status = async (svc: TestService) => (await admin(svc)).call(api.Sync.status, {});
const syncNow = async (svc: TestService) => (await admin(svc)).call(api.Sync.now, { body: {} });

/** Rounds at every node until none has anything waiting (push, then pull what the others pushed). */
async function converge() {
  for (let round = 0; round < 3; round++) for (const svc of nodes) await syncNow(svc);
  for (const svc of nodes) {
    const s = await status(svc);
    assert.equal(s.lastError, null, `node at ${svc.url}: ${s.lastError}`);
    assert.equal(s.waiting, 0);
  }
}

/** A checksum of a table's rows in key order: the same rows, the same sum. */
function checksum(svc: TestService, table: string): { rows: number; sum: string } {
  const db = svc.server.deps.db;
  const columns = db.prepare('SELECT name, pk FROM pragma_table_info(?)').all(table) as Array<{ name: string; pk: number }>;
  const key = columns.some((c) => c.pk > 0) ? columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk) : columns;
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${key.map((c) => c.name).join(', ')}`).all() as Array<Record<string, unknown>>;
  return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}

before(async () => {
  hubDir = await tempDataDir({ seeded: true });
  hubPort = await freePort();
  hubUrl = `http://127.0.0.1:${hubPort}`;
  await startTheHub();
  assert.equal((await hub!.enroll('Head office')).id, 1);
  // Head office: the demo company's PC, node 1.
  nodes.push(await startTestService({ hubUrl, syncIntervalMs: 60_000, readWorkers: 0 }));
  await syncNow(nodes[0]!);
  for (const name of ['Surat till 1', 'Ahmedabad back office']) {
    const { code, nodeId } = await makeJoinCode(hub!.pool, name);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-sync-'));
    dirs.push(dir);
    const { join } = await joinCompany(dir, STORE_FILE, hubUrl, code);
    usedCodes.push(code);
    assert.equal(join.nodeId, nodeId);
    nodes.push(await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 60_000, readWorkers: 0 }));
  }
});

after(async () => {
  for (const svc of nodes) await svc.close();
  await stopTheHub();
  await hubDir.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('every journaled table has a sync class, declared once', () => {
  for (const table of JOURNALED_TABLES) assert.ok(TABLE_CLASSES[table], `${table} has no class in shared/sync-rules.ts`);
  for (const table of ['sync_state', 'sync_clock', 'sync_dead_letter']) assert.ok(UNJOURNALED_TABLES[table]);
});

test('a join code is spent once; a wrong one is refused in words', async () => {
  for (const code of [usedCodes[0]!, 'NOPE-NOPE-NOPE']) {
    const answer = await fetch(`${hubUrl}/hub/v1/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    assert.equal(answer.status, 403);
    assert.equal(((await answer.json()) as { code: string }).code, 'JOIN_CODE_INVALID');
  }
});

test('a joined PC receives the company: master data, users who sign in, the same ENC ids', async () => {
  const [ho, joined] = [nodes[0]!, nodes[1]!];
  for (const table of ['company', 'branch', 'item', 'gst_rate', 'insurance_company', 'doctor']) {
    assert.deepEqual(checksum(joined, table), checksum(ho, table), table);
  }
  const cashier = await joined.as('cashier');
  const profile = await cashier.call(api.Account.getProfile, {});
  assert.ok(profile);
  assert.equal(joined.server.deps.enc.encode('item', 5), ho.server.deps.enc.encode('item', 5));
  // Nothing applied from the hub was journaled again as the joined PC's own.
  const own = joined.server.deps.db.prepare("SELECT count(*) AS n FROM journal WHERE tbl = 'item'").get() as { n: number };
  assert.equal(own.n, 0);
});

test('sales made with the hub down reach the hub and every node exactly once; a customer edited at two nodes converges per column', async () => {
  const [ho, surat, back] = [nodes[0]!, nodes[1]!, nodes[2]!];
  // A Surat cashier, made at head office (users are master data) and synced before the outage.
  const db = ho.server.deps.db;
  asActor({ userId: null, branchId: null, till: '', source: 'setup' }, () => {
    const srt = db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number };
    const cashier = db.prepare("SELECT * FROM app_user WHERE user_name = 'cashier'").get() as Record<string, unknown>;
    const id = ho.server.deps.ids.next('app_user');
    const cols = Object.keys(cashier);
    db.prepare(`INSERT INTO app_user (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run({
      ...cashier,
      id,
      user_name: 'cashier.srt',
      branch_id: srt.id,
    });
    db.prepare('INSERT INTO user_branch (user_id, branch_id) VALUES (?, ?)').run(id, srt.id);
  });
  const shared = await makeSale(ho, await ho.as('cashier'), { paid: 'all', lastName: 'Shared' });
  await converge();

  await stopTheHub();
  const hoCashier = await ho.as('cashier');
  const srtCashier = await surat.as('cashier.srt');
  const sales = [];
  for (let i = 0; i < 4; i++) {
    sales.push(await makeSale(ho, hoCashier, { paid: 'all', lastName: `Ahmedabad${i}` }));
    sales.push(await makeSale(surat, srtCashier, { paid: i % 2 ? 'all' : 100, lastName: `Surat${i}` }));
  }
  // The same customer edited at Surat, then (later) at the back office, both offline.
  const edit = async (svc: TestService, changes: Record<string, string>) => {
    const who = await admin(svc);
    const detail = await who.call(api.Customer.detail, { body: { customerID: shared.customerID } } as never);
    await who.call(api.Customer.upsert, { body: { ...detail, ...changes } as never });
  };
  await edit(surat, { lastName: 'Surat-edit', remarks: 'asked for a call' });
  // A minute later by the back office's clock (the test clocks stand still otherwise).
  back.clock.advance(60_000);
  await edit(back, { lastName: 'Backoffice-edit' });
  // The hub is down: sync fails in words, selling went on.
  const down = await syncNow(surat);
  assert.match(down.lastError ?? '', /cannot be reached/);
  assert.ok(down.waiting > 0);

  await startTheHub();
  await converge();

  for (const table of ['sales_order', 'sales_order_line', 'receipt', 'customer', 'sales_order_tally']) {
    const sums = nodes.map((svc) => checksum(svc, table));
    assert.deepEqual(sums[1], sums[0], `${table} at Surat`);
    assert.deepEqual(sums[2], sums[0], `${table} at the back office`);
  }
  const orders = new Set(sales.map((s) => s.salesOrderNo));
  assert.equal(orders.size, sales.length);
  for (const svc of nodes) {
    const n = svc.server.deps.db.prepare(`SELECT count(*) AS n FROM sales_order WHERE order_no IN (${[...orders].map(() => '?').join(',')})`).get(...orders) as { n: number };
    assert.equal(n.n, sales.length);
  }
  const atHub = await hub!.pool.query<{ n: string; distinct: string }>(
    "SELECT count(*) AS n, count(DISTINCT row_id) AS distinct FROM change WHERE tbl = 'sales_order' AND op = 'insert'",
  );
  assert.equal(Number(atHub.rows[0]!.n), Number(atHub.rows[0]!.distinct));
  // Per column: the later last name (back office), Surat's remarks (nobody else changed them).
  for (const svc of nodes) {
    const row = svc.server.deps.db.prepare('SELECT last_name, remarks FROM customer WHERE id = ?').get(shared.customerRowId) as { last_name: string; remarks: string };
    assert.equal(row.last_name, 'Backoffice-edit');
    assert.equal(row.remarks, 'asked for a call');
  }
  for (const svc of nodes) assert.equal((await status(svc)).deadLetterCount, 0, JSON.stringify((await status(svc)).deadLetters));
});

test('a pulled change that cannot apply is a dead letter with its reason; the rest of the page applies', async () => {
  const back = nodes[2]!;
  const db = back.server.deps.db;
  const doctor = db.prepare('SELECT id, name FROM doctor LIMIT 1').get() as { id: number; name: string };
  const base = { at: new Date().toISOString(), userId: null, branchId: null, till: '', source: 'app', rowKey: null, oldValues: null, nodeId: 1 } as const;
  const hlc = (n: number) => `${String(Date.now()).padStart(15, '0')}-${String(n).padStart(5, '0')}-0000001`;
  const before = (await status(back)).deadLetterCount;
  const cursor = back.server.deps.db.prepare('SELECT pull_cursor FROM sync_state').get() as { pull_cursor: number };
  const result = applyPulledPage(
    db,
    [
      { ...base, cursor: 1e9, seq: 1e9, hlc: hlc(1), tbl: 'no_such_table', rowId: 1, op: 'insert', newValues: { a: 1 } },
      // A branch (node 2) may not change master data.
      { ...base, nodeId: 2, cursor: 1e9 + 1, seq: 1e9 + 1, hlc: hlc(2), tbl: 'item', rowId: 5, op: 'update', newValues: { name: 'Changed at a branch' } },
      // A constraint: a line of an order nobody has.
      { ...base, cursor: 1e9 + 2, seq: 1e9 + 2, hlc: hlc(3), tbl: 'sales_order_line', rowId: 999, op: 'insert', newValues: { sales_order_id: 12345 } },
      { ...base, cursor: 1e9 + 3, seq: 1e9 + 3, hlc: hlc(4), tbl: 'doctor', rowId: doctor.id, op: 'update', newValues: { name: `${doctor.name} (renamed)` } },
    ],
    cursor.pull_cursor,
    [1],
    new Date(),
  );
  assert.deepEqual(result, { applied: 1, skipped: 0, deadLetters: 3 });
  const after = await status(back);
  assert.equal(after.deadLetterCount, before + 3);
  assert.match(after.deadLetters.map((d) => d.reason).join('\n'), /NOT NULL constraint failed[\s\S]*master data[\s\S]*Unknown table no_such_table/);
  assert.equal((db.prepare('SELECT name FROM doctor WHERE id = ?').get(doctor.id) as { name: string }).name, `${doctor.name} (renamed)`);
  // Applied, not journaled as this PC's own.
  assert.equal((db.prepare("SELECT count(*) AS n FROM journal WHERE tbl = 'doctor' AND row_id = ?").get(doctor.id) as { n: number }).n, 0);
});

/** Between a node and the hub: forwards everything; on the first push it SIGKILLs the node once the hub has answered, and drops the answer. */
function killingProxy(target: () => ChildProcess | undefined): Promise<{ url: string; killed: Promise<void>; close(): Promise<void> }> {
  let signal!: () => void;
  const killed = new Promise<void>((resolve) => (signal = resolve));
  let done = false;
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const answer = await fetch(`${hubUrl}${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}) });
        const body = await answer.text();
        // The batch with the sales: a batch the service prepared earlier (at a start, before the
        // sales were made, while the hub could not be reached) is resent first and passes.
        if (!done && req.url?.startsWith('/hub/v1/push') && answer.ok && Buffer.concat(chunks).includes('sales_order')) {
          done = true;
          const child = target();
          child?.once('exit', () => signal());
          child?.kill('SIGKILL');
          res.destroy();
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
      })().catch(() => res.destroy());
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, killed, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

test('a branch SIGKILLed right after its batch reached the hub converges after the restart, nothing doubled', { timeout: 90_000 }, async () => {
  const surat = nodes[1]!;
  const dir = surat.dataDir;
  await surat.close();
  admins.delete(surat);
  // Sales the hub has not seen: made while this PC does not sync (no hub named, so no retry of a
  // hub that cannot be reached prepares a batch holding only some of them: all three go in the one
  // batch the restarted service pushes first).
  const offline = await startTestService({ dataDir: dir, readWorkers: 0 });
  const cashier = await offline.as('cashier.srt');
  const sales = [];
  for (let i = 0; i < 3; i++) sales.push(await makeSale(offline, cashier, { paid: 'all', lastName: `Killed${i}` }));
  await offline.close();

  const running: { child?: ChildProcess } = {};
  const proxy = await killingProxy(() => running.child);
  running.child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'main', 'serve.ts')], {
    env: { ...process.env, POS_DATA_DIR: dir, PORT: '0', POS_READ_WORKERS: '0', POS_HUB_URL: proxy.url, POS_SYNC_INTERVAL_MS: '60000' },
    stdio: 'ignore',
  });
  await proxy.killed;
  await proxy.close();
  const sentBefore = await hub!.pool.query<{ n: string }>("SELECT count(*) AS n FROM change WHERE node_id = 2 AND tbl = 'sales_order' AND op = 'insert'");

  const restarted = await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 60_000, readWorkers: 0 });
  nodes[1] = restarted;
  await converge();
  const sentAfter = await hub!.pool.query<{ n: string; distinct: string }>(
    "SELECT count(*) AS n, count(DISTINCT row_id) AS distinct FROM change WHERE node_id = 2 AND tbl = 'sales_order' AND op = 'insert'",
  );
  // The batch the kill cut off had reached the hub; the resend was recognised, not applied again.
  assert.equal(sentAfter.rows[0]!.n, sentBefore.rows[0]!.n);
  assert.equal(sentAfter.rows[0]!.n, sentAfter.rows[0]!.distinct);
  for (const table of ['sales_order', 'sales_order_line', 'receipt', 'customer', 'sales_order_tally']) {
    const sums = nodes.map((svc) => checksum(svc, table));
    assert.deepEqual(sums[1], sums[0], table);
    assert.deepEqual(sums[2], sums[0], table);
  }
  for (const svc of nodes) {
    for (const sale of sales) {
      const n = svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as { n: number };
      assert.equal(n.n, 1);
    }
  }
});

/** Every synced table's rows in key order (a PC's own settings left out): two stores hold the same company or not. */
function syncedRows(db: TestService['server']['deps']['db']): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [table, cls] of Object.entries(TABLE_CLASSES)) {
    if (cls === 'local') continue;
    const columns = db.prepare('SELECT name, pk FROM pragma_table_info(?)').all(table) as Array<{ name: string; pk: number }>;
    const key = columns.some((c) => c.pk > 0) ? columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk) : columns;
    const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${key.map((c) => `"${c.name}"`).join(', ')}`).all() as Array<Record<string, unknown>>;
    out[table] = table === 'setting' ? rows.filter((r) => !LOCAL_SETTINGS.has(String(r.key))) : rows;
  }
  return out;
}

/** `npm run setup -- --join` as a process; `onLine` sees each line it prints (and may kill it). */
function setupJoin(dir: string, code: string, onLine: (line: string, child: ChildProcess) => void = () => undefined, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'main', 'setup.ts'), '--join', hubUrl, code, '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  let rest = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      onLine(line, child);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes('POS_TEST_HOLD_JOIN_FINISH_MS:')) onLine('POS_TEST_HOLD_JOIN_FINISH_MS', child);
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; lines: string[]; stderr: string }>((resolve) =>
    child.on('exit', (exitCode, signal) => resolve({ code: exitCode, signal, lines, stderr })),
  );
  return done;
}

test('a PC joins from the hub’s snapshot while the others sell, killed mid-download and as it ends and run again, and holds exactly the rows of a PC that replayed the whole log', { timeout: 180_000 }, async () => {
  const [ho, surat] = [nodes[0]!, nodes[1]!];
  // The company's history: sales at two branches, a customer merged into another at head office.
  const hoCashier = await ho.as('cashier');
  const suratCashier = await surat.as('cashier.srt');
  const made = [];
  for (let i = 0; i < 4; i++) {
    made.push(await makeSale(ho, hoCashier, { paid: i % 2 ? 'all' : 100, lastName: `Before${i}` }));
    made.push(await makeSale(surat, suratCashier, { paid: 'all', lastName: `SuratBefore${i}` }));
  }
  await converge();
  // Re-pointing a merged customer's rows travels as the merge row alone: each PC applies it.
  await (await admin(ho)).call(api.CustomerMerge.merge, { body: { survivorCustomerId: made[0]!.customerID, mergedCustomerId: made[1]!.customerID } });
  await converge();

  // The others keep selling (and syncing) while the PCs join.
  let selling = true;
  let sold = 0;
  const seller = (async () => {
    while (selling) {
      await makeSale(ho, hoCashier, { paid: 'all', lastName: `During${sold}` });
      await makeSale(surat, suratCashier, { paid: 100, lastName: `SuratDuring${sold}` });
      sold++;
      await syncNow(ho);
      await syncNow(surat);
    }
  })();

  const snapDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-snapjoin-'));
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-logjoin-'));
  dirs.push(snapDir, logDir);
  const snapCode = await makeJoinCode(hub!.pool, 'Vadodara till 1');
  const logCode = await makeJoinCode(hub!.pool, 'Vadodara till 2');
  try {
    // Killed with SIGKILL once five tables of the snapshot are in, twice.
    const killedAfterFive = () => {
      let tables = 0;
      return setupJoin(snapDir, snapCode.code, (line, child) => {
        if (line.startsWith('Snapshot:') && ++tables === 5) child.kill('SIGKILL');
      });
    };
    const tablesOf = (run: { lines: string[] }) => run.lines.filter((l) => l.startsWith('Snapshot:')).map((l) => l.split(' ')[1]);
    const first = await killedAfterFive();
    assert.equal(first.signal, 'SIGKILL', first.stderr);
    assert.ok(existsSync(path.join(snapDir, `${STORE_FILE}.partial`)) && !existsSync(path.join(snapDir, STORE_FILE)));
    // The same command again goes on with the same snapshot from where it stopped (the code is not spent twice).
    const second = await killedAfterFive();
    assert.equal(second.signal, 'SIGKILL', second.stderr);
    assert.ok(!tablesOf(second).includes(tablesOf(first)[0]), `resumed after ${tablesOf(first).join(', ')}: ${tablesOf(second).join(', ')}`);
    // The hub restarts: its snapshot is gone, and the next run starts again from the first table with a new one.
    await stopTheHub();
    await startTheHub();
    // Killed once more in its last transaction: the indexes made again and the figures added, nothing committed.
    const third = await setupJoin(snapDir, snapCode.code, (line, child) => line === 'POS_TEST_HOLD_JOIN_FINISH_MS' && child.kill('SIGKILL'), { POS_TEST_HOLD_JOIN_FINISH_MS: '60000' });
    assert.equal(third.signal, 'SIGKILL', third.stderr + third.lines.join('\n'));
    assert.equal(tablesOf(third)[0], tablesOf(first)[0], 'started again');
    assert.ok(!existsSync(path.join(snapDir, STORE_FILE)));
    // The next run has every row, and only ends the join: the figures are added once.
    const fourth = await setupJoin(snapDir, snapCode.code);
    assert.equal(fourth.code, 0, fourth.stderr + fourth.lines.join('\n'));
    assert.deepEqual(tablesOf(fourth), []);
    assert.match(fourth.lines.join('\n'), new RegExp(`Joined as node ${snapCode.nodeId}`));

    await joinCompany(logDir, STORE_FILE, hubUrl, logCode.code, () => new Date(), { from: 'log' });
  } finally {
    selling = false;
    await seller;
  }
  assert.ok(sold > 0, 'the others sold during the join');

  const bySnapshot = await startTestService({ dataDir: snapDir, hubUrl, syncIntervalMs: 60_000, readWorkers: 0 });
  const byLog = await startTestService({ dataDir: logDir, hubUrl, syncIntervalMs: 60_000, readWorkers: 0 });
  try {
    for (const svc of [ho, surat, bySnapshot, byLog, ho, surat, bySnapshot, byLog]) await syncNow(svc);
    const a = syncedRows(bySnapshot.server.deps.db);
    const b = syncedRows(byLog.server.deps.db);
    for (const table of Object.keys(b)) assert.deepEqual(a[table], b[table], table);
    assert.ok(a.sales_order!.length >= 8 + 2 * sold, 'every sale is there');
    // The figures the hub does not hold, kept by this store's triggers from the rows: the same.
    const received = (db: TestService['server']['deps']['db']) => db.prepare('SELECT id, received, item_count FROM sales_order ORDER BY id').all();
    assert.deepEqual(received(bySnapshot.server.deps.db), received(ho.server.deps.db));
    // And the tables of figures, which the snapshot's join adds once from all its rows (store/figures.ts).
    const figures = (db: TestService['server']['deps']['db']) =>
      Object.fromEntries(
        ['sales_order_tally', 'branch_day_total', 'item_day_total', 'payment_day_total', 'seller_day_total', 'stock', 'stock_total', 'branch_stock_total'].map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all()]),
      );
    assert.deepEqual(figures(bySnapshot.server.deps.db), figures(byLog.server.deps.db));
    // The times each shared column was last written, which decide later edits (last writer wins):
    // the same for every column either PC keeps one for, though the joined PC keeps most as its
    // rows' own times (ROW_CLOCK), in fewer rows.
    type Clock = { tbl: string; row_ref: string; col: string };
    const clockRows = (svc: TestService) => svc.server.deps.db.prepare('SELECT tbl, row_ref, col FROM sync_clock ORDER BY tbl, row_ref, col').all() as Clock[];
    const columns = [...clockRows(byLog), ...clockRows(bySnapshot).filter((c) => c.col !== ROW_CLOCK)];
    const timeOf = (svc: TestService) => columns.map((c) => `${c.tbl} ${c.row_ref} ${c.col} ${syncStore(svc.server.deps.db).clockOf(c.tbl, c.row_ref, c.col)}`);
    assert.deepEqual(timeOf(bySnapshot), timeOf(byLog));
    assert.ok(clockRows(bySnapshot).length < clockRows(byLog).length / 2, `${clockRows(bySnapshot).length} clock rows joined, ${clockRows(byLog).length} replayed`);
    // Nothing of the snapshot was journaled as the joined PC's own.
    const own = bySnapshot.server.deps.db.prepare("SELECT count(*) AS n FROM journal WHERE tbl IN ('item', 'sales_order', 'customer')").get() as { n: number };
    assert.equal(own.n, 0);
    // A closed snapshot, or a node the hub does not know, is refused in words.
    const gone = await fetch(`${hubUrl}/hub/v1/snapshot/00000000-closed?nodeId=1&table=item`);
    assert.equal(gone.status, 410);
    assert.equal(((await gone.json()) as { code: string }).code, 'SNAPSHOT_GONE');
    const stranger = await fetch(`${hubUrl}/hub/v1/snapshot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nodeId: 999 }) });
    assert.equal(stranger.status, 403);
    const open = await hub!.pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()");
    assert.equal(open.rows[0]!.n, '0', 'the hub closed the snapshot');
  } finally {
    await bySnapshot.close();
    await byLog.close();
  }
});

test('a snapshot read a few rows a page gives the rows of one read whole, in order; a page asked again is the same', async () => {
  // The hub reads the page after each one it serves before it is asked for (hub/sync/snapshot.ts).
  const opened = await fetch(`${hubUrl}/hub/v1/snapshot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nodeId: 1 }) });
  const { id } = (await opened.json()) as { id: string };
  const get = async (after: string, limit: number) => (await fetch(`${hubUrl}/hub/v1/snapshot/${id}?nodeId=1&table=item&after=${encodeURIComponent(after)}&limit=${limit}`)).text();
  type Page = { rows: Array<{ key: string }>; next: string | null };
  const whole = JSON.parse(await get('', 20_000)) as Page;
  assert.ok(whole.rows.length > 20, `${whole.rows.length} items`);
  const keys: string[] = [];
  const served: Array<[string, string]> = [];
  for (let after = ''; ; ) {
    const text = await get(after, 7);
    served.push([after, text]);
    const page = JSON.parse(text) as Page;
    keys.push(...page.rows.map((r) => r.key));
    if (page.next === null) break;
    after = page.next;
  }
  assert.deepEqual(keys, whole.rows.map((r) => r.key));
  // A PC that lost an answer asks for the same page again, read ahead or not: the same text.
  for (const [after, text] of [served[2]!, served[1]!, served[3]!]) assert.equal(await get(after, 7), text);
  assert.equal((await fetch(`${hubUrl}/hub/v1/snapshot/${id}?nodeId=1`, { method: 'DELETE' })).status < 300, true);
});

test('a node that went back (a restored backup) is refused by the hub and sync stops with the reason', async () => {
  const back = nodes[2]!;
  // As after restoring a backup taken before the last pushes: the hub holds entries this store does not count as sent.
  back.server.deps.db.prepare('UPDATE sync_state SET acked_seq = 0, pending_batch = NULL').run();
  const answer = await syncNow(back);
  assert.match(answer.stopped ?? '', /(SEQUENCE_REWOUND|BATCH_HASH_CONFLICT)[\s\S]*re-keyed/);
  // Stopped for good: a later round does not push.
  const again = await syncNow(back);
  assert.equal(again.stopped, answer.stopped);
});
