/**
 * A transfer between two PCs that meet only through a real hub (embedded PostgreSQL): Navrangpura's
 * PC (head office's, node 1) and Adajan's PC (joined with a code), each branch's manager signed in
 * on its own PC. Navrangpura dispatches while Adajan's PC is offline; after a sync Adajan sees the
 * incoming transfer, receives it with a damaged and a missing unit; after the next sync
 * Navrangpura sees it received with the discrepancy, and both PCs hold the same movements, shelves
 * and transfer rows (the dispatch the sender's fact, the receipt the receiver's).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { branchUser } from '../helpers/branches.js';
import { stockClean, stockDrift } from '../helpers/daily-totals.js';
import { freePort } from '../hub/hub-process.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';

let hub: Hub;
let hubDir: { dir: string; remove(): Promise<void> };
let navrangpura: TestService;
let adajan: TestService;
let dir: string;

const syncNow = async (svc: TestService) => {
  await svc.server.deps.sync!.syncNow();
  const state = svc.server.deps.db.prepare('SELECT last_error, stopped_reason FROM sync_state').get() as { last_error: string | null; stopped_reason: string | null };
  assert.deepEqual(state, { last_error: null, stopped_reason: null });
};
function checksum(svc: TestService, sql: string): { rows: number; sum: string } {
  const rows = svc.server.deps.db.prepare(sql).all();
  return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}
const TABLES = {
  transfer: 'SELECT * FROM transfer ORDER BY id',
  transfer_line: 'SELECT * FROM transfer_line ORDER BY id',
  transfer_receipt: 'SELECT * FROM transfer_receipt ORDER BY id',
  transfer_receipt_line: 'SELECT * FROM transfer_receipt_line ORDER BY id',
  stock_movement: 'SELECT * FROM stock_movement ORDER BY id',
  stock: 'SELECT item_id, branch_id, batch_no, on_hand FROM stock ORDER BY item_id, branch_id, batch_no',
};
const onHand = (svc: TestService, branch: string, code: string) =>
  (svc.server.deps.db.prepare('SELECT coalesce(sum(s.on_hand), 0) AS n FROM stock s JOIN item i ON i.id = s.item_id JOIN branch b ON b.id = s.branch_id WHERE b.code = ? AND i.code = ?').get(branch, code) as { n: number }).n;

before(async () => {
  hubDir = await tempDataDir({ seeded: true });
  const port = await freePort();
  const hubUrl = `http://127.0.0.1:${port}`;
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port, ...TEST_PG });
  assert.equal((await hub.enroll('Head office')).id, 1);
  navrangpura = await startTestService({ hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  // Adajan's manager: master data, made at head office and synced to every PC.
  branchUser(navrangpura, 'manager.srt', 'manager', 'SRT1');
  await syncNow(navrangpura);
  const { code } = await makeJoinCode(hub.pool, 'Adajan till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-transfer-'));
  await joinCompany(dir, STORE_FILE, hubUrl, code);
  adajan = await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  await syncNow(adajan);
});

after(async () => {
  await adajan?.close();
  await navrangpura?.close();
  await hub?.close();
  await hubDir.remove();
  rmSync(dir, { recursive: true, force: true });
});

test('dispatched at one PC, received at another through the hub: in transit, then received with the discrepancy, and stock agrees on both', { timeout: 120_000 }, async () => {
  const manager = await navrangpura.as('manager');
  const adajanManager = await adajan.as('manager.srt');
  await syncNow(adajan);
  await syncNow(navrangpura);
  const frame = navrangpura.server.deps.db
    .prepare("SELECT i.code FROM stock s JOIN item i ON i.id = s.item_id JOIN branch b ON b.id = s.branch_id WHERE b.code = 'AMD1' AND i.code LIKE 'FR-%' AND s.on_hand >= 3 ORDER BY i.code LIMIT 1")
    .get() as { code: string };
  const before = { amd: onHand(navrangpura, 'AMD1', frame.code), srt: onHand(adajan, 'SRT1', frame.code) };
  assert.equal(onHand(adajan, 'AMD1', frame.code), before.amd, 'both PCs start with the same shelves');

  // Adajan's PC is offline (it does not sync) while Navrangpura dispatches.
  const [srt] = (await manager.call(api.Transfers.destinations, {})).filter((d) => d.code === 'SRT1');
  const sent = await manager.call(api.Transfers.dispatch, { body: { toBranchId: srt!.branchId, lines: [{ code: frame.code, qty: 3 }] } });
  assert.equal(sent.status, 'in_transit');
  assert.deepEqual(await adajanManager.call(api.Transfers.list, { query: { view: 'incoming' } }), []);
  await syncNow(navrangpura);
  assert.deepEqual(await adajanManager.call(api.Transfers.list, { query: { view: 'incoming' } }), [], 'not before Adajan syncs');

  // Adajan comes online: the incoming transfer is there, in transit, out of Navrangpura's stock and not in Adajan's.
  await syncNow(adajan);
  const incoming = await adajanManager.call(api.Transfers.list, { query: { view: 'in-transit' } });
  assert.deepEqual(incoming.map((t) => [t.documentNo, t.status, t.qty]), [[sent.documentNo, 'in_transit', 3]]);
  assert.equal(onHand(adajan, 'AMD1', frame.code), before.amd - 3);
  assert.equal(onHand(adajan, 'SRT1', frame.code), before.srt);

  const detail = await adajanManager.call(api.Transfers.detail, { params: { transferId: incoming[0]!.transferId } });
  assert.equal(detail.canReceive, true);
  const got = await adajanManager.call(api.Transfers.receive, {
    params: { transferId: detail.transferId },
    body: { lines: [{ lineId: detail.lines[0]!.lineId, received: 1, damaged: 1 }] },
  });
  assert.equal(got.status, 'received_with_discrepancy');
  assert.equal(onHand(adajan, 'SRT1', frame.code), before.srt + 1);

  // Not at Navrangpura until the receipt has travelled.
  assert.equal((await manager.call(api.Transfers.detail, { params: { transferId: sent.transferId } })).status, 'in_transit');
  await syncNow(adajan);
  await syncNow(navrangpura);
  const seen = await manager.call(api.Transfers.detail, { params: { transferId: sent.transferId } });
  assert.equal(seen.status, 'received_with_discrepancy');
  assert.deepEqual(seen.lines.map((l) => [l.received, l.damaged, l.short]), [[1, 1, 1]]);
  assert.equal(seen.receivedBy, 'manager.srt');
  assert.deepEqual(await manager.call(api.Transfers.list, { query: { view: 'in-transit' } }), []);

  // Both PCs hold the same rows, and every shelf is the sum of its movements on each.
  for (const [table, sql] of Object.entries(TABLES)) assert.deepEqual(checksum(adajan, sql), checksum(navrangpura, sql), table);
  assert.equal(onHand(navrangpura, 'SRT1', frame.code), before.srt + 1);
  assert.equal(onHand(navrangpura, 'AMD1', frame.code), before.amd - 3);
  for (const svc of [navrangpura, adajan]) {
    const off = svc.server.deps.db.prepare(
      'SELECT count(*) AS n FROM stock s WHERE s.on_hand <> (SELECT coalesce(sum(delta), 0) FROM stock_movement m WHERE m.item_id = s.item_id AND m.branch_id = s.branch_id AND m.batch_no = s.batch_no)',
    ).get() as { n: number };
    assert.equal(off.n, 0);
    assert.deepEqual(stockDrift(svc.server.deps.db), stockClean, 'the stock totals kept from the pulled movements equal a recount');
    const dead = svc.server.deps.db.prepare('SELECT count(*) AS n FROM sync_dead_letter').get() as { n: number };
    assert.equal(dead.n, 0);
  }
});
