/**
 * Migration 014's maintained figures (issue 12): `sales_order.received`, `item_count` and the
 * per-branch, per-status tally always equal what summing the receipts and lines gives, whatever
 * wrote them (the seed, SaveSale, SaveReceipt, cancel with each receipt outcome, status moves),
 * and an older store is filled in when it is upgraded.
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
import { makeSale } from '../helpers/sales.js';
import { startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(() => svc.close());

/** Orders whose kept figures differ from the sums, and tally rows that differ from a recount. */
function drift(db: Db) {
  const orders = db
    .prepare(
      `SELECT o.id, o.received, o.item_count,
         coalesce((SELECT sum(amount) FROM receipt r WHERE r.sales_order_id = o.id AND r.status_id = 1), 0) AS summed,
         (SELECT count(*) FROM sales_order_line l WHERE l.sales_order_id = o.id) AS lines
       FROM sales_order o`,
    )
    .all()
    .filter((o) => {
      const r = o as { received: number; summed: number; item_count: number; lines: number };
      return r.received !== r.summed || r.item_count !== r.lines;
    });
  const recount = `SELECT branch_id, status_id, count(*) AS orders, sum(net_amount) AS amount, sum(due > 0) AS owing, sum(max(due, 0)) AS owed
    FROM (SELECT branch_id, status_id, net_amount, net_amount - insurance_amount - received AS due FROM sales_order) GROUP BY branch_id, status_id`;
  const kept = `SELECT branch_id, status_id, orders, amount, owing, owed FROM sales_order_tally WHERE orders <> 0`;
  const tally = db.prepare(`SELECT * FROM (${recount} EXCEPT ${kept}) UNION ALL SELECT * FROM (${kept} EXCEPT ${recount})`).all();
  return { orders, tally };
}

test('received, item count and the tally follow every write: seed, sale, receipt, cancel, status', async () => {
  const { db, ids, enc } = svc.server.deps;
  addOrders({ file: '', db, ids, company: companies(db).only()! }, 300, { now: svc.clock.now });
  const cashier = await svc.as('cashier');
  const admin = await svc.as('admin');
  const cash = enc.encode('paymentKind', 1);
  const part = await makeSale(svc, cashier, { paid: 10, qty: 2 });
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: part.salesOrderID, customerIDStr: part.customerID, receiptTypeId: cash, amount: 5 } });
  const row = () => db.prepare('SELECT received, item_count FROM sales_order WHERE id = ?').get(part.rowId) as { received: number; item_count: number };
  assert.deepEqual(row(), { received: 1500, item_count: 1 });
  for (const receiptStatusId of [2, 3, 4] as const) {
    const sale = await makeSale(svc, cashier, { paid: 20 });
    await admin.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId } });
  }
  await admin.call(api.Orders.status, { params: { salesOrderId: part.salesOrderID }, body: { statusId: 2 } });
  await makeSale(svc, cashier, { paid: 'all' });
  assert.deepEqual(drift(db), { orders: [], tally: [] });
  const owing = db.prepare('SELECT sum(owing) AS n FROM sales_order_tally WHERE status_id <> 5').get() as { n: number };
  assert.ok(owing.n > 0, 'some orders still owe');
});

test('an older store is filled in when migration 014 upgrades it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-014-'));
  const file = path.join(dir, 'old.db');
  try {
    // The live store's orders, receipts and lines, copied into a file at schema 13.
    const source = svc.server.deps.db;
    source.pragma('wal_checkpoint(FULL)');
    const db = new Database(file);
    db.exec(`ATTACH '${source.name.replace(/'/g, "''")}' AS live`);
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      for (const m of migrations.slice(0, 13)) db.exec(m.sql);
    })();
    db.pragma('user_version = 13');
    const old = (db.prepare('PRAGMA table_info(sales_order)').all() as Array<{ name: string }>).map((c) => c.name);
    for (const table of ['company', 'branch', 'financial_year', 'customer', 'item', 'app_user', 'payment_kind']) {
      // Later migrations add columns: copy the ones the schema-13 table has.
      const columns = (db.prepare(`PRAGMA main.table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name).join(', ');
      db.exec(`INSERT OR IGNORE INTO main.${table} (${columns}) SELECT ${columns} FROM live.${table}`);
    }
    db.exec(`INSERT INTO main.sales_order (${old.join(', ')}) SELECT ${old.join(', ')} FROM live.sales_order`);
    for (const table of ['sales_order_line', 'receipt']) {
      const columns = (db.prepare(`PRAGMA main.table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name).join(', ');
      db.exec(`INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM live.${table}`);
    }
    db.exec('DETACH live');
    migrate(db);
    assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
    assert.ok((db.prepare('SELECT count(*) AS n FROM sales_order WHERE received > 0').get() as { n: number }).n > 100);
    assert.deepEqual(drift(db), { orders: [], tally: [] });
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
