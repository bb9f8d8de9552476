/**
 * The chain dashboard across two PCs and a real hub (embedded PostgreSQL): the Surat PC sells at
 * Adajan (SRT1) with its till open; after sync, head office's PC shows Adajan's sale, its till and
 * a recent last sync. A quiet Surat PC that keeps syncing is not behind; two hours (head office's
 * clock) with no PC reaching the hub, head office lists Adajan as not synced, and its own branch too.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { makeSale } from '../helpers/sales.js';
import type { TestService } from '../helpers/service.js';
import { startTwoPcs, type TwoPcs } from '../helpers/two-pcs.js';

let chain: TwoPcs;
let ho: TestService;
let surat: TestService;
const syncNow = (svc: TestService) => chain.syncNow(svc);

before(async () => {
  // Surat's cashier is made at head office (users are its master data) and travels with the join.
  chain = await startTwoPcs('chain', {
    joinedAs: 'Surat till 1',
    atHeadOffice: async (pc) => {
      const { enc, db } = pc.server.deps;
      const srt = (db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number }).id;
      const admin = await pc.as('admin');
      await admin.call(api.Users.create, { body: { userName: 'surat.cashier', role: 'cashier', branchIDs: [enc.encode('branch', srt)], password: 'Temporary-1' } });
      const first = await pc.as('surat.cashier', 'Temporary-1');
      await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Surat-2026-till' } });
    },
  });
  ({ ho, joined: surat } = chain);
});

after(async () => {
  await chain?.close();
});

test('Adajan’s sale and till reach head office’s chain dashboard by sync; a branch is behind when its PC has not reached the hub for an hour, not when it is only quiet', async () => {
  const board = async (pcs: TestService[]) => {
    for (const pc of pcs) await syncNow(pc);
    const d = await (await ho.as('admin')).call(api.Chain.dashboard, {});
    return { d, adajan: d.branches.find((b) => b.branchCode === 'SRT1')!, navrangpura: d.branches.find((b) => b.branchCode === 'AMD1')! };
  };
  const saleAt = () => (surat.server.deps.db.prepare("SELECT max(at) AS at FROM journal WHERE tbl = 'sales_order'").get() as { at: string }).at;

  // Surat's PC opened its till and sold two hours ago (its clock says so), and has kept syncing
  // since with nothing new: Adajan is quiet, not behind. Its last sync is its PC's last contact with the hub.
  surat.clock.advance(-2 * 3_600_000);
  await makeSale(surat, await surat.as('surat.cashier', 'Surat-2026-till'), { paid: 'all' });
  surat.clock.advance(2 * 3_600_000);
  const quiet = await board([surat, ho]);
  assert.equal(quiet.d.syncing, true);
  assert.equal(quiet.adajan.notSynced, false, 'a quiet branch whose PC syncs is not behind');
  assert.ok(Date.parse(quiet.adajan.lastSyncAt!) > Date.parse(saleAt()) + 3_600_000, 'its last sync is its PC reaching the hub, not its last sale');
  assert.equal(quiet.d.totals.notSynced, 0);

  // Now it sells again and syncs: heard from just now, its sale and its open till in head office's figures.
  const sale = await makeSale(surat, await surat.as('surat.cashier', 'Surat-2026-till'), { paid: 'all' });
  const fresh = await board([surat, ho]);
  assert.equal(fresh.adajan.notSynced, false);
  assert.ok(Date.parse(fresh.adajan.lastSyncAt!) > Date.parse(quiet.adajan.lastSyncAt!));
  assert.ok(fresh.adajan.orders >= 1 && fresh.adajan.sales >= sale.net, 'today’s sale is counted at Adajan');
  assert.ok(fresh.adajan.receiptAmount >= sale.net);
  assert.equal(fresh.adajan.tillsOpen, 1, 'the Surat till’s session arrived by sync');
  assert.equal(fresh.d.totals.notSynced, 0);

  // Two hours later by head office's clock, nobody has reached the hub: Adajan is behind, and so
  // is head office's own branch (this PC's own last sync is as old). Read without a sync, and
  // last: the hub refuses a PC whose clock is hours off, and its journal keeps that time.
  ho.clock.advance(2 * 3_600_000);
  const silent = await board([]);
  assert.equal(silent.adajan.notSynced, true);
  assert.equal(silent.adajan.lastSyncAt, fresh.adajan.lastSyncAt);
  assert.equal(silent.navrangpura.lastSyncAt, silent.d.lastSuccessAt, 'head office’s own branch: this PC’s own last sync');
  assert.equal(silent.navrangpura.notSynced, true);
  assert.equal(silent.d.totals.notSynced, 2);
});
