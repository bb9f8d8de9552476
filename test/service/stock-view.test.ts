/**
 * Seeing stock over HTTP: an item at every branch after sales at both demo branches, the ledger's
 * running balance against the sum of the movements and the counter's figure, the stock at cost on
 * a past date from receipts' unit costs, and the low-stock report from reorder levels.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import type { StockLedger } from '../../shared/models/stock.js';
import { stockMovements } from '../../main/service/store/stock-movement.js';
import { failure } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { frameAtEveryBranch, singleVisionLens } from '../helpers/items.js';
import { sellFrameAndPair } from '../helpers/sales.js';
import type { TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let suratCashier: SignedIn;
before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
  const { enc, db } = svc.server.deps;
  const srt = (db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number }).id;
  await admin.call(api.Users.create, { body: { userName: 'surat.cashier', role: 'cashier', branchIDs: [enc.encode('branch', srt)], password: 'Temporary-1' } });
  const first = await svc.as('surat.cashier', 'Temporary-1');
  await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Surat-2026-till' } });
  suratCashier = await svc.as('surat.cashier', 'Surat-2026-till');
});
after(() => svc.close());

const sumOfMovements = (itemId: number, branchId: number) =>
  (svc.server.deps.db.prepare('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?').get(itemId, branchId) as { n: number }).n;

/** Every page of the ledger, `pageSize` rows at a time. */
async function wholeLedger(who: SignedIn, query: { itemId: string; branchId?: string; order: 'newest' | 'oldest'; pageSize: number }) {
  const pages: StockLedger[] = [];
  let afterPage: string | undefined;
  do {
    const page = await who.call(api.Stock.ledger, { query: { ...query, ...(afterPage ? { after: afterPage } : {}) } });
    pages.push(page);
    afterPage = page.next ?? undefined;
  } while (afterPage);
  return { first: pages[0]!, rows: pages.flatMap((p) => p.rows) };
}

