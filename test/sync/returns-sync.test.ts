/**
 * A customer's return travels as a branch's fact: a hub over a real embedded PostgreSQL, head
 * office's PC (node 1) and a PC that joined with a code. A frame sold and brought back at node 1 —
 * one to the damaged bin onto a credit note, one to stock refunded — arrives at the other PC
 * exactly: the return and its lines, the stock movements naming it (the shelf the same, from the
 * movements) and the credit note.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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
import { startTestService, type TestService } from '../helpers/service.js';
import { frameInStock } from '../helpers/sales.js';

let hub: Hub | undefined;
let hubDir: { dir: string; remove(): Promise<void> };
const nodes: TestService[] = [];
let dir: string;

const admins = new Map<TestService, Awaited<ReturnType<TestService['as']>>>();
const admin = async (svc: TestService) => {
  if (!admins.has(svc)) admins.set(svc, await svc.as('admin'));
  return admins.get(svc)!;
};

async function converge() {
  for (let round = 0; round < 3; round++) for (const svc of nodes) await (await admin(svc)).call(api.Sync.now, { body: {} });
  for (const svc of nodes) {
    const s = await (await admin(svc)).call(api.Sync.status, {});
    assert.equal(s.lastError, null, `node at ${svc.url}: ${s.lastError}`);
    assert.equal(s.waiting, 0);
  }
}

function checksum(svc: TestService, table: string, where = ''): { rows: number; sum: string } {
  const rows = svc.server.deps.db.prepare(`SELECT * FROM ${table} ${where} ORDER BY id`).all();
  return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}

before(async () => {
  hubDir = await tempDataDir({ seeded: true });
  const port = await freePort();
  const hubUrl = `http://127.0.0.1:${port}`;
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port, ...TEST_PG });
  await hub.enroll('Head office');
  nodes.push(await startTestService({ hubUrl, syncIntervalMs: 60_000, readWorkers: 0 }));
  await (await admin(nodes[0]!)).call(api.Sync.now, { body: {} });
  const { code } = await makeJoinCode(hub.pool, 'Surat till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-returns-sync-'));
  await joinCompany(dir, STORE_FILE, hubUrl, code);
  nodes.push(await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 60_000, readWorkers: 0 }));
  await converge();
});

after(async () => {
  for (const svc of nodes) await svc.close();
  await hub?.close();
  await hubDir.remove();
  rmSync(dir, { recursive: true, force: true });
});

test('a return made at one PC arrives at the other exactly: return, lines, movements, shelf, credit note', async () => {
  const [ho, other] = [nodes[0]!, nodes[1]!];
  const { enc } = ho.server.deps;
  const staff = await admin(ho);
  const frameId = frameInStock(ho, 'admin', 3);
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Sync', lastName: 'Returner' } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', frameId), qty: 2 } });
  const net = (await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: net } },
  });
  const orderId = enc.decode('salesOrder', sale.salesOrderID);
  const lineId = (ho.server.deps.db.prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ?').get(orderId) as { id: number }).id;
  const line = enc.encode('salesOrderLine', lineId);
  const damaged = await staff.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: line, qty: 1, destination: 'damaged' }], reason: 'Broke', settlement: 'credit_note' },
  });
  await staff.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: line, qty: 1, destination: 'stock' }], reason: 'Changed mind', settlement: 'refund' },
  });
  await converge();

  for (const table of ['sales_return', 'sales_return_line']) assert.deepEqual(checksum(other, table), checksum(ho, table), table);
  assert.equal(checksum(other, 'sales_return').rows, 2);
  const ofReturns = `WHERE document = 'customer_return'`;
  assert.deepEqual(checksum(other, 'stock_movement', ofReturns), checksum(ho, 'stock_movement', ofReturns));
  assert.equal(checksum(ho, 'stock_movement', ofReturns).rows, 3, 'return + write-off, and one return to stock');
  const shelf = (svc: TestService) => svc.server.deps.db.prepare('SELECT on_hand FROM stock WHERE item_id = ? ORDER BY branch_id, batch_no').all(frameId);
  assert.deepEqual(shelf(other), shelf(ho));
  const note = (svc: TestService) => svc.server.deps.db.prepare('SELECT credit_note_no, amount, balance FROM credit_note WHERE credit_note_no = ?').get(damaged.creditNoteNo);
  assert.ok(note(ho));
  assert.deepEqual(note(other), note(ho));
});
