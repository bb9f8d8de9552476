/**
 * The daily totals at a PC that only pulled the business: a hub over a real embedded PostgreSQL,
 * head office's PC (node 1) and a PC that joined with a code. Node 1 sells (one sale part paid and
 * paid more later, one cancelled), takes a frame back for a refund; after sync the other PC's
 * totals, kept by its own triggers from the pulled rows, equal a recount there and equal node 1's
 * figures for that branch.
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
import { startTestService, type TestService } from '../helpers/service.js';
import { frameInStock, makeSale } from '../helpers/sales.js';
import { clean, drift } from '../helpers/daily-totals.js';

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

before(async () => {
  hubDir = await tempDataDir();
  const port = await freePort();
  const hubUrl = `http://127.0.0.1:${port}`;
  hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port, ...TEST_PG });
  await hub.enroll('Head office');
  nodes.push(await startTestService({ hubUrl, syncIntervalMs: 60_000, readWorkers: 0 }));
  await (await admin(nodes[0]!)).call(api.Sync.now, { body: {} });
  const { code } = await makeJoinCode(hub.pool, 'Surat till 1');
  dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-totals-sync-'));
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

const TABLES = {
  branch_day_total: 'SELECT * FROM branch_day_total WHERE branch_id = ? AND (orders OR sales OR cancelled OR received OR returns) ORDER BY day',
  item_day_total: 'SELECT * FROM item_day_total WHERE branch_id = ? AND (qty OR returned_qty) ORDER BY day, item_id',
  payment_day_total: 'SELECT * FROM payment_day_total WHERE branch_id = ? AND receipts ORDER BY day, payment_kind_id',
  seller_day_total: 'SELECT * FROM seller_day_total WHERE branch_id = ? AND orders ORDER BY day, user_id',
};

test('the other PC keeps the same totals from the pulled sales, receipts, cancellation and return', async () => {
  const [ho, other] = [nodes[0]!, nodes[1]!];
  const { enc } = ho.server.deps;
  const staff = await admin(ho);
  const cash = enc.encode('paymentKind', 1);
  const part = await makeSale(ho, staff, { paid: 10, qty: 2 });
  await staff.call(api.QuickSale.saveReceipt, { body: { salesOrderID: part.salesOrderID, customerIDStr: part.customerID, receiptTypeId: cash, amount: 5 } });
  const doomed = await makeSale(ho, staff, { paid: 20 });
  await staff.call(api.Orders.cancel, { params: { salesOrderId: doomed.salesOrderID }, body: { receiptStatusId: 4 } });
  const frameId = frameInStock(ho, 'admin', 3);
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Totals', lastName: 'Sync' } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', frameId), qty: 2 } });
  const net = (await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: net } },
  });
  const line = ho.server.deps.db.prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ?').get(enc.decode('salesOrder', sale.salesOrderID)) as { id: number };
  await staff.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: enc.encode('salesOrderLine', line.id), qty: 1, destination: 'stock' }], reason: 'Did not suit', settlement: 'refund' },
  });
  await converge();

  const branchId = ho.server.deps.db.prepare('SELECT branch_id FROM sales_order WHERE id = ?').get(part.rowId) as { branch_id: number };
  for (const svc of [ho, other]) assert.deepEqual(drift(svc.server.deps.db), clean, `node at ${svc.url}`);
  for (const [table, sql] of Object.entries(TABLES)) {
    const mine = ho.server.deps.db.prepare(sql).all(branchId.branch_id);
    assert.ok(mine.length > 0, `${table} has the day at head office`);
    assert.deepEqual(other.server.deps.db.prepare(sql).all(branchId.branch_id), mine, `${table} at the other PC`);
  }
});
