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
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { asActor, JOURNALED_TABLES, UNJOURNALED_TABLES } from '../../main/service/db/journal.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { TABLE_CLASSES } from '../../main/service/sync/table-classes.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let hub: Hub | undefined;
let hubDir: { dir: string; remove(): Promise<void> };
let hubPort: number;
let hubUrl: string;
const nodes: TestService[] = [];
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
  hubDir = await tempDataDir();
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
  for (const table of JOURNALED_TABLES) assert.ok(TABLE_CLASSES[table], `${table} has no class in sync/table-classes.ts`);
  for (const table of ['sync_state', 'sync_clock', 'sync_dead_letter']) assert.ok(UNJOURNALED_TABLES[table]);
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
