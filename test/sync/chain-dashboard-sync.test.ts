/**
 * The chain dashboard across two PCs and a real hub (embedded PostgreSQL): the Surat PC sells at
 * Adajan (SRT1) with its till open; after sync, head office's PC shows Adajan's sale, its till and
 * a recent last sync. Two hours later with nothing new from Surat, head office lists Adajan as not
 * synced, while its own branch, whose changes the hub keeps acknowledging, is not.
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

test('Adajan’s sale and till reach head office’s chain dashboard by sync; a branch whose newest change is two hours old is not synced', async () => {
  const board = async () => {
    await syncNow(surat);
    await syncNow(ho);
    const d = await (await ho.as('admin')).call(api.Chain.dashboard, {});
    return { d, adajan: d.branches.find((b) => b.branchCode === 'SRT1')!, navrangpura: d.branches.find((b) => b.branchCode === 'AMD1')! };
  };

  // Surat's PC opened its till and sold two hours ago (its clock says so) and has said nothing since.
  surat.clock.advance(-2 * 3_600_000);
  await makeSale(surat, await surat.as('surat.cashier', 'Surat-2026-till'), { paid: 'all' });
  const quiet = await board();
  assert.equal(quiet.d.syncing, true);
  assert.equal(quiet.adajan.notSynced, true);
  assert.equal(quiet.adajan.lastSyncAt, (surat.server.deps.db.prepare("SELECT max(at) AS at FROM journal WHERE tbl = 'sales_order'").get() as { at: string }).at);
  assert.ok(quiet.navrangpura.lastSyncAt !== null, 'head office’s own branch: its own changes the hub acknowledged');
  assert.equal(quiet.navrangpura.notSynced, false);
  assert.equal(quiet.d.totals.notSynced, 1);

  // Now it sells again and syncs: heard from just now, its sale and its open till in head office's figures.
  surat.clock.advance(2 * 3_600_000);
  const sale = await makeSale(surat, await surat.as('surat.cashier', 'Surat-2026-till'), { paid: 'all' });
  const fresh = await board();
  assert.equal(fresh.adajan.notSynced, false);
  assert.ok(Date.parse(fresh.adajan.lastSyncAt!) > Date.parse(quiet.adajan.lastSyncAt!));
  assert.ok(fresh.adajan.orders >= 1 && fresh.adajan.sales >= sale.net, 'today’s sale is counted at Adajan');
  assert.ok(fresh.adajan.receiptAmount >= sale.net);
  assert.equal(fresh.adajan.tillsOpen, 1, 'the Surat till’s session arrived by sync');
  assert.equal(fresh.d.totals.notSynced, 0);
});
