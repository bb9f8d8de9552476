/**
 * Migration 038's daily totals (branch_day_total, item_day_total, payment_day_total,
 * seller_day_total) always equal a recount from the source rows, whatever wrote them: the seed,
 * a day of sales, part payments, a return, a cancellation and changes pulled from the hub (a line
 * arriving before its order among them); and an older store is filled in when it is upgraded.
 * Migration 040's stock totals are recounted from the stock movements at each of those points too
 * (and after an item's cost changes).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { api } from '../../shared/endpoints/index.js';
import type { Db } from '../../main/service/db/database.js';
import { migrate } from '../../main/service/db/migrate.js';
import { migrations } from '../../main/service/db/migrations/index.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { companies } from '../../main/service/store/company.js';
import { applyPulledPage } from '../../main/service/sync/apply.js';
import { makeSale } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import type { TestService } from '../helpers/service.js';
import { clean, drift } from '../helpers/daily-totals.js';

let svc: TestService;
let cashier: SignedIn;
let admin: SignedIn;
before(async () => {
  ({ svc, cashier, admin } = await storeWithStaff());
});
after(() => svc.close());

/** A frame off the shelf, paid in full: handed over at the counter, so it can come back. */
async function soldFrame(db: Db) {
  const branchId = (db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number }).branch_id;
  const frame = db
    .prepare('SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ? AND s.on_hand >= 2 AND s.expiry_date IS NULL AND i.sale_price > 0 LIMIT 1')
    .get(branchId) as { id: number };
  const { enc } = svc.server.deps;
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Totals', lastName: 'Returner' } })).customerID;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', frame.id), qty: 2 } });
  const net = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: net } },
  });
  const line = db.prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ?').get(enc.decode('salesOrder', sale.salesOrderID)) as { id: number };
  return { sale, lineID: enc.encode('salesOrderLine', line.id) };
}

