/**
 * Migration 017 (issue 15, syncable data) over a store left at migration 016 with data in it: the
 * year re-keyed with every reference, the series moved to this till with their counts, and each
 * stock batch's on hand and each credit note's balance turned into an opening movement, with
 * nothing that was printed changed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { api } from '../../shared/endpoints/index.js';
import { asActor, refreshJournalTriggers, registerJournal } from '../../main/service/db/journal.js';
import { migrate } from '../../main/service/db/migrate.js';
import { migrations } from '../../main/service/db/migrations/index.js';
import { idSource, nodeOf } from '../../main/service/ids/id-source.js';
import { createStore } from '../../main/service/setup/create-store.js';
import { demoStore } from '../../main/service/setup/demo-store.js';
import { creditNotes } from '../../main/service/store/credit-note.js';
import { yearId } from '../../main/service/store/financial-year.js';
import { loadInstallation } from '../../main/service/store/installation.js';
import { numberSeries } from '../../main/service/store/number-series.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { startTestService } from '../helpers/service.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-m017-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const NODE = 12;
const OLD_YEAR = NODE * 2 ** 32 + 99;

/** A store as release 016 left it: migrations 1..16, node 12, a year with a node-based id, sales, stock, a spent credit note. */
async function storeAt016(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  registerJournal(db);
  asActor({ userId: null, branchId: null, till: '', source: 'migration' }, () => {
    for (let v = 1; v <= 16; v++) {
      db.transaction(() => {
        db.exec(migrations[v - 1]!.sql);
        refreshJournalTriggers(db);
        db.pragma(`user_version = ${v}`);
      }).immediate();
    }
  });
  loadInstallation(db, NODE);
  db.prepare("DELETE FROM setting WHERE key = 'till_code'").run(); // 016 had none
  const ids = idSource(db, NODE);
  const now = new Date('2026-11-20T06:00:00.000Z');
  const { companyId, branchIds } = await createStore(db, ids, demoStore, now, 'demo');
  const branch = branchIds.get('AMD1')!;
  const user = (db.prepare("SELECT id FROM app_user WHERE user_name = 'cashier'").get() as { id: number }).id;
  const at = now.toISOString();
  db.transaction(() => {
    db.pragma('defer_foreign_keys = ON');
    db.prepare('UPDATE financial_year SET id = ?').run(OLD_YEAR);
    const customer = ids.next('customer');
    db.prepare('INSERT INTO customer (id, company_id, branch_id, year_id, first_name, last_name, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      customer, companyId, branch, OLD_YEAR, 'Old', 'Timer', user, at,
    );
    const item = ids.next('item');
    db.prepare("INSERT INTO item (id, company_id, item_type_id, code, name, sale_price, mrp, created_at) VALUES (?, ?, 1, 'OLD-F1', 'Old frame', 150000, 150000, ?)").run(item, companyId, at);
    db.prepare("INSERT INTO stock (item_id, branch_id, batch_no, expiry_date, on_hand) VALUES (?, ?, '', NULL, 7), (?, ?, 'B1', '2030-01-31', 3)").run(item, branch, item, branch);
    const order = ids.next('sales_order');
    db.prepare(
      `INSERT INTO sales_order (id, company_id, branch_id, year_id, order_no, order_date, customer_id, intra_state, total_qty, total_mrp,
         gross, total_discount, taxable, cgst, sgst, igst, grand_total, rounding, net_amount, created_by, created_at)
       VALUES (?, ?, ?, ?, 'AMD1/SO/2026-27/000005', '2026-11-20', ?, 1, 1, 150000, 150000, 0, 150000, 0, 0, 0, 150000, 0, 150000, ?, ?)`,
    ).run(order, companyId, branch, OLD_YEAR, customer, user, at);
    db.prepare("INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, sales_order_id, reason, at) VALUES (?, ?, ?, '', -1, ?, 'sale', ?)").run(ids.next('stock_movement'), item, branch, order, at);
    const receipt = (no: string, kind: number, amount: number, note: number | null) => {
      const id = ids.next('receipt');
      db.prepare(
        `INSERT INTO receipt (id, company_id, branch_id, year_id, receipt_no, receipt_date, sales_order_id, customer_id, amount, payment_kind_id, credit_note_id, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, '2026-11-20', ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, companyId, branch, OLD_YEAR, no, order, customer, amount, kind, note, user, at);
      return id;
    };
    const source = receipt('AMD1/RC/2026-27/000003', 1, 50000, null);
    const note = ids.next('credit_note');
    db.prepare(
      `INSERT INTO credit_note (id, company_id, branch_id, year_id, credit_note_no, credit_note_date, customer_id, source_receipt_id, amount, balance, created_by, created_at)
       VALUES (?, ?, ?, ?, 'AMD1/CN/2026-27/000001', '2026-11-20', ?, ?, 50000, 20000, ?, ?)`,
    ).run(note, companyId, branch, OLD_YEAR, customer, source, user, at);
    receipt('AMD1/RC/2026-27/000004', 5, 30000, note);
    const series = db.prepare('INSERT INTO number_series (branch_id, year_id, kind, next) VALUES (?, ?, ?, ?)');
    series.run(branch, OLD_YEAR, 'order', 6);
    series.run(branch, OLD_YEAR, 'receipt', 5);
    series.run(branch, OLD_YEAR, 'credit_note', 2);
  }).immediate();
  const epochs = db.prepare('SELECT id, token_epoch FROM app_user ORDER BY id').all() as Array<{ id: number; token_epoch: number }>;
  return { db, companyId, branch, epochs };
}

test('a store at 016 with sales, stock and a spent credit note migrates to syncable data, every printed number as it was', async () => {
  const file = path.join(dir, STORE_FILE);
  const { db, companyId, branch, epochs } = await storeAt016(file);
  const printed = () =>
    db.prepare("SELECT order_no AS no FROM sales_order UNION ALL SELECT receipt_no FROM receipt UNION ALL SELECT credit_note_no FROM credit_note ORDER BY 1").all();
  const numbersBefore = printed();
  asActor({ userId: null, branchId: null, till: '', source: 'migration' }, () => migrate(db));
  assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
  assert.deepEqual(db.pragma('foreign_key_check'), []);
  assert.deepEqual(printed(), numbersBefore);

  // 1. The year has the company-wide id, and everything that named it names it still.
  const year = yearId(companyId, '2026-04-01');
  assert.deepEqual(db.prepare('SELECT id FROM financial_year').all(), [{ id: year }]);
  for (const table of ['customer', 'number_series', 'sales_order', 'receipt', 'credit_note']) {
    assert.deepEqual(db.prepare(`SELECT DISTINCT year_id FROM ${table}`).all(), [{ year_id: year }], table);
  }
  // Tokens named the old year: every session ends.
  const after = db.prepare('SELECT id, token_epoch FROM app_user ORDER BY id').all() as Array<{ id: number; token_epoch: number }>;
  assert.deepEqual(after, epochs.map((e) => ({ ...e, token_epoch: e.token_epoch + 1 })));

  // 2. The counters are this till's (node 12: till C) and go on from where they were.
  assert.deepEqual(db.prepare("SELECT value FROM setting WHERE key = 'till_code'").get(), { value: 'C' });
  assert.deepEqual(db.prepare('SELECT till_code, kind, next FROM number_series ORDER BY kind').all(), [
    { till_code: 'C', kind: 'credit_note', next: 2 },
    { till_code: 'C', kind: 'order', next: 6 },
    { till_code: 'C', kind: 'receipt', next: 5 },
  ]);
  assert.equal(db.transaction(() => numberSeries(db).next('order', branch, year)).immediate(), 'AMD1/SO/2026-27/C-000006');

  // 3. Stock: what was on hand is unchanged and is now the sum of the movements; the old sale movement stays.
  const stock = db.prepare('SELECT batch_no, expiry_date, on_hand FROM stock ORDER BY batch_no').all();
  assert.deepEqual(stock, [{ batch_no: '', expiry_date: null, on_hand: 7 }, { batch_no: 'B1', expiry_date: '2030-01-31', on_hand: 3 }]);
  const moves = db.prepare('SELECT id, batch_no, reason, delta, expiry_date, owner_branch_id FROM stock_movement ORDER BY id').all() as Array<Record<string, unknown>>;
  assert.deepEqual(moves.map(({ id: _id, ...m }) => m), [
    { batch_no: '', reason: 'sale', delta: -1, expiry_date: null, owner_branch_id: branch },
    { batch_no: '', reason: 'opening', delta: 8, expiry_date: null, owner_branch_id: branch },
    { batch_no: 'B1', reason: 'opening', delta: 3, expiry_date: '2030-01-31', owner_branch_id: branch },
  ]);
  assert.ok(moves.every((m) => nodeOf(m.id as number) === NODE));
  assert.ok(idSource(db, NODE).next('stock_movement') > Math.max(...moves.map((m) => m.id as number)), 'the id counter moved past the openings');

  // Credit note: its balance is its opening movement; spending from it moves it by a movement.
  const note = db.prepare('SELECT id, amount, balance FROM credit_note').get() as { id: number; amount: number; balance: number };
  assert.deepEqual([note.amount, note.balance], [50000, 20000]);
  const opening = db.prepare('SELECT id, kind, amount FROM credit_note_movement').all() as Array<{ id: number; kind: string; amount: number }>;
  assert.deepEqual(opening.map((m) => [m.kind, m.amount, nodeOf(m.id)]), [['opening', 20000, NODE]]);
  db.transaction(() => creditNotes(db).spend(note.id, 5000, { id: idSource(db, NODE).next('credit_note_movement'), branchId: branch, receiptId: null, at: 'now', userId: epochs[0]!.id })).immediate();
  assert.equal((db.prepare('SELECT balance FROM credit_note').get() as { balance: number }).balance, 15000);
  db.close();

  // The service opens the migrated store; the old order is found by its number and by its serial.
  const svc = await startTestService({ dataDir: dir });
  try {
    svc.clock.now = new Date('2026-11-21T06:00:00.000Z');
    const cashier = await svc.as('cashier');
    assert.equal((await cashier.call(api.Orders.search, { body: { salesOrderNo: '5' } })).data.map((o) => o.salesOrderNo).join(), 'AMD1/SO/2026-27/000005');
    assert.equal((await cashier.call(api.Orders.search, { body: { salesOrderNo: 'AMD1/SO/2026-27/000005' } })).totalRows, 1);
    const years = await cashier.call(api.Common.years);
    assert.equal(years.length, 1);
  } finally {
    await svc.close();
  }
});