test('an item at every branch after sales at both; the ledger adds up to the movements and to the counter’s figure', async () => {
  const { enc } = svc.server.deps;
  const frame = frameAtEveryBranch(svc, 3);
  const itemId = enc.encode('item', frame.id);
  const before = await cashier.call(api.Stock.itemAtBranches, { query: { itemId } });
  assert.deepEqual(before.branches.map((b) => [b.branchCode, b.here]), [['AMD1', true], ['SRT1', false]]);
  const was = Object.fromEntries(before.branches.map((b) => [b.branchCode, b.sellable!]));

  const sold = [];
  for (const [who, times] of [[cashier, 2], [suratCashier, 1]] as const) {
    for (let i = 0; i < times; i++) {
      const { customerID } = await who.call(api.Customer.upsert, { body: { firstName: 'Stock', lastName: `Buyer${i}` } });
      sold.push(await sellFrameAndPair(svc, who, { customerID, paid: 0, frameId: frame.id }));
    }
  }
  const fromAhmedabad = await cashier.call(api.Stock.itemAtBranches, { query: { itemId } });
  const fromSurat = await suratCashier.call(api.Stock.itemAtBranches, { query: { itemId } });
  assert.deepEqual(fromAhmedabad.branches.map((b) => [b.branchCode, b.sellable]), [['AMD1', was.AMD1! - 2], ['SRT1', was.SRT1! - 1]]);
  assert.deepEqual(fromSurat.branches.map((b) => [b.branchCode, b.here, b.sellable]), [['SRT1', true, was.SRT1! - 1], ['AMD1', false, was.AMD1! - 2]]);
  for (const b of fromAhmedabad.branches) assert.equal(b.batches.reduce((s, x) => s + x.onHand, 0), b.onHand);

  for (const [who, code] of [[cashier, 'AMD1'], [suratCashier, 'SRT1']] as const) {
    const counter = (await who.call(api.QuickSale.exactItemStock, { query: { itemId } })).stock;
    assert.equal(counter, code === 'AMD1' ? was.AMD1! - 2 : was.SRT1! - 1, `the counter at ${code}`);
  }

  // The ledger at Ahmedabad, three rows a page, both ways.
  const newest = await wholeLedger(manager, { itemId, order: 'newest', pageSize: 3 });
  const oldest = await wholeLedger(manager, { itemId, order: 'oldest', pageSize: 3 });
  const total = sumOfMovements(frame.id, frame.branches.AMD1!);
  assert.equal(newest.first.onHand, total);
  assert.equal(newest.rows[0]!.balance, total, 'the newest balance is the sum of the movements');
  assert.equal(newest.first.sellable, was.AMD1! - 2);
  assert.equal(newest.rows[0]!.balance, (await cashier.call(api.QuickSale.exactItemStock, { query: { itemId } })).stock, 'and what the counter shows');
  assert.equal(oldest.rows.at(-1)!.balance, total);
  assert.deepEqual(oldest.rows.map((r) => r.movementID), newest.rows.map((r) => r.movementID).reverse());
  let running = 0;
  for (const r of oldest.rows) assert.equal(r.balance, (running += r.delta));
  assert.equal(newest.rows.filter((r) => r.reason === 'sale').length, 2);
  const sale = newest.rows[0]!;
  assert.equal(sale.document, 'sale');
  assert.equal(sale.documentNo, sold[1]!.salesOrderNo);
  assert.equal(sale.salesOrderID, sold[1]!.salesOrderID);
  assert.equal(sale.delta, -1);
  assert.equal(sale.user, 'Priya Patel');

  // Surat's ledger is for Surat's staff and head office: the Ahmedabad manager is refused, the admin reads it.
  const surat = enc.encode('branch', frame.branches.SRT1!);
  const refused = await failure(manager.call(api.Stock.ledger, { query: { itemId, branchId: surat } }), 403);
  assert.ok((refused.body as { errors: Record<string, string[]> }).errors.branchId);
  const atSurat = await admin.call(api.Stock.ledger, { query: { itemId, branchId: surat } });
  assert.equal(atSurat.rows[0]!.balance, sumOfMovements(frame.id, frame.branches.SRT1!));
  assert.equal(atSurat.rows[0]!.documentNo, sold[2]!.salesOrderNo);
  await failure(cashier.call(api.Stock.ledger, { query: { itemId } }), 403);
  const badPage = await failure(manager.call(api.Stock.ledger, { query: { itemId, after: `${atSurat.rows[0]!.movementID}.5` } }), 400);
  assert.ok((badPage.body as { errors: Record<string, string[]> }).errors.after, 'a page of another branch’s ledger');
  await failure(manager.call(api.Stock.ledger, { query: { itemId, after: 'rubbish' } }), 400);
  const size = await failure(manager.call(api.Stock.ledger, { query: { itemId, pageSize: 0 } }), 400);
  assert.ok((size.body as { errors: Record<string, string[]> }).errors.pageSize);

  // A made-to-order lens is not counted anywhere: no figures, no batches.
  const lens = await cashier.call(api.Stock.itemAtBranches, { query: { itemId: enc.encode('item', singleVisionLens(svc).id) } });
  assert.equal(lens.madeToOrder, true);
  assert.deepEqual(lens.branches.map((b) => [b.sellable, b.onHand, b.batches.length]), [[null, null, 0], [null, null, 0]]);
});

