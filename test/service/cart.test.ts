/** The quick-sale cart over HTTP: sessions, lines, lens pairs with Rx, edits, removal, expiry, insurance split. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { http, startTestService, type TestService, callAs } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let frame: { id: string; price: number; mrp: number };
let lens: { id: string; price: number };
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const f = db.prepare("SELECT id, sale_price, mrp FROM item WHERE item_type_id = 1 AND is_active = 1 AND sale_price < mrp ORDER BY code LIMIT 1").get() as { id: number; sale_price: number; mrp: number };
  frame = { id: enc.encode('item', f.id), price: f.sale_price / 100, mrp: f.mrp / 100 };
  const l = singleVisionLens(svc);
  lens = { id: enc.encode('item', l.id), price: l.sale_price / 100 };
});
after(() => svc.close());

const post = (path: string, body: unknown) => callAs(svc, cashier, `quickSale/${path}`, body);

test('a first line opens a cart and issues its sessionID; lines, lens pair and net amount come back', async () => {
  const first = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame.id, qty: 1 } });
  assert.match(first.sessionID, /^[0-9a-f-]{36}$/);
  const sessionID = first.sessionID;
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens.id, pairNo: 'P1', spherical: '-1.5', cylinder: '-0.5', axis: '90' } });
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: lens.id, pairNo: 'P1', spherical: '-1.75' } });
  const cart = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID, jobCharges: 100 } });
  assert.equal(cart.items.length, 3);
  assert.deepEqual(cart.items.map((i) => i.pairNo), [null, 'P1', 'P1']);
  const sum = frame.price + 2 * lens.price + 100;
  assert.equal(cart.netAmount, Math.round(sum), 'inclusive prices: the bill is the prices plus charges, rounded to the rupee');
  const rows = svc.server.deps.db.prepare('SELECT eye, sph, cyl, axis FROM cart_line WHERE session_id = ? AND pair_no = ? ORDER BY id').all(sessionID, 'P1');
  assert.deepEqual(rows, [{ eye: 'R', sph: -150, cyl: -50, axis: 90 }, { eye: 'L', sph: -175, cyl: null, axis: null }]);

  const third = await post('saveSalesOrderTemp', { sessionID, itemID: lens.id, pairNo: 'P1' });
  assert.equal(third.status, 400, 'a pair has two eyes');

  // Edit, then remove the pair as one.
  const frameLine = cart.items[0]!;
  const upd = await cashier.call(api.QuickSale.updateSalesOrderTempValues, { body: { id: frameLine.id, qty: 2, discountRate: 10 } });
  const expected = Math.round(2 * frame.price - Math.round(2 * frame.price * 10) / 100 + 2 * lens.price);
  assert.equal(upd.netAmount, expected);
  await cashier.call(api.QuickSale.deleteSalesOrderTemp, { body: { sessionID, pairNo: 'P1' } });
  const after1 = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  assert.deepEqual(after1.items.map((i) => i.id), [frameLine.id]);
  assert.equal(after1.items[0]!.qty, 2);
  assert.equal(after1.items[0]!.discountRate, 10);

  const split = await cashier.call(api.QuickSale.calculateTempGrossInsurance, { body: { sessionID, totalInsuranceAmount: 1_000_000 } });
  assert.equal(split.insuranceAmount, split.grossTotal, 'capped by the bill');
  assert.equal(split.patientAmount, 0);

  await cashier.call(api.QuickSale.deleteSalesOrderTempBySession, { body: { sessionID } });
  assert.deepEqual((await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items, []);
});

test('bad lines are refused by field: Rx, price above MRP, tampered item id, unknown session', async () => {
  const rx = await post('saveSalesOrderTemp', { itemID: lens.id, pairNo: 'X', spherical: '-1.33' });
  assert.equal(rx.status, 400);
  assert.ok((rx.json.errors as Record<string, unknown>).spherical);
  const price = await post('saveSalesOrderTemp', { itemID: frame.id, price: frame.mrp + 1 });
  assert.equal(price.status, 400);
  const tampered = await post('saveSalesOrderTemp', { itemID: frame.id.slice(0, -2) + (frame.id.endsWith('AA') ? 'BB' : 'AA') });
  assert.equal(tampered.status, 400);
  assert.ok((tampered.json.errors as Record<string, unknown>).itemID);
  const customerAsItem = await post('saveSalesOrderTemp', { itemID: svc.server.deps.enc.encode('customer', 1) });
  assert.equal(customerAsItem.status, 400);
  assert.equal((await post('GetSalesOrderTemp', { sessionId: 'nope' })).status, 404);
  assert.equal((await post('update-sales-order-temp-values', { id: 999999, qty: 1 })).status, 404);
});

test('a cart survives a restart and expires after 7 days untouched', async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame.id } });
  const again = await startTestService({ dataDir: svc.dataDir });
  try {
    const c2 = await again.as('cashier');
    const cart = await c2.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
    assert.equal(cart.items.length, 1);
  } finally {
    await again.close();
  }
  svc.clock.advance(8 * 86_400_000);
  cashier = await svc.as('cashier'); // the old token expired with the clock
  assert.equal((await post('GetSalesOrderTemp', { sessionId: sessionID })).status, 404);
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: frame.id } });
  const left = svc.server.deps.db.prepare('SELECT count(*) AS n FROM cart WHERE session_id = ?').get(sessionID) as { n: number };
  assert.equal(left.n, 0, 'the next new cart sweeps expired ones');
});

test('get-credit-notes: the customer’s notes with money left, oldest first; other customers’ never', async () => {
  const { db, ids, enc } = svc.server.deps;
  const c = db.prepare('SELECT c.id, c.company_id, c.branch_id FROM customer c ORDER BY id LIMIT 1').get() as { id: number; company_id: number; branch_id: number };
  const user = (db.prepare("SELECT id FROM app_user WHERE user_name = 'cashier'").get() as { id: number }).id;
  const year = (db.prepare('SELECT id FROM financial_year WHERE company_id = ? LIMIT 1').get(c.company_id) as { id: number }).id;
  const note = (no: string, amount: number, balance: number, day: string) => {
    const id = ids.next('credit_note');
    db.prepare(
      `INSERT INTO credit_note (id, company_id, branch_id, year_id, credit_note_no, credit_note_date, customer_id, amount, balance, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, c.company_id, c.branch_id, year, no, day, c.id, amount, balance, user, `${day}T10:00:00.000Z`);
    return id;
  };
  const older = note('AMD1/CN/2026-27/000001', 150000, 50000, '2026-05-01');
  note('AMD1/CN/2026-27/000002', 20000, 0, '2026-05-02');
  const notes = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: c.id } });
  assert.deepEqual(notes.map((n) => [n.creditNoteNo, n.amount, n.balance]), [['AMD1/CN/2026-27/000001', 1500, 500]]);
  assert.equal(enc.decode('creditNote', notes[0]!.creditNoteID), older);
  assert.deepEqual(await cashier.call(api.QuickSale.creditNotes, { query: { customerId: 1 } }), []);
  const missing = await http(`${svc.url}/api-v1/api/quickSale/get-credit-notes`, { headers: { authorization: `Bearer ${cashier.token}` } });
  assert.equal(missing.status, 400, 'customerId is required');
});
