/**
 * Stock-takes over HTTP: a count by category with a sale in the middle gives the variance against
 * the stock when each line was counted, and approval leaves the stock at book + variance (a count
 * movement per line, naming the count); an approved count is read-only; bad input is a 4xx naming
 * the field, with nothing written; a cashier counts blind; stock is always the sum of movements.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import type { StockTakeDetail } from '../../shared/models/stock-take.js';
import { failure } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { frameInStock, sellFrameAndPair } from '../helpers/sales.js';
import type { TestService } from '../helpers/service.js';
import { stockClean, stockDrift } from '../helpers/daily-totals.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let branchId: number;
before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
  branchId = (svc.server.deps.db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'manager'").get() as { branch_id: number }).branch_id;
});
after(() => svc.close());

interface Frame {
  id: number;
  enc: string;
  barcode: string;
  categoryId: number;
  batchNo: string;
}

function frame(id: number): Frame {
  const { db, enc } = svc.server.deps;
  const row = db.prepare('SELECT barcode, category_id FROM item WHERE id = ?').get(id) as { barcode: string; category_id: number };
  const batch = db.prepare('SELECT batch_no FROM stock WHERE item_id = ? AND branch_id = ? AND on_hand <> 0').all(id, branchId) as Array<{ batch_no: string }>;
  assert.equal(batch.length, 1, 'a frame is held in one batch');
  return { id, enc: enc.encode('item', id), barcode: row.barcode, categoryId: row.category_id, batchNo: batch[0]!.batch_no };
}

/** What the movements add up to, and what `stock` (kept by the trigger) says: always the same. */
function onHand(itemId: number): number {
  const { db } = svc.server.deps;
  const sum = (db.prepare('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?').get(itemId, branchId) as { n: number }).n;
  const kept = (db.prepare('SELECT coalesce(sum(on_hand), 0) AS n FROM stock WHERE item_id = ? AND branch_id = ?').get(itemId, branchId) as { n: number }).n;
  assert.equal(kept, sum, 'stock is the sum of the movements');
  return sum;
}

const countMovements = () => (svc.server.deps.db.prepare("SELECT count(*) AS n FROM stock_movement WHERE reason = 'count'").get() as { n: number }).n;
const lineOf = (take: StockTakeDetail, f: Frame) => take.lines.find((l) => l.itemId === f.enc && l.batchNo === f.batchNo)!;
const scan = (who: SignedIn, take: StockTakeDetail, barcode: string) =>
  who.call(api.StockTake.scan, { params: { stockTakeId: take.stockTakeId }, body: { barcode } });

async function newCustomer(): Promise<string> {
  return (await cashier.call(api.Customer.upsert, { body: { firstName: 'Count', lastName: `Buyer${Date.now() % 100000}` } })).customerID;
}

/** Cancels every open count, so each test starts its own on the same items. */
async function cancelOpenCounts(): Promise<void> {
  for (const t of await manager.call(api.StockTake.list, { query: { status: 'counting' } })) {
    await manager.call(api.StockTake.cancel, { params: { stockTakeId: t.stockTakeId }, body: {} });
  }
}

