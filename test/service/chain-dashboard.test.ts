/**
 * The chain dashboard over HTTP (on the read workers): two branches' sales and receipts today, a
 * till open at one, a branch not heard from by sync for over an hour; admins at head office only.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatHlc } from '../../shared/domain/hlc.js';
import { api } from '../../shared/endpoints/index.js';
import type { PulledChange } from '../../shared/sync.js';
import { applyPulledPage } from '../../main/service/sync/apply.js';
import { branchUser, mumbaiBranch } from '../helpers/branches.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { makeSale, type MadeSale } from '../helpers/sales.js';
import { http, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let mumbaiId: number;
let here: MadeSale[];
let mumbai: MadeSale;

const HOUR = 3_600_000;

/** One change pulled from the hub: made at `node` for `branchId`, `agoMs` before the test's now. */
function pulled(node: number, branchId: number, agoMs: number, cursor: number): PulledChange {
  const at = new Date(svc.clock.now.getTime() - agoMs);
  return {
    cursor,
    nodeId: node,
    seq: cursor,
    hlc: formatHlc({ wallMs: at.getTime(), counter: 0, node }),
    at: at.toISOString(),
    userId: null,
    branchId,
    till: '',
    source: 'app',
    tbl: 'journal',
    rowId: null,
    rowKey: null,
    op: 'event',
    oldValues: null,
    newValues: { event: 'sign_in' },
  };
}

before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
  mumbaiId = mumbaiBranch(svc);
  branchUser(svc, 'mumbai.cashier', 'cashier', 'MUM1');
  here = [await makeSale(svc, cashier, { paid: 100 }), await makeSale(svc, cashier, { paid: 'all', qty: 2 })];
  const mumbaiCashier = await svc.as('mumbai.cashier');
  mumbai = await makeSale(svc, mumbaiCashier, { paid: 50 });
  // Mumbai's till closes for the day: the only till open is Ahmedabad's.
  await mumbaiCashier.call(api.Till.close, { body: { counted: { n50: 1 } } });
});
after(() => svc.close());

const row = (d: { branches: Array<{ branchCode: string }> }, code: string) => {
  const found = d.branches.find((b) => b.branchCode === code);
  assert.ok(found, `branch ${code} listed`);
  return found as (typeof d.branches)[number] & Record<string, unknown>;
};

test('today at each branch: orders, sales and receipts; tills open; a store that has never synced lists no branch as behind', async () => {
  const d = await admin.call(api.Chain.dashboard, {});
  const amd = row(d, 'AMD1');
  const mum = row(d, 'MUM1');
  assert.equal(amd.orders, 2);
  assert.equal(amd.sales, here[0]!.net + here[1]!.net);
  assert.equal(amd.receipts, 2);
  assert.equal(amd.receiptAmount, 100 + here[1]!.net);
  assert.equal(amd.tillsOpen, 1);
  assert.equal(mum.orders, 1);
  assert.equal(mum.sales, mumbai.net);
  assert.deepEqual([mum.receipts, mum.receiptAmount, mum.tillsOpen], [1, 50, 0]);
  assert.equal(mum.branchID, svc.server.deps.enc.encode('branch', mumbaiId));
  assert.equal(d.totals.orders, 3);
  assert.equal(d.totals.receiptAmount, 100 + here[1]!.net + 50);
  assert.equal(d.syncing, false);
  assert.equal(d.totals.notSynced, 0);
  assert.ok(d.branches.every((b) => !b.notSynced && b.lastSyncAt === null));

});

test('sync: a branch whose newest change reached this PC over an hour ago is listed as not synced; one heard from lately is not', async () => {
  const { db } = svc.server.deps;
  const amdId = db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").pluck().get() as number;
  // Node 7 (Mumbai's PC) last changed something 2 hours ago, node 8 (a second Ahmedabad till) 10 minutes ago.
  applyPulledPage(db, [pulled(7, mumbaiId, 2 * HOUR + 5 * 60_000, 1), pulled(7, mumbaiId, 2 * HOUR, 2), pulled(8, amdId, 10 * 60_000, 3)], 3, [1], svc.clock.now);
  const d = await admin.call(api.Chain.dashboard, {});
  assert.equal(d.syncing, true);
  const mum = row(d, 'MUM1');
  const amd = row(d, 'AMD1');
  assert.equal(mum.notSynced, true);
  assert.equal(mum.lastSyncAt, new Date(svc.clock.now.getTime() - 2 * HOUR).toISOString(), 'the newest of its changes');
  assert.equal(amd.notSynced, false);
  assert.equal(d.totals.notSynced, d.branches.filter((b) => b.notSynced).length);
  assert.ok(d.totals.notSynced >= 1);

  // An older page arriving late does not move a branch's last sync back.
  applyPulledPage(db, [pulled(7, mumbaiId, 5 * HOUR, 4)], 4, [1], svc.clock.now);
  assert.equal(row(await admin.call(api.Chain.dashboard, {}), 'MUM1').lastSyncAt, mum.lastSyncAt);

  // Mumbai syncs again: heard from a minute ago.
  applyPulledPage(db, [pulled(7, mumbaiId, 60_000, 5)], 5, [1], svc.clock.now);
  assert.equal(row(await admin.call(api.Chain.dashboard, {}), 'MUM1').notSynced, false);
  // A minute past the hour is behind; a minute short of it is not.
  applyPulledPage(db, [pulled(9, mumbaiId, HOUR + 60_000, 6), pulled(10, amdId, HOUR - 60_000, 7)], 7, [1], svc.clock.now);
  db.prepare('DELETE FROM sync_heard WHERE node_id IN (7, 8)').run();
  const edge = await admin.call(api.Chain.dashboard, {});
  assert.deepEqual([row(edge, 'MUM1').notSynced, row(edge, 'AMD1').notSynced], [true, false]);
});

test('admins only: a manager or a cashier is refused; on a branch’s PC it is a 403 HEAD_OFFICE_ONLY', async () => {
  for (const who of [manager, cashier]) {
    const res = await http(`${svc.url}/api-v1/api/chain/dashboard`, { headers: { authorization: `Bearer ${who.token}` } });
    assert.equal(res.status, 403);
  }
  const { db } = svc.server.deps;
  db.prepare("UPDATE sync_state SET head_office = '[2]'").run();
  try {
    const res = await http(`${svc.url}/api-v1/api/chain/dashboard`, { headers: { authorization: `Bearer ${admin.token}` } });
    assert.equal(res.status, 403);
    assert.equal((res.json as { code: string }).code, 'HEAD_OFFICE_ONLY');
    assert.match((res.json as { message: string }).message, /head-office PC/);
  } finally {
    db.prepare("UPDATE sync_state SET head_office = '[1]'").run();
  }
});
