/**
 * The hub SIGKILLed in the middle of applying a batch (issue 15): the hub runs as `npm run hub`
 * does (hub/main.ts, a child process over its embedded PostgreSQL), head office's PC and a joined
 * branch PC sync with it. The branch sells with the hub down; the hub starts again with the
 * test-only HUB_TEST_HOLD_APPLY_MS, which holds each push inside its transaction with the batch's
 * changes written and nothing committed, and says so on stderr; on that line the test SIGKILLs the
 * hub. Started again (without the hook) on the same folder, it holds nothing of the cut batch; the
 * PCs sync on and converge: every journal entry once at the hub, both PCs with the same rows.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { exited, freePort, hubCli, startHubProcess } from '../hub/hub-process.js';
import { openHubStore } from '../../hub/hub.js';
import { stopStalePostmaster } from '../../hub/postgres.js';
import { asActor } from '../../main/service/db/journal.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { openStoreFile, STORE_FILE } from '../../main/service/store-file.js';
import { tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';
import { PUSH_BATCH } from '../../main/service/sync/outbox.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const syncNow = async (svc: TestService) => {
  await svc.server.deps.sync!.syncNow();
  return svc.server.deps.db.prepare('SELECT acked_seq, last_error, stopped_reason FROM sync_state').get() as { acked_seq: number; last_error: string | null; stopped_reason: string | null };
};

function checksum(svc: TestService, table: string): { rows: number; sum: string } {
  const rows = svc.server.deps.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}

test('a hub SIGKILLed while a batch is written and not committed loses nothing and doubles nothing', { timeout: 240_000 }, async () => {
  const temp = await tempDataDir({ seeded: true });
  const dataDir = path.join(temp.dir, 'hub');
  cleanups.push(() => temp.remove());
  cleanups.push(() => stopStalePostmaster(path.join(dataDir, 'pg')));
  const port = await freePort();
  const env = { HUB_DATA_DIR: dataDir, HUB_PORT: String(port), DATABASE_URL: '', HUB_LOG_LEVEL: 'warn', HUB_TEST_HOLD_APPLY_MS: '' };
  const hubUrl = `http://127.0.0.1:${port}`;
  assert.match(hubCli(env, 'enroll', 'Head office').stdout, /as node 1/);

  let hub = await startHubProcess(cleanups, env);
  const ho = await startTestService({ hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  cleanups.push(() => ho.close());
  assert.equal((await syncNow(ho)).last_error, null);
  const made = hubCli(env, 'join-code', 'Surat till 1');
  const code = /--join <this hub's address> (\S+)/.exec(made.stdout)?.[1];
  assert.ok(code, made.stdout + made.stderr);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-hubkill-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  await joinCompany(dir, STORE_FILE, hubUrl, code);

  // The hub goes down; the branch sells (several batches' worth), head office sells too.
  hub.kill('SIGTERM');
  await exited(hub);
  const store = openStoreFile(dir);
  try {
    asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => addOrders(store, 350, { days: 1 }));
  } finally {
    store.db.close();
  }
  const branch = await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  cleanups.push(() => branch.close());
  const cashier = await ho.as('cashier');
  for (let i = 0; i < 2; i++) await makeSale(ho, cashier, { paid: 'all', lastName: `HubKill${i}` });

  // The hub starts with the hook: the branch's first batch is written inside its transaction, and
  // the hub is SIGKILLed right then.
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  hub = await startHubProcess(cleanups, { ...env, HUB_TEST_HOLD_APPLY_MS: '60000' }, (text) => {
    if (text.includes('HUB_TEST_HOLD_APPLY_MS: node 2')) holding();
  });
  const cut = syncNow(branch);
  await held;
  hub.kill('SIGKILL');
  await exited(hub);
  const afterCut = await cut;
  assert.match(afterCut.last_error ?? '', /cannot be reached/);
  const ackedBefore = afterCut.acked_seq;

  // Started again (no hook): nothing of the cut batch was kept.
  hub = await startHubProcess(cleanups, env);
  cleanups.push(() => exited(hub));
  cleanups.push(() => hub.kill('SIGTERM'));
  // The hub's own database, reached as its commands do (HUB_DATA_DIR/hub.pid names the running PostgreSQL).
  const attached = await openHubStore({ dataDir, whenRunning: 'attach' });
  cleanups.push(() => attached.close());
  const client = attached.pool;
  const beforeResend = await client.query<{ last_seq: string; n: string }>("SELECT last_seq, (SELECT count(*) FROM change WHERE node_id = 2) AS n FROM node WHERE id = 2");
  assert.equal(Number(beforeResend.rows[0]!.last_seq), ackedBefore);
  assert.equal(Number(beforeResend.rows[0]!.n), ackedBefore, 'the hub holds exactly the entries it acknowledged');

  for (let round = 0; round < 2; round++) {
    for (const svc of [branch, ho]) {
      const state = await syncNow(svc);
      assert.equal(state.last_error, null);
      assert.equal(state.stopped_reason, null);
    }
  }
  const journalTop = (branch.server.deps.db.prepare('SELECT max(seq) AS n FROM journal').get() as { n: number }).n;
  assert.ok(ackedBefore < journalTop - PUSH_BATCH, 'the cut batch was one of several');
  const atHub = await client.query<{ n: string; entries: string; top: string }>(
    'SELECT count(*) AS n, count(DISTINCT seq) AS entries, max(seq) AS top FROM change WHERE node_id = 2',
  );
  assert.deepEqual(atHub.rows[0], { n: String(journalTop), entries: String(journalTop), top: String(journalTop) });
  const inserts = await client.query<{ n: string; distinct: string }>("SELECT count(*) AS n, count(DISTINCT row_id) AS distinct FROM change WHERE tbl = 'sales_order' AND op = 'insert'");
  assert.equal(inserts.rows[0]!.n, inserts.rows[0]!.distinct);
  for (const table of ['sales_order', 'sales_order_line', 'receipt', 'invoice', 'customer']) {
    assert.deepEqual(checksum(branch, table), checksum(ho, table), table);
  }
  assert.equal((ho.server.deps.db.prepare('SELECT count(*) AS n FROM sync_dead_letter').get() as { n: number }).n, 0);
});