test('a count by category with a sale in the middle: variance against the stock when counted; approval writes book + variance', async () => {
  const { db, enc } = svc.server.deps;
  const f = frame(frameInStock(svc, 'manager', 6));
  const g = frame(
    (db.prepare(
      `SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id AND s.branch_id = ? AND s.on_hand >= 3 AND s.expiry_date IS NULL
       WHERE i.category_id = ? AND i.id <> ? AND i.is_active = 1 ORDER BY i.code LIMIT 1`,
    ).get(branchId, f.categoryId, f.id) as { id: number }).id,
  );
  const bookF = onHand(f.id);
  const bookG = onHand(g.id);

  const started = await manager.call(api.StockTake.start, { body: { scope: 'category', categoryId: enc.encode('category', f.categoryId), note: 'Monthly frames count' } });
  assert.match(started.takeNo, /\/ST\//, 'numbered from the stock-take series');
  assert.equal(started.status, 'counting');
  assert.ok(started.lines.length >= 2);
  assert.ok(started.lines.every((l) => l.counted === null && l.variance === null), 'listed, nothing counted');
  assert.equal(lineOf(started, f).book, bookF, 'an uncounted line shows what the books hold now');

  // F: one unit is missing from the shelf; the counter scans what is there (the cashier may count).
  for (let i = 0; i < bookF - 1; i++) await scan(cashier, started, f.barcode);
  // Then a sale takes one F from the shelf: the count already made is not distorted by it.
  await sellFrameAndPair(svc, cashier, { customerID: await newCustomer(), paid: 0, frameId: f.id });
  assert.equal(onHand(f.id), bookF - 1);
  // G: sold first, then counted: one over what the books hold after the sale.
  await sellFrameAndPair(svc, cashier, { customerID: await newCustomer(), paid: 0, frameId: g.id });
  await cashier.call(api.StockTake.count, { params: { stockTakeId: started.stockTakeId }, body: { itemId: g.enc, batchNo: g.batchNo, counted: bookG } });

  const blind = await cashier.call(api.StockTake.detail, { params: { stockTakeId: started.stockTakeId } });
  assert.equal(blind.blind, true, 'a cashier counts blind');
  assert.equal(lineOf(blind, f).counted, bookF - 1);
  assert.equal(lineOf(blind, f).book, null);
  assert.equal(blind.totals, null);

  const report = await manager.call(api.StockTake.detail, { params: { stockTakeId: started.stockTakeId } });
  const lf = lineOf(report, f);
  assert.deepEqual([lf.book, lf.counted, lf.variance], [bookF, bookF - 1, -1], 'F: book when counted, counted, variance');
  const lg = lineOf(report, g);
  assert.deepEqual([lg.book, lg.counted, lg.variance], [bookG - 1, bookG, 1], 'G: counted after its sale');
  const cost = (id: number) => (db.prepare('SELECT cost FROM item WHERE id = ?').get(id) as { cost: number }).cost;
  assert.equal(lf.varianceValue, -cost(f.id) / 100);
  assert.equal(report.totals!.shortageUnits, 1);
  assert.equal(report.totals!.excessUnits, 1);
  assert.equal(report.totals!.shortageValue, cost(f.id) / 100);
  assert.equal(report.totals!.excessValue, cost(g.id) / 100);

  // Lines are left uncounted: approval needs the manager's choice, and without it writes nothing.
  const before = countMovements();
  const refused = await failure(manager.call(api.StockTake.approve, { params: { stockTakeId: started.stockTakeId }, body: {} }), 400);
  assert.ok(refused.body.errors?.uncounted, 'names the uncounted choice');
  assert.equal(countMovements(), before);
  // A cashier may count but not approve.
  await failure(cashier.call(api.StockTake.approve, { params: { stockTakeId: started.stockTakeId }, body: { uncounted: 'leave' } }), 403);

  const others = report.lines.filter((l) => l.counted === null).map((l) => ({ id: enc.decode('item', l.itemId), on: onHand(enc.decode('item', l.itemId)) }));
  const approved = await manager.call(api.StockTake.approve, { params: { stockTakeId: started.stockTakeId }, body: { uncounted: 'leave' } });
  assert.equal(approved.status, 'approved');
  assert.equal(approved.uncounted, 'leave');
  assert.equal(onHand(f.id), bookF - 2, 'F: the book after the sale, less the one found missing');
  assert.equal(onHand(g.id), bookG, 'G: the book after its sale, plus the one found over');
  for (const o of others) assert.equal(onHand(o.id), o.on, 'uncounted lines left as they were');
  const moves = db.prepare("SELECT item_id, delta, document, document_id, unit_cost FROM stock_movement WHERE reason = 'count' AND document_id = ? ORDER BY delta").all(enc.decode('stockTake', approved.stockTakeId)) as Array<{ item_id: number; delta: number; document: string; unit_cost: number }>;
  assert.deepEqual(moves.map((m) => [m.item_id, m.delta, m.document, m.unit_cost]), [[f.id, -1, 'stock_take', cost(f.id)], [g.id, 1, 'stock_take', cost(g.id)]]);

  // Approved is read-only: every change is a 409 naming the count, and nothing moves.
  const after = countMovements();
  for (const call of [
    scan(manager, approved, f.barcode),
    manager.call(api.StockTake.count, { params: { stockTakeId: approved.stockTakeId }, body: { itemId: f.enc, batchNo: f.batchNo, counted: 3 } }),
    manager.call(api.StockTake.approve, { params: { stockTakeId: approved.stockTakeId }, body: { uncounted: 'zero' } }),
    manager.call(api.StockTake.cancel, { params: { stockTakeId: approved.stockTakeId }, body: {} }),
  ]) {
    const closed = await failure(call, 409);
    assert.equal(closed.body.code, 'STOCK_TAKE_CLOSED');
    assert.ok(closed.body.message.includes(approved.takeNo), closed.body.message);
  }
  assert.equal(countMovements(), after);
  assert.equal(onHand(f.id), bookF - 2);
  // Below the rule, the file itself refuses a change to a closed count's lines.
  assert.throws(() => db.prepare('UPDATE stock_take_line SET counted = 99 WHERE stock_take_id = ?').run(enc.decode('stockTake', approved.stockTakeId)), /closed/);

  // The variance report prints.
  const pdf = await manager.raw(api.StockTake.report, { params: { stockTakeId: approved.stockTakeId }, query: { format: 'pdf' } });
  assert.equal(pdf.contentType, 'application/pdf');
  assert.equal(Buffer.from(pdf.bytes.slice(0, 5)).toString(), '%PDF-');
  const html = new TextDecoder().decode((await manager.raw(api.StockTake.report, { params: { stockTakeId: approved.stockTakeId }, query: { format: 'html' } })).bytes);
  assert.ok(html.includes(approved.takeNo) && html.includes('Shortage'), 'the HTML report names the count and its shortage');
});

test('uncounted lines counted as none: each goes to zero from what the books hold at approval', async () => {
  await cancelOpenCounts();
  const { db } = svc.server.deps;
  const brand = db.prepare(
    `SELECT b.name FROM brand b JOIN item i ON i.brand_id = b.id JOIN stock s ON s.item_id = i.id AND s.branch_id = ? AND s.on_hand > 0
     WHERE i.made_to_order = 0 GROUP BY b.id HAVING count(DISTINCT i.id) BETWEEN 2 AND 40 ORDER BY b.name LIMIT 1`,
  ).get(branchId) as { name: string };
  const take = await manager.call(api.StockTake.start, { body: { scope: 'brand', brand: brand.name } });
  assert.equal(take.scopeName, brand.name);
  const [first, ...rest] = take.lines;
  await manager.call(api.StockTake.count, { params: { stockTakeId: take.stockTakeId }, body: { itemId: first!.itemId, batchNo: first!.batchNo, counted: first!.book } });
  const approved = await manager.call(api.StockTake.approve, { params: { stockTakeId: take.stockTakeId }, body: { uncounted: 'zero' } });
  assert.equal(approved.totals!.uncounted, 0);
  const { enc } = svc.server.deps;
  for (const l of rest) {
    const sum = (db.prepare('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ? AND batch_no = ?').get(enc.decode('item', l.itemId), branchId, l.batchNo) as { n: number }).n;
    assert.equal(sum, 0, `${l.name} ${l.batchNo} counted as none`);
  }
  const line = approved.lines.find((l) => l.itemId === first!.itemId && l.batchNo === first!.batchNo)!;
  assert.equal(line.variance, 0, 'counted as the books said: no movement');
  // Two approved counts' adjustments and the sales between: the stock totals (migration 040) equal a recount.
  assert.deepEqual(stockDrift(db), stockClean);
});

test('bad input is a 4xx naming the field, and nothing is written', async () => {
  await cancelOpenCounts();
  const { db, enc } = svc.server.deps;
  const f = frame(frameInStock(svc, 'manager', 2));
  const take = await manager.call(api.StockTake.start, { body: { scope: 'category', categoryId: enc.encode('category', f.categoryId) } });
  const lines = () => (db.prepare('SELECT count(*) AS n FROM stock_take_line WHERE counted IS NOT NULL').get() as { n: number }).n;
  const counted = lines();
  const takes = (db.prepare('SELECT count(*) AS n FROM stock_take').get() as { n: number }).n;

  const negative = await failure(manager.call(api.StockTake.count, { params: { stockTakeId: take.stockTakeId }, body: { itemId: f.enc, batchNo: f.batchNo, counted: -1 } }), 400);
  assert.deepEqual(Object.keys(negative.body.errors ?? {}), ['counted']);
  const unknown = await failure(scan(manager, take, '0000000000000'), 400);
  assert.equal(unknown.body.code, 'UNKNOWN_BARCODE');
  assert.deepEqual(Object.keys(unknown.body.errors ?? {}), ['barcode']);
  const outside = db.prepare(
    `SELECT i.barcode FROM item i JOIN stock s ON s.item_id = i.id AND s.branch_id = ? AND s.on_hand > 0
     WHERE i.category_id <> ? AND i.barcode IS NOT NULL AND i.made_to_order = 0 LIMIT 1`,
  ).get(branchId, f.categoryId) as { barcode: string };
  const notInScope = await failure(scan(manager, take, outside.barcode), 400);
  assert.equal(notInScope.body.code, 'NOT_IN_COUNT');
  assert.ok(notInScope.body.errors?.barcode);
  const noScope = await failure(manager.call(api.StockTake.start, { body: {} }), 400);
  assert.ok(noScope.body.errors?.scope);
  const noBrand = await failure(manager.call(api.StockTake.start, { body: { scope: 'brand', brand: 'No Such Brand' } }), 400);
  assert.ok(noBrand.body.errors?.brand);
  const badId = await failure(manager.call(api.StockTake.detail, { params: { stockTakeId: 'ENC_nonsense' } }), 400);
  assert.ok(badId.body.errors?.stockTakeId);
  // The same items cannot be in two open counts.
  const twice = await failure(manager.call(api.StockTake.start, { body: { scope: 'category', categoryId: enc.encode('category', f.categoryId) } }), 409);
  assert.equal(twice.body.code, 'IN_ANOTHER_COUNT');
  // A cashier cannot start a count.
  await failure(cashier.call(api.StockTake.start, { body: { scope: 'shelf', shelf: 'Showcase 1' } }), 403);

  // Another branch's count: its manager starts it; nobody here may count on it.
  const home = (await manager.call(api.Account.userDetails, {})).branchID;
  const other = enc.encode('branch', (db.prepare('SELECT id FROM branch WHERE id <> ? ORDER BY id LIMIT 1').get(branchId) as { id: number }).id);
  assert.notEqual(other, home);
  await admin.call(api.Users.create, { body: { userName: 'farmanager', role: 'manager', branchIDs: [other], password: 'Temporary-1' } });
  const first = await svc.as('farmanager', 'Temporary-1');
  await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Far-Manager-2026' } });
  const far = await svc.as('farmanager', 'Far-Manager-2026');
  const theirs = await far.call(api.StockTake.start, { body: { scope: 'shelf', shelf: 'Window' } });
  const foreign = await failure(scan(manager, theirs, f.barcode), 403);
  assert.ok(foreign.body.errors?.stockTakeId, 'names the count');
  assert.ok(foreign.body.message.includes(theirs.takeNo));
  assert.equal((await far.call(api.StockTake.detail, { params: { stockTakeId: theirs.stockTakeId } })).lines.length, 0, 'nothing was added to it');
  assert.ok(!(await manager.call(api.StockTake.list, { query: {} })).some((t) => t.stockTakeId === theirs.stockTakeId), 'not listed at this branch');

  assert.equal(lines(), counted, 'no count was written');
  assert.equal((db.prepare('SELECT count(*) AS n FROM stock_take').get() as { n: number }).n, takes + 1, 'only the other branch’s count was started');
});

test('a shelf count takes any stocked item scanned there; a batched item needs its batch; cancel writes nothing', async () => {
  await cancelOpenCounts();
  const { db } = svc.server.deps;
  const take = await manager.call(api.StockTake.start, { body: { scope: 'shelf', shelf: 'Contact lens drawer' } });
  assert.equal(take.lines.length, 0, 'a shelf lists nothing: its lines are what is scanned');
  const batched = db.prepare(
    `SELECT i.id, i.barcode FROM item i JOIN stock s ON s.item_id = i.id AND s.branch_id = ? AND s.on_hand > 0
     WHERE i.barcode IS NOT NULL AND i.made_to_order = 0 GROUP BY i.id HAVING count(*) >= 2 LIMIT 1`,
  ).get(branchId) as { id: number; barcode: string };
  const which = await failure(scan(manager, take, batched.barcode), 400);
  assert.equal(which.body.code, 'BATCH_REQUIRED');
  assert.ok(which.body.errors?.batchNo);
  const batch = (db.prepare('SELECT batch_no FROM stock WHERE item_id = ? AND branch_id = ? AND on_hand > 0 ORDER BY batch_no LIMIT 1').get(batched.id, branchId) as { batch_no: string }).batch_no;
  const scanned = await manager.call(api.StockTake.scan, { params: { stockTakeId: take.stockTakeId }, body: { barcode: batched.barcode, batchNo: batch } });
  assert.equal(scanned.lines.length, 1);
  assert.deepEqual([scanned.lines[0]!.batchNo, scanned.lines[0]!.counted, scanned.lines[0]!.listed], [batch, 1, false]);
  // A batch the books do not have: added with the expiry stated; a date that is none is refused.
  const badDate = await failure(manager.call(api.StockTake.scan, { params: { stockTakeId: take.stockTakeId }, body: { barcode: batched.barcode, batchNo: 'FOUND-1', expiryDate: '2027-02-30' } }), 400);
  assert.ok(badDate.body.errors?.expiryDate);
  const found = await manager.call(api.StockTake.scan, { params: { stockTakeId: take.stockTakeId }, body: { barcode: batched.barcode, batchNo: 'FOUND-1', expiryDate: '2027-05-31' } });
  assert.deepEqual(found.lines.map((l) => [l.batchNo, l.expiryDate, l.counted, l.book]).sort(), [[batch, scanned.lines[0]!.expiryDate, 1, scanned.lines[0]!.book], ['FOUND-1', '2027-05-31', 1, 0]].sort());
  const moves = (db.prepare('SELECT count(*) AS n FROM stock_movement').get() as { n: number }).n;
  const cancelled = await manager.call(api.StockTake.cancel, { params: { stockTakeId: take.stockTakeId }, body: {} });
  assert.equal(cancelled.status, 'cancelled');
  assert.equal((db.prepare('SELECT count(*) AS n FROM stock_movement').get() as { n: number }).n, moves, 'a cancelled count writes no movement');
  await failure(scan(manager, cancelled, batched.barcode), 409);
  assert.ok((await manager.call(api.StockTake.list, { query: {} })).some((t) => t.stockTakeId === take.stockTakeId && t.status === 'cancelled'));
});
