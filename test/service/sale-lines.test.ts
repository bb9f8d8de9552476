/** SaveSale with its lines in salesorderModel.salesOrderDetailList instead of a cart: same checks, same transaction, once per sessionID. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { frameInStock } from '../helpers/sales.js';
import { type TestService, callAs } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let frameId: number;
let lensId: number;
let customerID: string;
let cash: string;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  const { enc } = svc.server.deps;
  frameId = frameInStock(svc, 'cashier');
  lensId = singleVisionLens(svc).id;
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Shah', mobile: '9876505678' } })).customerID;
  cash = enc.encode('paymentKind', 1);
});
after(() => svc.close());

const enc = (id: number) => svc.server.deps.enc.encode('item', id);
const db = () => svc.server.deps.db;
const onHand = (itemId: number) => (db().prepare('SELECT coalesce(sum(on_hand), 0) AS n FROM stock WHERE item_id = ?').get(itemId) as { n: number }).n;
const count = (table: string) => (db().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const post = (token: string, body: unknown) => callAs(svc, { token }, 'quickSale/SaveSale', body);

type Line = Record<string, unknown>;
const frameAndPair = (): Line[] => [
  { itemId: enc(frameId), qty: 1 },
  { itemId: enc(lensId), qty: 1, pairNo: 'P1', spherical: '-1.5', cylinder: '-0.5', axis: '90' },
  { itemId: enc(lensId), qty: 1, pairNo: 'P1', spherical: '-1.75' },
];
const sale = (sessionID: string, lines: Line[], extra: Record<string, unknown> = {}) => ({
  sessionID,
  salesorderModel: { sessionId: sessionID, customerId: customerID, salesOrderDetailList: lines },
  receiptModel: { receiptTypeId: cash, amount: 100 },
  ...extra,
});
const orderOf = (no: string) => db().prepare('SELECT id, eye_info_id FROM sales_order WHERE order_no = ?').get(no) as { id: number; eye_info_id: number | null };
const rxOf = (examId: number) => db().prepare('SELECT lens_type, sph, cyl, axis, addition FROM customer_eye_rx WHERE eye_info_id = ? ORDER BY lens_type').all(examId);

test('a frame and a lens pair from salesOrderDetailList: order lines with per-eye Rx, stock down, exam recorded', async () => {
  const frameBefore = onHand(frameId);
  const answer = await cashier.call(api.QuickSale.saveSale, { body: sale(randomUUID(), frameAndPair()) });
  const order = orderOf(answer.salesOrderNo);
  const lines = db().prepare('SELECT item_id, pair_no, eye, sph, cyl, axis, stock_counted, is_ordered FROM sales_order_line WHERE sales_order_id = ? ORDER BY line_no').all(order.id);
  assert.deepEqual(lines, [
    { item_id: frameId, pair_no: null, eye: null, sph: null, cyl: null, axis: null, stock_counted: 1, is_ordered: 0 },
    { item_id: lensId, pair_no: 'P1', eye: 'R', sph: -150, cyl: -50, axis: 90, stock_counted: 0, is_ordered: 1 },
    { item_id: lensId, pair_no: 'P1', eye: 'L', sph: -175, cyl: null, axis: null, stock_counted: 0, is_ordered: 1 },
  ]);
  assert.equal(onHand(frameId), frameBefore - 1);
  assert.ok(order.eye_info_id);
  assert.deepEqual(rxOf(order.eye_info_id), [
    { lens_type: 1, sph: -150, cyl: -50, axis: 90, addition: null },
    { lens_type: 2, sph: -175, cyl: null, axis: null, addition: null },
  ]);
  assert.equal(count('purchase_order_line') > 0, true, 'the ordered lenses go to the lab');
});

test('a bad line is 400 naming the line’s field and nothing is written', async () => {
  const cases: Array<[Line[], string]> = [
    [[{ itemId: enc(frameId) }, { itemId: svc.server.deps.enc.encode('item', 2 ** 40 + 12345) }], 'salesorderModel.salesOrderDetailList.1.itemId'],
    [[{ itemId: enc(frameId) }, { itemId: enc(lensId), qty: 0 }], 'salesorderModel.salesOrderDetailList.1.qty'],
    [[{ itemId: enc(frameId) }, { itemId: enc(lensId), pairNo: 'P1', spherical: '1.13' }], 'salesorderModel.salesOrderDetailList.1.spherical'],
    [[...frameAndPair(), { itemId: enc(lensId), pairNo: 'P1' }], 'salesorderModel.salesOrderDetailList.3.pairNo'],
  ];
  for (const [lines, field] of cases) {
    const before = { orders: count('sales_order'), lines: count('sales_order_line'), receipts: count('receipt'), moves: count('stock_movement'), exams: count('customer_eye_info'), frame: onHand(frameId) };
    const res = await post(cashier.token, sale(randomUUID(), lines));
    assert.equal(res.status, 400, field);
    assert.ok((res.json.errors as Record<string, unknown>)[field], `${field} in ${JSON.stringify(res.json)}`);
    assert.deepEqual(
      { orders: count('sales_order'), lines: count('sales_order_line'), receipts: count('receipt'), moves: count('stock_movement'), exams: count('customer_eye_info'), frame: onHand(frameId) },
      before,
    );
  }
});

test('the same request twice makes one sale', async () => {
  const body = sale(randomUUID(), frameAndPair());
  const orders = count('sales_order');
  const frameBefore = onHand(frameId);
  const first = await cashier.call(api.QuickSale.saveSale, { body });
  const again = await cashier.call(api.QuickSale.saveSale, { body });
  assert.equal(again.salesOrderID, first.salesOrderID);
  assert.equal(again.receiptNo, first.receiptNo);
  assert.equal(count('sales_order'), orders + 1);
  assert.equal(onHand(frameId), frameBefore - 1);
});

test('customerModel’s Rx is recorded as the exam when the lines carry none', async () => {
  const customerModel = { customerId: customerID, firstName: 'Ravi', lastName: 'Shah', mobile: '9876505678', r_SPH: -2, r_CYL: -0.75, r_AXIS: 180, l_SPH: -2.25, l_ADD: 1.5 };
  const body = sale(randomUUID(), [{ itemId: enc(frameId) }], { customerModel });
  const answer = await cashier.call(api.QuickSale.saveSale, { body });
  const order = orderOf(answer.salesOrderNo);
  assert.ok(order.eye_info_id);
  assert.deepEqual(rxOf(order.eye_info_id), [
    { lens_type: 1, sph: -200, cyl: -75, axis: 180, addition: null },
    { lens_type: 2, sph: -225, cyl: null, axis: null, addition: 150 },
  ]);
  const bad = await post(cashier.token, { ...body, sessionID: randomUUID(), customerModel: { ...customerModel, r_SPH: 1.13 } });
  assert.equal(bad.status, 400);
  assert.ok((bad.json.errors as Record<string, unknown>)['customerModel.r_SPH']);
});

test('a price other than the item’s needs allowUserToChangePrice and an admin or manager', async () => {
  const price = (db().prepare('SELECT sale_price FROM item WHERE id = ?').get(frameId) as { sale_price: number }).sale_price / 100 - 1;
  const lines = [{ itemId: enc(frameId), price }];
  const flagged = (sessionID: string) => {
    const body = sale(sessionID, lines);
    return { ...body, salesorderModel: { ...body.salesorderModel, allowUserToChangePrice: true } };
  };
  const byCashier = await post(cashier.token, flagged(randomUUID()));
  assert.equal(byCashier.status, 400);
  assert.ok((byCashier.json.errors as Record<string, unknown>)['salesorderModel.salesOrderDetailList.0.price']);
  const noFlag = await post(manager.token, sale(randomUUID(), lines));
  assert.equal(noFlag.status, 400);
  const ok = await manager.call(api.QuickSale.saveSale, { body: flagged(randomUUID()) });
  const row = db().prepare('SELECT l.price FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id WHERE o.order_no = ?').get(ok.salesOrderNo) as { price: number };
  assert.equal(row.price, Math.round(price * 100));
});
