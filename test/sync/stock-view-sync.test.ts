/**
 * Seeing stock across two PCs and a real hub (embedded PostgreSQL): head office's PC sells an item
 * at Navrangpura (AMD1), the Surat PC sells it at Adajan (SRT1); after sync, for that item at
 * every branch and on both PCs, the Stock screen's figure, the counter's figure, the ledger's last
 * balance and the sum of the movements agree.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../hub/hub-process.js';
import { api } from '../../shared/endpoints/index.js';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { frameAtEveryBranch } from '../helpers/items.js';
import { sellFrameAndPair } from '../helpers/sales.js';
import { startTestService, type TestService } from '../helpers/service.js';

let hub: Hub;
let hubDir: { dir: string; remove(): Promise<void> };
let hubUrl: string;
let ho: TestService;
let surat: TestService;
let dir: string;

const syncNow = async (svc: TestService) => {
  await svc.server.deps.sync!.syncNow();
  const state = svc.server.deps.db.prepare('SELECT last_error FROM sync_state').get() as { last_error: string | null };
  assert.equal(state.last_error, null);
};

before(async () => {
  hubDir = await tempDataDir({ seeded: true });
  const port = await freePort();
  hubUrl = `http://127.0.0.1:${port}`;
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port, ...TEST_PG });
  assert.equal((await hub.enroll('Head office')).id, 1);
  ho = await startTestService({ hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  // A Surat cashier, made at head office (users are master data) before the Surat PC joins.
  const { enc, db } = ho.server.deps;
  const srt = (db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number }).id;
  const admin = await ho.as('admin');
  await admin.call(api.Users.create, { body: { userName: 'surat.cashier', role: 'cashier', branchIDs: [enc.encode('branch', srt)], password: 'Temporary-1' } });
  const first = await ho.as('surat.cashier', 'Temporary-1');
  await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Surat-2026-till' } });
  await syncNow(ho);
  const { code } = await makeJoinCode(hub.pool, 'Surat till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-stock-'));
  await joinCompany(dir, STORE_FILE, hubUrl, code);
  surat = await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
});

after(async () => {
  await surat?.close();
  await ho?.close();
  await hub?.close();
  await hubDir?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('sales at both branches on two PCs: after sync the Stock screen, the counter, the ledger and the movements agree everywhere', async () => {
  const frame = frameAtEveryBranch(ho, 3);
  const itemId = ho.server.deps.enc.encode('item', frame.id);
  assert.equal(surat.server.deps.enc.encode('item', frame.id), itemId, 'the same ENC ids on both PCs');

  const sell = async (svc: TestService, userName: string, password: string | undefined, times: number) => {
    const who = await svc.as(userName, password);
    for (let i = 0; i < times; i++) {
      const { customerID } = await who.call(api.Customer.upsert, { body: { firstName: 'Synced', lastName: `${userName}${i}` } });
      await sellFrameAndPair(svc, who, { customerID, paid: 0, frameId: frame.id });
    }
  };
  const before = await (await ho.as('admin')).call(api.Stock.itemAtBranches, { query: { itemId } });
  await sell(ho, 'cashier', undefined, 2);
  await sell(surat, 'surat.cashier', 'Surat-2026-till', 1);
  for (let round = 0; round < 2; round++) for (const svc of [ho, surat]) await syncNow(svc);

  const expected: Record<string, number> = Object.fromEntries(before.branches.map((b) => [b.branchCode, b.sellable! - (b.branchCode === 'AMD1' ? 2 : 1)]));
  for (const [pc, svc] of [['head office', ho], ['Surat', surat]] as const) {
    const admin = await svc.as('admin');
    const screen = await admin.call(api.Stock.itemAtBranches, { query: { itemId } });
    for (const [code, counterUser, password] of [['AMD1', 'cashier', undefined], ['SRT1', 'surat.cashier', 'Surat-2026-till']] as const) {
      const branch = screen.branches.find((b) => b.branchCode === code)!;
      const at = `${code} on the ${pc} PC`;
      assert.equal(branch.sellable, expected[code], `the Stock screen, ${at}`);
      const counter = await (await svc.as(counterUser, password)).call(api.QuickSale.exactItemStock, { query: { itemId } });
      assert.equal(counter.stock, branch.sellable, `the counter, ${at}`);
      const ledger = await admin.call(api.Stock.ledger, { query: { itemId, branchId: branch.branchID, pageSize: 5 } });
      const sum = (svc.server.deps.db.prepare('SELECT sum(delta) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?').get(frame.id, frame.branches[code]) as { n: number }).n;
      assert.equal(ledger.rows[0]!.balance, sum, `the ledger's last balance is the sum of the movements, ${at}`);
      assert.equal(ledger.rows[0]!.balance, branch.onHand, `and the Stock screen's on hand, ${at}`);
      assert.equal(ledger.rows[0]!.balance, counter.stock, `and the counter's figure (no expired batch), ${at}`);
      assert.equal(ledger.rows.filter((r) => r.reason === 'sale').length, code === 'AMD1' ? 2 : 1, `the sales in the ledger, ${at}`);
    }
  }
});
