/**
 * Syncable data (issue 15, "First make the data syncable"): a financial year is the company's,
 * numbers are per till, and stock and credit-note balances are the sums of their movements.
 * Two tills of one company are two real store files: the second a copy of the first (as joining
 * gives a PC the company's data) with its own node and till code.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { closeDatabase, openDatabase } from '../../main/service/db/database.js';
import { nodeOf } from '../../main/service/ids/id-source.js';
import { yearId } from '../../main/service/store/financial-year.js';
import { defaultTillCode, tillCodeOf } from '../../main/service/store/installation.js';
import { settings } from '../../main/service/store/setting.js';
import { demoStore } from '../../main/service/setup/demo-store.js';
import { setupStore } from '../../main/service/setup/setup-store.js';
import { DEMO_FILE } from '../../main/service/store-file.js';
import { failure } from '../helpers/customers.js';
import { frameInStock, makeSale, sellFrameAndPair } from '../helpers/sales.js';
import { singleVisionLens } from '../helpers/items.js';
import { startTestService, type TestService } from '../helpers/service.js';

const NEXT_YEAR_DAY = new Date('2027-06-01T06:00:00.000Z');
let root: string;
let one: TestService;
let two: TestService;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-syncable-'));
  const first = await startTestService({ dataDir: path.join(root, 'till-1') });
  await first.close();
  cpSync(path.join(root, 'till-1'), path.join(root, 'till-2'), { recursive: true });
  // The second PC of the same company and branch: node 2, till code 2.
  const db = openDatabase(path.join(root, 'till-2', DEMO_FILE));
  settings(db).set('node', '2');
  settings(db).set('till_code', '2');
  closeDatabase(db);
  one = await startTestService({ dataDir: path.join(root, 'till-1') });
  two = await startTestService({ dataDir: path.join(root, 'till-2') });
});
after(async () => {
  await one?.close();
  await two?.close();
  rmSync(root, { recursive: true, force: true });
});

const row = (svc: TestService, sql: string, ...params: unknown[]) => svc.server.deps.db.prepare(sql).get(...params) as Record<string, unknown>;
const rows = (svc: TestService, sql: string, ...params: unknown[]) => svc.server.deps.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;

test('two tills of one company open 2027-28 offline: the same id and the same row, out of every node’s id range', async () => {
  for (const svc of [one, two]) svc.clock.now = NEXT_YEAR_DAY;
  await one.as('cashier');
  await two.as('cashier');
  const year = (svc: TestService) => row(svc, "SELECT * FROM financial_year WHERE start_date = '2027-04-01'");
  assert.deepEqual(year(two), year(one));
  const y = year(one);
  assert.deepEqual([y.name, y.end_date], ['2027-28', '2028-03-31']);
  assert.equal(y.id, yearId(y.company_id as number, '2027-04-01'));
  assert.ok((y.id as number) < 2 ** 32 && nodeOf(y.id as number) === 0, 'node 0: no node-based id can be it');
  assert.equal(String(y.id).slice(-4), '2027');
  // The current year, made at setup, follows the same rule.
  for (const r of rows(one, 'SELECT id, company_id, start_date FROM financial_year')) assert.equal(r.id, yearId(r.company_id as number, r.start_date as string));
});

test('two tills of one branch selling offline issue different numbers: the till code is in each, the serial still finds the order', async () => {
  const [c1, c2] = [await one.as('cashier'), await two.as('cashier')];
  const a = await makeSale(one, c1, { paid: 'all' });
  const b = await makeSale(two, c2, { paid: 'all' });
  assert.match(a.salesOrderNo, /^[A-Z0-9]+\/SO\/2027-28\/1-000001$/);
  assert.match(b.salesOrderNo, /^[A-Z0-9]+\/SO\/2027-28\/2-000001$/);
  assert.match(a.receiptNo!, /\/RC\/2027-28\/1-000001$/);
  assert.match(b.receiptNo!, /\/RC\/2027-28\/2-000001$/);
  const inv1 = await c1.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: a.salesOrderID } });
  const inv2 = await c2.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: b.salesOrderID } });
  for (const [inv, till] of [[inv1, '1'], [inv2, '2']] as const) {
    assert.match(inv.invoiceNo!, new RegExp(`^[A-Z0-9]+/27/${till}-0*1$`));
    assert.ok(inv.invoiceNo!.length <= 16 && /^[A-Za-z0-9/-]+$/.test(inv.invoiceNo!), inv.invoiceNo!);
  }
  assert.notEqual(inv1.invoiceNo, inv2.invoiceNo);
  // The series rows are per till: each node holds its own, keyed by its till code.
  const year = yearId(row(one, 'SELECT id FROM company LIMIT 1').id as number, '2027-04-01');
  const series = (svc: TestService) => rows(svc, "SELECT till_code, next FROM number_series WHERE kind = 'order' AND year_id = ? ORDER BY till_code", year);
  assert.deepEqual(series(one), [{ till_code: '1', next: 2 }]);
  assert.deepEqual(series(two), [{ till_code: '2', next: 2 }]);
  // Orders/search: "1" is the serial a cashier reads out, whichever till issued it.
  const found = await c1.call(api.Orders.search, { body: { salesOrderNo: '1' } });
  assert.ok(found.data.some((o) => o.salesOrderNo === a.salesOrderNo), 'found by its serial');
  const exact = await c2.call(api.Orders.search, { body: { salesOrderNo: b.salesOrderNo } });
  assert.equal(exact.totalRows, 1);
});

test('the till code: the node in base 36 unless setup gives one; 1 to 3 letters or digits', () => {
  assert.deepEqual([1, 9, 10, 35, 36, 46655].map(defaultTillCode), ['1', '9', 'A', 'Z', '10', 'ZZZ']);
  assert.throws(() => defaultTillCode(46656), /--till-code/);
  assert.equal(tillCodeOf(' b2 '), 'B2');
  for (const bad of ['', 'ABCD', 'A-1', 'é']) assert.throws(() => tillCodeOf(bad), /1 to 3 letters or digits/);
  assert.equal(row(one, "SELECT value FROM setting WHERE key = 'till_code'").value, '1');
});

test('setup --till-code: stored as given (upper case), refused before anything is written when it is not one', async () => {
  const made = await setupStore(path.join(root, 'setup-b2'), demoStore, 5, new Date(), 'b2');
  const db = openDatabase(made);
  try {
    assert.deepEqual([settings(db).get('node'), settings(db).get('till_code')], ['5', 'B2']);
  } finally {
    closeDatabase(db);
  }
  await assert.rejects(setupStore(path.join(root, 'setup-bad'), demoStore, 6, new Date(), 'ABCD'), /1 to 3 letters or digits/);
  assert.equal(existsSync(path.join(root, 'setup-bad', 'store.sqlite')), false);
});

/** Every batch's on hand is what its movements add up to. */
function stockAddsUp(svc: TestService) {
  const off = rows(
    svc,
    `SELECT s.item_id, s.batch_no, s.on_hand, (SELECT coalesce(sum(delta), 0) FROM stock_movement m
       WHERE m.item_id = s.item_id AND m.branch_id = s.branch_id AND m.batch_no = s.batch_no) AS moved
     FROM stock s WHERE s.on_hand <> moved`,
  );
  assert.deepEqual(off, [], 'stock is the sum of its movements');
  assert.equal(row(svc, 'SELECT count(*) AS n FROM stock').n !== 0, true);
}

