/**
 * A restored backup is refused, then re-keyed (issue 15): a hub over a real embedded PostgreSQL,
 * head office's PC and a joined Surat PC. Surat's store file is copied (the backup), Surat sells
 * and syncs, the copy is put back: sync stops with the hub's SEQUENCE_REWOUND on the status. The
 * re-key runs as the real command (`npm run setup -- --rekey`, a child process); Surat starts again
 * as a new node with a new till code, sells, and both PCs converge: the sales the restore lost come
 * back from the hub, and no id or number is held twice anywhere. Then the hub's log is pruned past
 * an older copy of Surat's store: put back, it is refused LOG_PRUNED (join again), a re-key too.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { ApiError } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { HubError } from '../../hub/errors.js';
import { join as joinHub, makeJoinCode } from '../../hub/sync/join.js';
import { archiveDirOf, pruneLog } from '../../hub/sync/retention.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { batch, push, startTestHub, type TestHub } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale, type MadeSale } from '../helpers/sales.js';
import { restoreBackup } from '../../main/service/backup/restore.js';
import { takeBackup } from '../../main/service/backup/take.js';

const run = promisify(execFile);
let hub: TestHub;
let ho: TestService;
let surat: TestService;
let dir: string;
const dirs: string[] = [];

const start = (dataDir: string) => startTestService({ dataDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
const syncNow = async (svc: TestService) => (await svc.as('admin')).call(api.Sync.now, { body: {} });

async function converge() {
  for (let round = 0; round < 3; round++) for (const svc of [ho, surat]) await syncNow(svc);
  for (const svc of [ho, surat]) {
    const s = await syncNow(svc);
    assert.equal(s.lastError, null, `node at ${svc.url}: ${s.lastError}`);
    assert.equal(s.stopped, null);
    assert.equal(s.waiting, 0);
    assert.equal(s.deadLetterCount, 0, JSON.stringify(s.deadLetters));
  }
}

const ordersNumbered = (svc: TestService, no: string) =>
  (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order WHERE order_no = ?').get(no) as { n: number }).n;

const copyStore = (from: string, to: string) => {
  for (const suffix of ['-wal', '-shm']) rmSync(path.join(to, STORE_FILE + suffix), { force: true });
  copyFileSync(path.join(from, STORE_FILE), path.join(to, STORE_FILE));
  for (const suffix of ['-wal', '-shm']) if (existsSync(path.join(from, STORE_FILE + suffix))) copyFileSync(path.join(from, STORE_FILE + suffix), path.join(to, STORE_FILE + suffix));
};

before(async () => {
  hub = await startTestHub();
  assert.equal((await hub.enroll('Head office')).id, 1);
  ho = await startTestService({ hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  await syncNow(ho);
  const { code } = await makeJoinCode(hub.pool, 'Surat till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-rekey-'));
  dirs.push(dir);
  await joinCompany(dir, STORE_FILE, hub.url, code);
  surat = await start(dir);
});

after(async () => {
  await ho?.close();
  await surat?.close();
  await hub?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a restored store is refused, re-keyed by the setup command, and converges with no id or number twice', { timeout: 180_000 }, async () => {
  const sales: MadeSale[] = [];
  const sell = async (svc: TestService, n: number, name: string) => {
    const cashier = await svc.as('cashier');
    for (let i = 0; i < n; i++) sales.push(await makeSale(svc, cashier, { paid: 'all', lastName: `${name}${i}` }));
  };
  await sell(ho, 2, 'Ahmedabad');
  await sell(surat, 2, 'Surat');
  await converge();

  // The backup: Surat's store file as it is now.
  await surat.close();
  const backup = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-backup-'));
  dirs.push(backup);
  copyStore(dir, backup);

  // Life goes on after the backup: sales that reach the hub.
  surat = await start(dir);
  await sell(surat, 3, 'Lost');
  const lost = sales.slice(-3);
  await converge();
  await surat.close();

  // The backup is put back: the store went back, the hub refuses it and the status says why.
  copyStore(backup, dir);
  surat = await start(dir);
  const refused = await syncNow(surat);
  assert.match(refused.stopped ?? '', /SEQUENCE_REWOUND[\s\S]*re-keyed[\s\S]*--rekey/);
  assert.equal(refused.lastError, refused.stopped);
  for (const sale of lost) {
    assert.equal(ordersNumbered(surat, sale.salesOrderNo), 0);
  }
  // Nor does it sell as the PC it was: the next order would take a number the lost sales used.
  const orders = () => (surat.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
  const before = orders();
  await assert.rejects(makeSale(surat, await surat.as('cashier'), { paid: 'all', lastName: 'Refused' }), (err: unknown) => {
    assert.ok(err instanceof ApiError && err.status === 409 && err.body.code === 'STORE_NEEDS_REKEY', String(err));
    assert.match(err.message, /cannot save anything new until it is re-keyed/);
    return true;
  });
  assert.equal(orders(), before, 'nothing written');
  await surat.close();

  // Re-key with the real command: a join code from head office, the PC's data kept.
  const { code, nodeId } = await makeJoinCode(hub.pool, 'Surat till 1 (re-keyed)');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join('main', 'setup.ts'), '--rekey', hub.url, code, '--data-dir', dir], {
    cwd: process.cwd(),
  });
  assert.match(stdout, new RegExp(`node 2 is now node ${nodeId}, till code ${nodeId.toString(36).toUpperCase()}`));
  // The old node is refused from now on, whatever it sends.
  const old = await push(hub, batch(2, 10_000, 1));
  assert.equal(old.status, 409);
  assert.equal(old.body.code, 'NODE_REPLACED');

  surat = await start(dir);
  await sell(surat, 2, 'Rekeyed');
  const rekeyed = sales.slice(-2);
  await sell(ho, 1, 'Ahmedabad-after');
  await converge();

  // The sales the restore lost came back; the new ones carry the new till's series and node.
  const db = surat.server.deps.db;
  for (const sale of lost) assert.equal(ordersNumbered(surat, sale.salesOrderNo), 1);
  for (const sale of rekeyed) {
    assert.match(sale.salesOrderNo, new RegExp(`/${nodeId.toString(36).toUpperCase()}-\\d{6}$`));
    const row = db.prepare('SELECT id FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as { id: number };
    assert.equal(Math.floor(row.id / 2 ** 32), nodeId);
  }
  // Every sale once at both PCs; both hold the same rows; no number or id twice.
  for (const svc of [ho, surat]) {
    const d = svc.server.deps.db;
    for (const sale of sales) assert.equal(ordersNumbered(svc, sale.salesOrderNo), 1, sale.salesOrderNo);
    for (const [table, column] of [['sales_order', 'order_no'], ['receipt', 'receipt_no']] as const) {
      const c = d.prepare(`SELECT count(*) AS n, count(DISTINCT ${column}) AS numbers, count(DISTINCT id) AS ids FROM ${table}`).get() as { n: number; numbers: number; ids: number };
      assert.deepEqual({ numbers: c.numbers, ids: c.ids }, { numbers: c.n, ids: c.n }, table);
    }
  }
  for (const table of ['sales_order', 'sales_order_line', 'receipt', 'stock_movement', 'customer']) {
    const count = (svc: TestService) => svc.server.deps.db.prepare(`SELECT count(*) AS n, total(id) AS ids FROM ${table}`).get();
    assert.deepEqual(count(surat), count(ho), table);
  }
  // At the hub: every inserted row id once, company-wide.
  const inserts = await hub.pool.query<{ tbl: string; n: string; distinct: string }>(
    "SELECT tbl, count(*) AS n, count(DISTINCT row_id) AS distinct FROM change WHERE op = 'insert' AND row_id IS NOT NULL GROUP BY tbl",
  );
  for (const row of inserts.rows) assert.equal(row.n, row.distinct, `${row.tbl} inserted twice at the hub`);

  // Log retention: a copy of Surat's store now, then head office sells and both PCs pull it (the
  // second pull of each records it holds everything). The hub archives and removes what both hold
  // (the re-keyed-away node holds nothing back).
  const older = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-older-'));
  const current = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-current-'));
  dirs.push(older, current);
  const copyInto = (to: string) => surat.server.deps.db.exec(`VACUUM INTO '${path.join(to, STORE_FILE)}'`);
  copyInto(older);
  await sell(ho, 1, 'Ahmedabad-pruned');
  for (const svc of [ho, surat, ho, surat]) await syncNow(svc);
  copyInto(current);
  const pruned = await pruneLog(hub.pool, archiveDirOf(hub.dataDir));
  assert.ok(pruned.removed > 0 && pruned.files.length > 0, 'what both PCs hold is archived and removed');
  // The older copy put back asks for changes the hub no longer holds: sync stops, saying to join again.
  await surat.close();
  copyStore(older, dir);
  surat = await start(dir);
  const gone = await syncNow(surat);
  assert.match(gone.stopped ?? '', /LOG_PRUNED[\s\S]*Join this PC again[\s\S]*--join/);
  // A re-key cannot mend it: refused in words.
  const retry = await makeJoinCode(hub.pool, 'Surat till 1 (older copy)');
  const pulled = (surat.server.deps.db.prepare('SELECT pull_cursor FROM sync_state').get() as { pull_cursor: number }).pull_cursor;
  await assert.rejects(
    joinHub(hub.pool, { code: retry.code, rekey: { nodeId, after: 0, hlcs: [], pulled } }),
    (err: unknown) => err instanceof HubError && err.code === 'LOG_PRUNED',
  );
  await surat.close();
  copyStore(current, dir);
  surat = await start(dir);
});

test('npm run restore of a store that synced stops its sync at the next start, before any contact with the hub', { timeout: 60_000 }, async () => {
  const taken = await takeBackup({ db: surat.server.deps.db, dataDir: dir, now: () => new Date(), reason: 'manual' });
  assert.ok(taken.ok && taken.file, taken.message);
  await surat.close();
  await restoreBackup({ dataDir: dir, target: path.join(dir, STORE_FILE), file: taken.file });
  // No hub reachable: the store knows by itself that it went back.
  surat = await startTestService({ dataDir: dir, hubUrl: 'http://127.0.0.1:1', syncIntervalMs: 60_000, readWorkers: 0 });
  const status = await (await surat.as('admin')).call(api.Sync.status, {});
  assert.match(status.stopped ?? '', /restored from a backup[\s\S]*--rekey/);
  assert.doesNotMatch(status.lastError ?? '', /cannot be reached/, 'it never tried the hub');
  const cashier = await surat.as('cashier');
  await assert.rejects(makeSale(surat, cashier, { paid: 'all', lastName: 'Restored' }), (err: unknown) => err instanceof ApiError && err.body.code === 'STORE_NEEDS_REKEY');
  // Only once: the next start does not stop it again by itself (a re-key clears the stop).
  assert.equal(existsSync(path.join(dir, 'restored-from-backup')), false);
});