test('stock at cost on a past date: receipts’ weighted average up to that day, else the item’s cost', async () => {
  const { db, ids, enc } = svc.server.deps;
  const frame = frameAtEveryBranch(svc, 1);
  const amd = frame.branches.AMD1!;
  const day = (n: number) => new Date(svc.clock.now.getTime() - n * 86_400_000);
  const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  // Goods received on two past days, as a goods receipt records them: 4 at ₹100, then 6 at ₹150.
  const receive = (qty: number, cost: number, at: Date) =>
    stockMovements(db).add({ id: ids.next('stock_movement'), item_id: frame.id, branch_id: amd, batch_no: '', delta: qty, reason: 'receipt', at: at.toISOString(), document: 'goods_receipt', document_id: ids.next('stock_movement'), unit_cost: cost * 100 });
  receive(4, 100, day(10));
  receive(6, 150, day(5));

  const earlier = await manager.call(api.Stock.valueAtCost, { query: { date: localDay(day(12)) } });
  assert.deepEqual(earlier.lines, [], 'nothing held before the first receipt');
  const first = await manager.call(api.Stock.valueAtCost, { query: { date: localDay(day(10)) } });
  assert.deepEqual(first.lines.map((l) => [l.itemID, l.qty, l.unitCost, l.costFrom, l.value]), [[enc.encode('item', frame.id), 4, 100, 'receipts', 400]]);
  assert.equal(first.totalValue, 400);
  const second = await manager.call(api.Stock.valueAtCost, { query: { date: localDay(day(5)) } });
  assert.deepEqual(second.lines.map((l) => [l.qty, l.unitCost, l.value]), [[10, 130, 1300]], '(4 × 100 + 6 × 150) / 10');

  // Today: every item held; one without receipts at its own cost.
  const today = await manager.call(api.Stock.valueAtCost, { query: { date: localDay(svc.clock.now) } });
  const line = today.lines.find((l) => l.itemID === enc.encode('item', frame.id))!;
  assert.equal(line.qty, sumOfMovements(frame.id, amd));
  assert.equal(line.unitCost, 130);
  const other = today.lines.find((l) => l.costFrom === 'item')!;
  const cost = (db.prepare('SELECT cost FROM item WHERE id = ?').get(enc.decode('item', other.itemID)) as { cost: number }).cost;
  assert.equal(other.value, Math.round(other.qty * cost) / 100);
  assert.equal(today.totalQty, today.lines.reduce((s, l) => s + l.qty, 0));
  assert.ok(Math.abs(today.totalValue - today.lines.reduce((s, l) => s + l.value, 0)) < 0.005);

  // The report reads the kept totals (migration 040), less what moved since the date or adding up
  // what moved before it, whichever is fewer: it says what the lines add up to on every date. Goods
  // dated three days ahead make today's figure the totals less a receipt at another cost.
  receive(2, 400, day(-3));
  const todayAgain = await manager.call(api.Stock.valueAtCost, { query: { date: localDay(svc.clock.now) } });
  assert.deepEqual([todayAgain.totalQty, todayAgain.totalValue], [today.totalQty, today.totalValue], 'what comes after the day is not in it');
  for (const n of [12, 10, 7, 5, 1, 0, -3]) {
    const date = localDay(day(n));
    const lines = await manager.call(api.Stock.valueAtCost, { query: { date } });
    const shown = await manager.call(api.Reports.run, { params: { report: 'stock-value' }, query: { from: date, to: date } });
    const amdRow = shown.rows.find((r) => r.branch === lines.branchName)!;
    assert.deepEqual([amdRow.qty, amdRow.value], [lines.totalQty, lines.totalValue], `the report on ${date}`);
  }

  const bad = await failure(manager.call(api.Stock.valueAtCost, { query: { date: '31/02/2026' } }), 400);
  assert.ok((bad.body as { errors: Record<string, string[]> }).errors.date);
  await failure(cashier.call(api.Stock.valueAtCost, { query: { date: localDay(svc.clock.now) } }), 403);
});

test('low stock: watched items at or below their reorder level at the branch, with the quantity to order', async () => {
  const { db, enc } = svc.server.deps;
  const frame = frameAtEveryBranch(svc, 2);
  const itemId = enc.encode('item', frame.id);
  const here = (await manager.call(api.QuickSale.exactItemStock, { query: { itemId } })).stock!;
  const [watched, plenty] = db.prepare('SELECT id FROM item WHERE made_to_order = 0 AND id <> ? AND item_type_id = 1 ORDER BY code LIMIT 2').all(frame.id) as Array<{ id: number }>;
  db.prepare('UPDATE item SET reorder_level = ? WHERE id = ?').run(here, frame.id);
  db.prepare('UPDATE item SET reorder_level = 1000 WHERE id = ?').run(watched!.id);
  db.prepare('UPDATE item SET reorder_level = 0 WHERE id = ?').run(plenty!.id);
  const { lines } = await manager.call(api.Stock.lowStock, { query: {} });
  const byId = new Map(lines.map((l) => [l.itemID, l]));
  assert.deepEqual(byId.get(itemId) && [byId.get(itemId)!.sellable, byId.get(itemId)!.reorderLevel, byId.get(itemId)!.toOrder], [here, here, here]);
  assert.equal(byId.get(enc.encode('item', watched!.id))!.reorderLevel, 1000);
  const plentyHere = (await manager.call(api.QuickSale.exactItemStock, { query: { itemId: enc.encode('item', plenty!.id) } })).stock!;
  assert.equal(byId.has(enc.encode('item', plenty!.id)), plentyHere <= 0, 'level 0 is low only when none is left');
  for (const l of lines) assert.ok(l.sellable <= l.reorderLevel && l.toOrder === Math.max(2 * l.reorderLevel - l.sellable, 1));
  await failure(cashier.call(api.Stock.lowStock, { query: {} }), 403);
});