test('stock moves only by movements: a sale and its cancel, each the branch’s and the node’s; the shelf is their sum', async () => {
  const [cashier, manager] = [await two.as('cashier'), await two.as('manager')];
  stockAddsUp(two);
  const frameId = frameInStock(two, 'cashier', 2);
  const onHand = () => row(two, 'SELECT sum(on_hand) AS n FROM stock WHERE item_id = ? AND branch_id = (SELECT branch_id FROM app_user WHERE user_name = ?)', frameId, 'cashier').n as number;
  const before = onHand();
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Moved', lastName: 'Stock', mobile: '9876512345' } })).customerID;
  const sale = await sellFrameAndPair(two, cashier, { customerID, paid: 100, frameId });
  assert.equal(onHand(), before - 1);
  const taken = rows(two, 'SELECT * FROM stock_movement WHERE sales_order_id = ?', sale.rowId);
  assert.equal(taken.length, 1);
  const m = taken[0]!;
  assert.deepEqual([m.reason, m.delta, m.owner_branch_id === m.branch_id, nodeOf(m.id as number)], ['sale', -1, true, 2]);
  assert.ok(m.created_by);
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 2 } });
  assert.equal(onHand(), before);
  assert.deepEqual(rows(two, 'SELECT reason, delta FROM stock_movement WHERE sales_order_id = ? ORDER BY id', sale.rowId), [{ reason: 'sale', delta: -1 }, { reason: 'cancel', delta: 1 }]);
  stockAddsUp(two);
});