test('the totals equal a recount after the seed, a day of sales, part payments, a return, a cancellation and pulled changes', async () => {
  const { db, ids, enc } = svc.server.deps;
  addOrders({ file: '', db, ids, company: companies(db).only()! }, 200, { now: svc.clock.now });
  assert.deepEqual(drift(db), clean, 'the seed');

  const cash = enc.encode('paymentKind', 1);
  const upi = enc.encode('paymentKind', 3);
  const part = await makeSale(svc, cashier, { paid: 10, qty: 2 });
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: part.salesOrderID, customerIDStr: part.customerID, receiptTypeId: upi, amount: 5, referenceNo: 'UPI-4411' } });
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: part.salesOrderID, customerIDStr: part.customerID, receiptTypeId: cash, amount: 7 } });
  await makeSale(svc, cashier, { paid: 'all' });
  const doomed = await makeSale(svc, cashier, { paid: 20 });
  await admin.call(api.Orders.cancel, { params: { salesOrderId: doomed.salesOrderID }, body: { receiptStatusId: 4 } });
  const voided = await makeSale(svc, cashier, { paid: 30 });
  await admin.call(api.Orders.cancel, { params: { salesOrderId: voided.salesOrderID }, body: { receiptStatusId: 2 } });
  const sold = await soldFrame(db);
  await cashier.call(api.Returns.save, {
    body: { salesOrderID: sold.sale.salesOrderID, lines: [{ salesOrderLineID: sold.lineID, qty: 1, destination: 'stock' }], reason: 'Did not suit', settlement: 'refund' },
  });
  assert.deepEqual(drift(db), clean, 'a day at the counter');
  // Head office changes the cost of a frame held without any costed receipt: its stock is re-valued.
  const held = db.prepare('SELECT item_id, branch_id, value FROM stock_total WHERE received_qty = 0 AND on_hand > 0 ORDER BY item_id LIMIT 1').get() as { item_id: number; branch_id: number; value: number };
  db.prepare('UPDATE item SET cost = coalesce(cost, 0) + 1234 WHERE id = ?').run(held.item_id);
  assert.notEqual((db.prepare('SELECT value FROM stock_total WHERE item_id = ? AND branch_id = ?').get(held.item_id, held.branch_id) as { value: number }).value, held.value);
  assert.deepEqual(drift(db), clean, 'an item’s cost changed');
  const returned = db.prepare('SELECT sum(returns) AS n, sum(refunded) AS refunded FROM branch_day_total').get() as { n: number; refunded: number };
  assert.equal(returned.n, 1);
  assert.ok(returned.refunded > 0, 'the refund is counted');

  // Another branch's sale pulled from the hub: its line first, then the order, its receipt, then its cancellation.
  const source = db.prepare('SELECT * FROM sales_order WHERE id = ?').get(part.rowId) as Record<string, unknown>;
  const sourceLine = db.prepare('SELECT * FROM sales_order_line WHERE sales_order_id = ?').get(part.rowId) as Record<string, unknown>;
  const sourceReceipt = db.prepare('SELECT * FROM receipt WHERE sales_order_id = ? LIMIT 1').get(part.rowId) as Record<string, unknown>;
  const otherBranch = (db.prepare('SELECT id FROM branch WHERE id <> ? ORDER BY id LIMIT 1').get(source.branch_id) as { id: number } | undefined)?.id ?? (source.branch_id as number);
  const orderId = 9_000_001;
  const base = { at: new Date().toISOString(), userId: null, branchId: otherBranch, till: '', source: 'app', rowKey: null, oldValues: null, nodeId: 2 } as const;
  const hlc = (n: number) => `${String(Date.now()).padStart(15, '0')}-${String(n).padStart(5, '0')}-0000002`;
  const order = { ...source, id: orderId, branch_id: otherBranch, order_no: 'PULLED/SO/000001', session_id: null, order_date: '2026-11-20', received: 0, item_count: 0 };
  const change = (n: number, tbl: string, rowId: number, op: 'insert' | 'update', newValues: Record<string, unknown>) => ({ ...base, cursor: 1e9 + n, seq: 1e9 + n, hlc: hlc(n), tbl, rowId, op, newValues });
  db.pragma('foreign_keys = OFF');
  try {
    const result = applyPulledPage(
      db,
      [
        change(1, 'sales_order_line', 9_000_002, 'insert', { ...sourceLine, id: 9_000_002, sales_order_id: orderId }),
        change(2, 'sales_order', orderId, 'insert', order),
        change(3, 'receipt', 9_000_003, 'insert', { ...sourceReceipt, id: 9_000_003, branch_id: otherBranch, sales_order_id: orderId, receipt_no: 'PULLED/RC/1', receipt_date: '2026-11-21' }),
        // The other branch's goods received at a cost, and its sale of one of them.
        ...[
          { id: 9_000_004, delta: 5, reason: 'receipt', unit_cost: 43_210, document: 'goods_receipt', document_id: 9_000_005, sales_order_id: null },
          { id: 9_000_006, delta: -1, reason: 'sale', unit_cost: null, document: 'sale', document_id: orderId, sales_order_id: orderId },
        ].map((m, k) =>
          change(5 + k, 'stock_movement', m.id, 'insert', { ...m, item_id: sourceLine.item_id, branch_id: otherBranch, owner_branch_id: otherBranch, batch_no: '', at: new Date().toISOString(), expiry_date: null, created_by: null }),
        ),
      ],
      (db.prepare('SELECT pull_cursor FROM sync_state').get() as { pull_cursor: number }).pull_cursor,
      [1],
      new Date(),
    );
    assert.deepEqual(result, { applied: 5, skipped: 0, deadLetters: 0 }, JSON.stringify(db.prepare('SELECT reason FROM sync_dead_letter').all()));
    assert.deepEqual(drift(db), clean, 'pulled: a line before its order, the order, a receipt, stock received and sold');
    const pulledDay = db.prepare('SELECT qty FROM item_day_total WHERE branch_id = ? AND day = ? AND item_id = ?').get(otherBranch, '2026-11-20', sourceLine.item_id) as { qty: number };
    assert.ok(pulledDay.qty >= (sourceLine.qty as number), 'the early line is counted on its order’s day');
    applyPulledPage(db, [change(4, 'sales_order', orderId, 'update', { status_id: 5 })], 0, [1], new Date());
    assert.deepEqual(drift(db), clean, 'pulled: the cancellation');
  } finally {
    db.pragma('foreign_keys = ON');
  }
});

test('an older store is filled in when migration 038 upgrades it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-038-'));
  const file = path.join(dir, 'old.db');
  const version = migrations.findIndex((m) => m.name === 'daily-totals');
  try {
    const live = svc.server.deps.db;
    live.pragma('wal_checkpoint(FULL)');
    const db = new Database(file);
    db.pragma(`user_version = 0`);
    // Build the older schema, then copy the live store's documents into it.
    const older = migrations.slice(0, version);
    for (const m of older) db.exec(m.sql);
    db.pragma(`user_version = ${version}`);
    db.exec(`ATTACH '${live.name.replace(/'/g, "''")}' AS live`);
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      for (const t of ['item', 'sales_order', 'sales_order_line', 'receipt', 'sales_return', 'sales_return_line', 'stock_movement']) {
        db.exec(`DELETE FROM main.${t}; INSERT INTO main.${t} SELECT * FROM live.${t}`);
      }
    })();
    db.exec('DETACH live');
    migrate(db);
    assert.deepEqual(drift(db), clean);
    const kept = db.prepare('SELECT count(*) AS n FROM branch_day_total').get() as { n: number };
    assert.ok(kept.n > 0, 'the totals are filled in');
    const stock = db.prepare('SELECT count(*) AS n, sum(value) AS value FROM stock_total').get() as { n: number; value: number };
    assert.ok(stock.n > 0 && stock.value > 0, 'the stock totals are filled in (migration 040)');
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
