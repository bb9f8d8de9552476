/**
 * A week offline catches up (issue 15): a hub over a real embedded PostgreSQL, head office's PC and
 * a joined branch PC. With the hub stopped the branch sells thousands of orders (the seed's
 * machinery, `addOrders`, written through the journal like any sale: orders, lines, receipts,
 * statuses, invoices); the hub starts again and the test times the branch's push, head office's
 * pull and the whole catch-up, and checks both PCs hold the same rows (a checksum per table).
 *
 * OFFLINE_ORDERS (default 3000) sets the size; the times are printed (README: "A week offline").
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../hub/hub-process.js';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { asActor } from '../../main/service/db/journal.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { openStoreFile, STORE_FILE } from '../../main/service/store-file.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';

const ORDERS = Number(process.env.OFFLINE_ORDERS ?? 3000);

let hub: Hub | undefined;
let hubDir: { dir: string; remove(): Promise<void> };
let hubPort: number;
let hubUrl: string;
let ho: TestService;
let branch: TestService;
let dir: string;

const startTheHub = async () => {
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port: hubPort, ...TEST_PG });
};
const start = (dataDir?: string) =>
  startTestService({ ...(dataDir ? { dataDir } : {}), hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
const syncNow = async (svc: TestService) => {
  await svc.server.deps.sync!.syncNow();
  return svc.server.deps.db.prepare('SELECT last_error, stopped_reason FROM sync_state').get() as { last_error: string | null; stopped_reason: string | null };
};

function checksum(svc: TestService, table: string): { rows: number; sum: string } {
  const rows = svc.server.deps.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}

before(async () => {
  hubDir = await tempDataDir({ seeded: true });
  hubPort = await freePort();
  hubUrl = `http://127.0.0.1:${hubPort}`;
  await startTheHub();
  assert.equal((await hub!.enroll('Head office')).id, 1);
  ho = await start();
  await syncNow(ho);
  const { code } = await makeJoinCode(hub!.pool, 'Surat till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-week-'));
  await joinCompany(dir, STORE_FILE, hubUrl, code);
});

after(async () => {
  await branch?.close();
  await ho?.close();
  await hub?.close();
  await hubDir.remove();
  rmSync(dir, { recursive: true, force: true });
});

test(`a branch that sold ${ORDERS} orders with the hub down catches up when it returns`, { timeout: 240_000 }, async () => {
  await hub!.close();
  hub = undefined;
  // The week's sales, written fast through the journal (as `npm run seed` does), with the app closed.
  const store = openStoreFile(dir);
  const wrote = Date.now();
  try {
    asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => addOrders(store, ORDERS, { days: 7 }));
  } finally {
    store.db.close();
  }
  const writeMs = Date.now() - wrote;
  branch = await start(dir);
  assert.match((await syncNow(branch)).last_error ?? '', /cannot be reached/);
  const waiting = (branch.server.deps.db.prepare('SELECT count(*) AS n FROM journal WHERE seq > (SELECT acked_seq FROM sync_state)').get() as { n: number }).n;
  assert.ok(waiting > ORDERS * 3, `${waiting} entries waiting`);

  await startTheHub();
  const t0 = Date.now();
  assert.deepEqual(await syncNow(branch), { last_error: null, stopped_reason: null });
  const pushMs = Date.now() - t0;
  const t1 = Date.now();
  assert.deepEqual(await syncNow(ho), { last_error: null, stopped_reason: null });
  const pullMs = Date.now() - t1;
  const totalMs = Date.now() - t0;

  for (const table of ['sales_order', 'sales_order_line', 'receipt', 'invoice', 'customer', 'financial_year']) {
    assert.deepEqual(checksum(ho, table), checksum(branch, table), table);
  }
  const orders = (branch.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
  assert.ok(orders >= ORDERS);
  const atHub = await hub!.pool.query<{ n: string }>('SELECT count(*) AS n FROM change WHERE node_id = 2');
  assert.ok(Number(atHub.rows[0]!.n) >= waiting);
  const dead = (ho.server.deps.db.prepare('SELECT count(*) AS n FROM sync_dead_letter').get() as { n: number }).n;
  assert.equal(dead, 0);
  const rate = (ms: number) => Math.round((waiting * 1000) / Math.max(ms, 1));
  console.log(
    `offline week: ${ORDERS} orders = ${waiting} journal entries written in ${(writeMs / 1000).toFixed(1)} s; ` +
      `caught up in ${(totalMs / 1000).toFixed(1)} s (branch push ${(pushMs / 1000).toFixed(1)} s, ${rate(pushMs)} changes/s; ` +
      `head office pull ${(pullMs / 1000).toFixed(1)} s, ${rate(pullMs)} changes/s)`,
  );
});