test('a movement made elsewhere (a pulled one) moves the shelf in the same write; movements are never changed or deleted', () => {
  const { db } = one.server.deps;
  const item = frameInStock(one, 'cashier', 1);
  const branch = row(one, "SELECT branch_id FROM app_user WHERE user_name = 'cashier'").branch_id as number;
  const at = '2027-06-01T07:00:00.000Z';
  const nodeSeven = 7 * 2 ** 32 + 1;
  // Goods received into a new batch at node 7, then a stock-take there finding one short.
  db.prepare(
    `INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, expiry_date, owner_branch_id) VALUES (?, ?, ?, 'PULLED-1', 6, 'receipt', ?, '2030-01-31', ?)`,
  ).run(nodeSeven, item, branch, at, branch);
  db.prepare(
    `INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, expiry_date, owner_branch_id) VALUES (?, ?, ?, 'PULLED-1', -1, 'count', ?, '2030-02-28', ?)`,
  ).run(nodeSeven + 1, item, branch, at, branch);
  assert.deepEqual(row(one, "SELECT on_hand, expiry_date FROM stock WHERE item_id = ? AND branch_id = ? AND batch_no = 'PULLED-1'", item, branch), { on_hand: 5, expiry_date: '2030-02-28' });
  assert.throws(() => db.prepare('UPDATE stock_movement SET delta = 60 WHERE id = ?').run(nodeSeven), /facts/);
  assert.throws(() => db.prepare('DELETE FROM stock_movement WHERE id = ?').run(nodeSeven), /facts/);
  assert.throws(() => db.prepare(`INSERT INTO stock_movement (id, item_id, branch_id, batch_no, delta, reason, at, owner_branch_id) VALUES (?, ?, ?, '', 1, 'gift', ?, ?)`).run(nodeSeven + 2, item, branch, at, branch), /CHECK/);
  // The journal carries the movement, not the derived shelf.
  assert.ok(row(one, "SELECT count(*) AS n FROM journal WHERE tbl = 'stock_movement' AND row_id = ?", nodeSeven).n === 1);
  assert.equal(row(one, "SELECT count(*) AS n FROM journal WHERE tbl = 'stock'").n, 0);
  stockAddsUp(one);
});

