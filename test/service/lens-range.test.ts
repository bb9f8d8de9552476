/**
 * Issue 11: a lens pair whose Rx the lens cannot be made in is refused when it is added, naming the
 * eye and the field; a multifocal design needs ADD; the same on SaveSale's listed lines.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { callAs, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let single: { id: string; from: number; to: number; cyl: number };
let progressive: string;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const sv = db.prepare(
    `SELECT i.id, i.power_from, i.power_to, i.cyl_to FROM item i JOIN category c ON c.id = i.category_id
     WHERE i.item_type_id = 3 AND c.name = 'Single Vision' AND i.power_from IS NOT NULL ORDER BY i.code LIMIT 1`,
  ).get() as { id: number; power_from: number; power_to: number; cyl_to: number };
  single = { id: enc.encode('item', sv.id), from: sv.power_from, to: sv.power_to, cyl: sv.cyl_to };
  const pr = db.prepare(
    `SELECT i.id FROM item i JOIN category c ON c.id = i.category_id WHERE i.item_type_id = 3 AND c.name = 'Progressive' ORDER BY i.code LIMIT 1`,
  ).get() as { id: number };
  progressive = enc.encode('item', pr.id);
});
after(() => svc.close());

const add = (body: Record<string, unknown>) => callAs(svc, cashier, 'quickSale/saveSalesOrderTemp', body);
const count = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM cart_line').get() as { n: number }).n;
const d = (h: number) => `${h > 0 ? '+' : h < 0 ? '−' : ''}${(Math.abs(h) / 100).toFixed(2)}`;

test('SPH −20 on a lens made for its range is refused naming the eye and the field; nothing is added', async () => {
  const before = count();
  const res = await add({ itemID: single.id, pairNo: 'P1', spherical: '-20' });
  assert.equal(res.status, 400);
  assert.deepEqual((res.json.errors as Record<string, string[]>).spherical, [`Right SPH −20.00 is outside this lens’s ${d(single.from)} to ${d(single.to)}`]);
  assert.equal(count(), before);
  // The left eye of a pair says Left.
  const right = await add({ itemID: single.id, pairNo: 'P2', spherical: '-1.00' });
  assert.equal(right.status, 200);
  const left = await add({ sessionID: right.json.sessionID, itemID: single.id, pairNo: 'P2', spherical: '-1.00', cylinder: String(-(single.cyl / 100) - 2), axis: '90' });
  assert.equal(left.status, 400);
  assert.match(String((left.json.errors as Record<string, string[]>).cylinder), /^Left CYL .* is beyond this lens’s ±/);
});

test('a progressive lens with Rx but no ADD is refused; with an ADD in its range it is taken', async () => {
  const none = await add({ itemID: progressive, pairNo: 'P1', spherical: '-1.00' });
  assert.equal(none.status, 400);
  assert.match(String((none.json.errors as Record<string, string[]>).addition), /^Right ADD is needed for this multifocal lens \(\+0\.75 to \+3\.50\)/);
  const far = await add({ itemID: progressive, pairNo: 'P1', spherical: '-1.00', addition: '4.00' });
  assert.equal(far.status, 400);
  const ok = await add({ itemID: progressive, pairNo: 'P1', spherical: '-1.00', addition: '2.00' });
  assert.equal(ok.status, 200, ok.text);
});

test('SaveSale’s listed lines are held to the same range', async () => {
  const customerID = (await callAs(svc, cashier, 'Customer/upsert', { firstName: 'Range', lastName: 'Listed' })).json.customerID;
  const res = await callAs(svc, cashier, 'quickSale/SaveSale', {
    sessionID: 'range-listed-1',
    salesorderModel: { sessionId: 'range-listed-1', customerId: customerID, salesOrderDetailList: [{ itemId: single.id, qty: 1, pairNo: 'P1', spherical: '-25' }] },
    allowZeroAmountReceiptInQuickSale: true,
  });
  assert.equal(res.status, 400);
  assert.match(String((res.json.errors as Record<string, string[]>)['salesorderModel.salesOrderDetailList.0.spherical']), /Right SPH −25\.00 is outside/);
});

test('salesorderModel’s per-eye fitting heights fill the pair’s lines that have none; a wrong one is refused naming the field', async () => {
  const { db } = svc.server.deps;
  const customerID = (await callAs(svc, cashier, 'Customer/upsert', { firstName: 'Fitting', lastName: 'Heights' })).json.customerID;
  const right = await add({ itemID: single.id, pairNo: 'P1', spherical: '-1.00' });
  const sessionID = String(right.json.sessionID);
  await add({ sessionID, itemID: single.id, pairNo: 'P1', spherical: '-1.25', lensFittingHeight: 18 });
  const sale = (extra: Record<string, unknown>) =>
    callAs(svc, cashier, 'quickSale/SaveSale', {
      sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID, ...extra }, allowZeroAmountReceiptInQuickSale: true,
    });
  const bad = await sale({ rightLensFittingHeight: 55 });
  assert.equal(bad.status, 400);
  assert.ok((bad.json.errors as Record<string, unknown>)['salesorderModel.rightLensFittingHeight']);
  const ok = await sale({ rightLensFittingHeight: 20, leftLensFittingHeight: 19.5 });
  assert.equal(ok.status, 200, ok.text);
  const heights = db.prepare(
    'SELECT l.eye, l.fitting_height FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id WHERE o.order_no = ? ORDER BY l.line_no',
  ).all(ok.json.salesOrderNo) as { eye: string; fitting_height: number }[];
  assert.deepEqual(heights.map((h) => [h.eye, h.fitting_height]), [['R', 20], ['L', 18]], 'the left line’s own 18 mm wins over the order’s 19.5');
});
