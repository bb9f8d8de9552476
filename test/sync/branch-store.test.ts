/**
 * A branch PC of a 50-branch chain stays the size of its own trade, with a real hub (embedded
 * PostgreSQL): head office's store grows to 50 branches and sells orders spread over them, pushes
 * them, and two PCs join by code, one for head office (everything) and one for a single branch.
 * The branch PC holds exactly its branch's share of every branch-owned table (orders and what
 * hangs on them, stock movements, till days) and none of the other branches', the chain's
 * customers and master data, and the other branches' stock as one row per item and batch, equal
 * to head office's; its store is a small part of head office's.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { asActor } from '../../main/service/db/journal.js';
import { openService } from '../../main/service/service.js';
import { addBranches } from '../../main/service/setup/bulk-branches.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { startSyncWorker } from '../../main/service/sync/worker.js';
import { openStoreFile, STORE_FILE, type OpenStore } from '../../main/service/store-file.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';

const BRANCHES = 50;
const ORDERS = 2_000;

let temp: { dir: string; remove(): Promise<void> };
let hub: Hub;
const opened: OpenStore[] = [];
let ho: OpenStore;
let full: OpenStore;
let branchPc: OpenStore;
let branch: { id: number; code: string };

const count = (store: OpenStore, sql: string, b?: number) => (store.db.prepare(sql).get(b === undefined ? {} : { b }) as { n: number }).n;
const vacuumedBytes = (store: OpenStore, name: string) => {
  const copy = path.join(temp.dir, `${name}.vacuumed.sqlite`);
  store.db.prepare('VACUUM INTO ?').run(copy);
  return statSync(copy).size;
};

before(async () => {
  temp = await tempDataDir({ seeded: true });
  hub = await startHub({ dataDir: path.join(temp.dir, 'hub'), port: 0, ...TEST_PG });
  await hub.enroll('Head office');
  const hoDir = path.join(temp.dir, 'ho');
  await (await openService({ dataDir: hoDir })).close();
  ho = openStoreFile(hoDir);
  opened.push(ho);
  asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => {
    addBranches(ho, BRANCHES);
    addOrders(ho, ORDERS, { days: 30 });
  });
  const sync = startSyncWorker({ db: ho.db, hubUrl: hub.url, nodeId: 1, now: () => new Date(), intervalMs: 3_600_000 });
  await sync.syncNow();
  await sync.close();
  branch = ho.db.prepare("SELECT id, code FROM branch WHERE code <> 'AMD1' AND id IN (SELECT branch_id FROM sales_order) ORDER BY id LIMIT 1").get() as { id: number; code: string };
  const join = async (name: string, branches: string[]) => {
    const { code } = await makeJoinCode(hub.pool, name, undefined, undefined, branches);
    const dir = path.join(temp.dir, name.replace(/\W+/g, '-'));
    await joinCompany(dir, STORE_FILE, hub.url, code);
    const store = openStoreFile(dir);
    opened.push(store);
    return store;
  };
  full = await join('Head office 2', []);
  branchPc = await join('Branch PC', [branch.code]);
});

after(async () => {
  for (const store of opened) if (store.db.open) store.db.close();
  await hub?.close();
  await temp?.remove();
});

test('a branch PC of a 50-branch chain holds its own branch’s trade and none of the others’', () => {
  assert.equal(count(ho, 'SELECT count(*) AS n FROM branch'), count(branchPc, 'SELECT count(*) AS n FROM branch'));
  assert.ok(count(ho, 'SELECT count(DISTINCT branch_id) AS n FROM sales_order') > 40, 'the orders are spread over the chain');
  const ofBranch: Array<[table: string, where: string]> = [
    ['sales_order', 'branch_id = @b OR collect_branch_id = @b OR delivered_branch_id = @b'],
    ['sales_order_line', 'sales_order_id IN (SELECT id FROM sales_order WHERE branch_id = @b OR collect_branch_id = @b OR delivered_branch_id = @b)'],
    ['receipt', 'branch_id = @b OR sales_order_id IN (SELECT id FROM sales_order WHERE branch_id = @b OR collect_branch_id = @b OR delivered_branch_id = @b)'],
    ['stock_movement', 'branch_id = @b OR owner_branch_id = @b'],
    ['till_session', 'branch_id = @b'],
  ];
  for (const [table, where] of ofBranch) {
    const own = count(ho, `SELECT count(*) AS n FROM ${table} WHERE ${where}`, branch.id);
    assert.equal(count(branchPc, `SELECT count(*) AS n FROM ${table}`), own, `${table}: the branch's own, all of them, nothing else`);
    const chain = count(full, `SELECT count(*) AS n FROM ${table}`);
    assert.ok(chain > own, `${table}: head office's PC holds the chain's (${chain}, the branch ${own})`);
  }
  // The chain's customers and master data are everyone's.
  for (const table of ['customer', 'item', 'app_user']) assert.equal(count(branchPc, `SELECT count(*) AS n FROM ${table}`), count(ho, `SELECT count(*) AS n FROM ${table}`), table);
  // Every branch's stock, per item and batch, as head office adds it up from the movements.
  const stock = (store: OpenStore) => store.db.prepare('SELECT item_id, branch_id, batch_no, expiry_date, on_hand FROM stock ORDER BY item_id, branch_id, batch_no').all();
  assert.deepEqual(stock(branchPc), stock(ho));
  const [fullBytes, branchBytes] = [vacuumedBytes(full, 'full'), vacuumedBytes(branchPc, 'branch')];
  assert.ok(branchBytes * 2 < fullBytes, `a branch PC's store (${branchBytes} bytes) is a small part of head office's (${fullBytes} bytes)`);
});