test('a credit note’s balance is the sum of its movements: issue, spend, refund; the answers are as before', async () => {
  const [cashier, manager] = [await one.as('cashier'), await one.as('manager')];
  const { db, enc } = one.server.deps;
  const frameId = frameInStock(one, 'cashier', 1);
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Noted', lastName: 'Movements', mobile: '9876512346' } })).customerID;
  const first = await sellFrameAndPair(one, cashier, { customerID, paid: 300, frameId });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: first.salesOrderID }, body: { receiptStatusId: 4 } });
  const customerRowId = enc.decode('customer', customerID);
  const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRowId } });
  assert.equal(note!.balance, 300);
  assert.match(note!.creditNoteNo, /\/CN\/2027-28\/1-000001$/);
  const noteId = enc.decode('creditNote', note!.creditNoteID);
  const movements = () => rows(one, 'SELECT kind, amount, receipt_id IS NOT NULL AS has_receipt, branch_id FROM credit_note_movement WHERE credit_note_id = ? ORDER BY id', noteId);
  assert.deepEqual(movements().map((m) => [m.kind, m.amount]), [['issue', 30000]]);

  // Spend 120 on a lens.
  const lens = enc.encode('item', singleVisionLens(one).id);
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens } });
  const over = await failure(
    cashier.call(api.QuickSale.saveSale, { body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 5), creditNoteID: note!.creditNoteID, amount: 300.01 } } }),
    400,
  );
  assert.match(String((over.body as { errors: Record<string, string[]> }).errors['receiptModel.creditNoteID']), /300\.00 left/);
  assert.deepEqual(movements().length, 1, 'a refused sale writes no movement');
  const spent = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 5), creditNoteID: note!.creditNoteID, amount: 120 } },
  });
  assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRowId } }))[0]!.balance, 180);
  assert.deepEqual(movements().map((m) => [m.kind, m.amount, m.has_receipt]), [['issue', 30000, 1], ['spend', -12000, 1]]);

  // Cancelling the order that spent it puts the money back on the note: a refund movement.
  await manager.call(api.Orders.cancel, { params: { salesOrderId: spent.salesOrderID }, body: { receiptStatusId: 3 } });
  assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRowId } }))[0]!.balance, 300);
  assert.deepEqual(movements().map((m) => [m.kind, m.amount]), [['issue', 30000], ['spend', -12000], ['refund', 12000]]);

  // A movement pulled from another node moves the balance in the same write; the journal carries
  // the movements, not the balance.
  db.prepare("INSERT INTO credit_note_movement (id, credit_note_id, branch_id, kind, amount, at) VALUES (?, ?, ?, 'spend', -5000, '2027-06-01T08:00:00.000Z')").run(
    9 * 2 ** 32 + 1, noteId, row(one, 'SELECT branch_id FROM credit_note WHERE id = ?', noteId).branch_id,
  );
  assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRowId } }))[0]!.balance, 250);
  const sums = rows(one, 'SELECT n.id FROM credit_note n WHERE n.balance <> (SELECT coalesce(sum(amount), 0) FROM credit_note_movement m WHERE m.credit_note_id = n.id)');
  assert.deepEqual(sums, [], 'every note’s balance is the sum of its movements');
  const journaled = rows(one, "SELECT new_values FROM journal WHERE tbl = 'credit_note' AND row_id = ? AND op = 'update'", noteId);
  assert.ok(journaled.every((e) => !('balance' in (JSON.parse(e.new_values as string) as object))), 'balance changes are not journaled as note updates');
  const branch = row(one, 'SELECT branch_id FROM credit_note WHERE id = ?', noteId).branch_id;
  assert.throws(() => db.prepare("INSERT INTO credit_note_movement (id, credit_note_id, branch_id, kind, amount, at) VALUES (?, ?, ?, 'spend', 10, 'x')").run(9 * 2 ** 32 + 2, noteId, branch), /CHECK/);
  assert.throws(() => db.prepare('DELETE FROM credit_note_movement WHERE credit_note_id = ?').run(noteId), /facts/);
  // Spending more than is left is refused by the note's own check, pulled or not.
  assert.throws(
    () => db.prepare("INSERT INTO credit_note_movement (id, credit_note_id, branch_id, kind, amount, at) VALUES (?, ?, ?, 'spend', -999999, 'x')").run(9 * 2 ** 32 + 3, noteId, branch),
    /CHECK/,
  );
});
