/** SaveSale over HTTP: one transaction from cart to order, receipt, stock, lab order and recall; all or nothing; once per cart. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { type TestService, callAs } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let frameId: number;
let lensId: number;
let customerID: string;
let cash: string;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const branch = (db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number }).branch_id;
  frameId = (db.prepare(
    'SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ? AND s.on_hand >= 5 AND s.expiry_date IS NULL ORDER BY i.code LIMIT 1',
  ).get(branch) as { id: number }).id;
  lensId = singleVisionLens(svc).id;
  const c = await cashier.call(api.Customer.upsert, { body: { firstName: 'Asha', lastName: 'Patel', mobile: '9876501234' } });
  customerID = c.customerID;
  cash = enc.encode('paymentKind', 1);
});
after(() => svc.close());

const enc = (entity: 'item', id: number) => svc.server.deps.enc.encode(entity, id);
const onHand = (itemId: number) =>
  (svc.server.deps.db.prepare('SELECT coalesce(sum(on_hand), 0) AS n FROM stock WHERE item_id = ?').get(itemId) as { n: number }).n;
const count = (table: string) => (svc.server.deps.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const post = (path: string, body: unknown) => callAs(svc, cashier, `quickSale/${path}`, body);

async function cartWithFrameAndPair(): Promise<string> {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc('item', frameId) } });
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: enc('item', lensId), pairNo: 'P1', spherical: '-1.5', cylinder: '-0.5', axis: '90' } });
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: enc('item', lensId), pairNo: 'P1', spherical: '-1.75' } });
  return sessionID;
}

const sale = (sessionID: string, paid: number) => ({
  sessionID,
  salesorderModel: { sessionId: sessionID, customerId: customerID, jobCharges: 50 },
  receiptModel: { receiptTypeId: cash, amount: paid },
});

test('a frame and a lens pair with part payment: order, lines with Rx, receipt, stock down, lab order, recall, cart emptied', async () => {
  const sessionID = await cartWithFrameAndPair();
  const frameBefore = onHand(frameId);
  const answer = await cashier.call(api.QuickSale.saveSale, { body: sale(sessionID, 500) });
  assert.match(answer.salesOrderNo, /\/SO\/\d{4}-\d{2}\/1-000001$/);
  assert.match(answer.receiptNo!, /\/RC\/\d{4}-\d{2}\/1-000001$/);
  const { db } = svc.server.deps;
  const order = db.prepare('SELECT * FROM sales_order WHERE order_no = ?').get(answer.salesOrderNo) as Record<string, number>;
  // ₹50 of job charges with 18 % GST inside: ₹42.37 taxable + ₹7.63 GST (issue 11).
  assert.deepEqual([order.job_charges, order.service_tax], [4237, 763]);
  assert.equal(order.net_amount! % 100, 0, 'rounded to the rupee');
  const lines = db.prepare('SELECT eye, sph, cyl, axis, stock_counted, is_ordered FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no').all(order.id);
  assert.deepEqual(lines, [
    { eye: null, sph: null, cyl: null, axis: null, stock_counted: 1, is_ordered: 0 },
    { eye: 'R', sph: -150, cyl: -50, axis: 90, stock_counted: 0, is_ordered: 1 },
    { eye: 'L', sph: -175, cyl: null, axis: null, stock_counted: 0, is_ordered: 1 },
  ]);
  const receipt = db.prepare('SELECT amount, payment_kind_id, sales_order_id FROM receipt WHERE receipt_no = ?').get(answer.receiptNo);
  assert.deepEqual(receipt, { amount: 50000, payment_kind_id: 1, sales_order_id: order.id });
  assert.equal(onHand(frameId), frameBefore - 1);
  assert.deepEqual(db.prepare('SELECT delta, reason FROM stock_movement WHERE sales_order_id = ?').all(order.id), [{ delta: -1, reason: 'sale' }]);
  const po = db.prepare('SELECT id, po_no FROM purchase_order WHERE sales_order_id = ?').get(order.id) as { id: number; po_no: string };
  assert.match(po.po_no, /\/PO\//);
  assert.equal((db.prepare('SELECT count(*) AS n FROM purchase_order_line WHERE purchase_order_id = ?').get(po.id) as { n: number }).n, 2);
  assert.ok(order.eye_info_id, 'the pair’s Rx is saved as an examination');
  assert.equal((db.prepare('SELECT count(*) AS n FROM eye_checkup_recall WHERE sales_order_id = ?').get(order.id) as { n: number }).n, 1);
  assert.deepEqual((await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items, []);
});

test('the same request twice makes one sale and answers the first result', async () => {
  const sessionID = await cartWithFrameAndPair();
  const orders = count('sales_order');
  const first = await cashier.call(api.QuickSale.saveSale, { body: sale(sessionID, 100) });
  const again = await cashier.call(api.QuickSale.saveSale, { body: sale(sessionID, 100) });
  assert.equal(again.salesOrderID, first.salesOrderID);
  assert.equal(again.receiptNo, first.receiptNo);
  assert.equal(count('sales_order'), orders + 1);
});

test('a line that fails half-way leaves no order, receipt, stock change or lab order, and the cart intact', async () => {
  const { db } = svc.server.deps;
  const sessionID = await cartWithFrameAndPair();
  const other = (db.prepare(
    'SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.id <> ? AND s.on_hand > 0 ORDER BY i.code LIMIT 1',
  ).get(frameId) as { id: number }).id;
  await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { sessionID, itemID: enc('item', other) } });
  db.prepare('UPDATE stock SET on_hand = 0 WHERE item_id = ?').run(other);
  const before = { orders: count('sales_order'), receipts: count('receipt'), moves: count('stock_movement'), pos: count('purchase_order'), frame: onHand(frameId) };
  const res = await post('SaveSale', sale(sessionID, 100));
  assert.equal(res.status, 409);
  assert.match(String(res.json.message), /is out of stock here: 0 on the shelf, 1 in the sale.*Nothing was saved/);
  assert.deepEqual(
    { orders: count('sales_order'), receipts: count('receipt'), moves: count('stock_movement'), pos: count('purchase_order'), frame: onHand(frameId) },
    before,
  );
  assert.equal((await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items.length, 4);
});

test('tampered ids are 400 naming the field; nothing paid needs the store’s flag', async () => {
  const sessionID = await cartWithFrameAndPair();
  const tampered = customerID.slice(0, -2) + (customerID.endsWith('AA') ? 'BB' : 'AA');
  const bad = await post('SaveSale', { ...sale(sessionID, 100), salesorderModel: { sessionId: sessionID, customerId: tampered } });
  assert.equal(bad.status, 400);
  assert.ok((bad.json.errors as Record<string, unknown>)['salesorderModel.customerId']);
  const badKind = await post('SaveSale', { ...sale(sessionID, 100), receiptModel: { receiptTypeId: tampered, amount: 100 } });
  assert.equal(badKind.status, 400);
  const zero = await post('SaveSale', { ...sale(sessionID, 0), receiptModel: null });
  assert.equal(zero.status, 400);
  assert.ok((zero.json.errors as Record<string, unknown>)['receiptModel.amount']);
  const allowed = await cashier.call(api.QuickSale.saveSale, { body: { ...sale(sessionID, 0), receiptModel: null, allowZeroAmountReceiptInQuickSale: true } });
  assert.equal(allowed.receiptID, null);
  assert.equal(allowed.receiptNo, null);
});
