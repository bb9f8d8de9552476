/**
 * Issue 11: a cashier cannot give goods away. The price policy on every path that sets a price or
 * discount, and a manager's approval at the till for more, carried onto the sold line.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { settings } from '../../main/service/store/setting.js';
import { callAs, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let lens: { id: string; price: number; cost: number };
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const row = db.prepare('SELECT id, sale_price, cost FROM item WHERE item_type_id = 3 AND is_active = 1 AND cost > 0 ORDER BY code LIMIT 1').get() as { id: number; sale_price: number; cost: number };
  lens = { id: enc.encode('item', row.id), price: row.sale_price / 100, cost: row.cost / 100 };
});
after(() => svc.close());

const post = (who: { token: string }, path: string, body: unknown) => callAs(svc, who, `quickSale/${path}`, body);
const lines = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM cart_line').get() as { n: number }).n;

test('a cashier’s discount above 10 % or a changed price is a 403 the screen can act on, and writes nothing', async () => {
  const before = lines();
  const big = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 25 });
  assert.equal(big.status, 403);
  assert.equal(big.json.code, 'PRICE_APPROVAL_REQUIRED');
  assert.equal(big.json.message, 'Discount above 10 % needs a manager');
  const cheap = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, price: 1 });
  assert.equal(cheap.status, 403);
  assert.match(String(cheap.json.message), /Changing the price needs a manager/);
  assert.equal(lines(), before);
  // Within the limit: fine.
  const ok = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 10 });
  assert.equal(ok.status, 200);

  // The same on update: 100 % off, or ₹1.
  const sessionID = String(ok.json.sessionID);
  const line = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items[0]!;
  assert.equal((await post(cashier, 'update-sales-order-temp-values', { id: line.id, discountRate: 100 })).status, 403);
  assert.equal((await post(cashier, 'update-sales-order-temp-values', { id: line.id, price: 1 })).status, 403);
  assert.equal((await post(cashier, 'update-sales-order-temp-values', { id: line.id, discountAmount: lens.price })).status, 403);
  const after = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items[0]!;
  assert.deepEqual([after.price, after.discountRate], [lens.price, 10], 'unchanged');
  // A manager may.
  const own = await post(manager, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 25 });
  assert.equal(own.status, 200);
});

test('a manager approves at the till with their own password; the line carries who, when and why; the approval is single-use and exact', async () => {
  const { db } = svc.server.deps;
  const ask = (body: Record<string, unknown>) =>
    post(cashier, 'price-approval', { userName: 'manager', password: 'demo1234', reason: 'Loyal customer', itemID: lens.id, qty: 1, discountRate: 25, ...body });
  assert.equal((await ask({ password: 'wrong' })).status, 403, 'not 401: that would sign the cashier out');
  assert.equal((await ask({ userName: 'cashier' })).status, 403, 'a cashier cannot approve');
  assert.equal((await ask({ reason: '' })).status, 400);
  const approval = await ask({});
  assert.equal(approval.status, 200, approval.text);
  const approvalID = String(approval.json.priceApprovalID);

  const other = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 30, priceApprovalID: approvalID });
  assert.equal(other.status, 403, 'approved for 25 %, not 30 %');
  const added = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 25, priceApprovalID: approvalID });
  assert.equal(added.status, 200, added.text);
  const again = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: 25, priceApprovalID: approvalID });
  assert.equal(again.status, 403, 'used once only');
  assert.match(String(again.json.message), /already used/);

  const sessionID = String(added.json.sessionID);
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Approved', lastName: 'Discount' } })).customerID;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: null, allowZeroAmountReceiptInQuickSale: true },
  });
  const sold = db.prepare(
    `SELECT l.discount_bp, a.reason, a.approved_at, m.user_name AS approved_by, r.user_name AS asked_by
     FROM sales_order_line l JOIN sales_order o ON o.id = l.sales_order_id JOIN price_approval a ON a.id = l.price_approval_id
     JOIN app_user m ON m.id = a.approved_by JOIN app_user r ON r.id = a.requested_by WHERE o.order_no = ?`,
  ).get(sale.salesOrderNo) as { discount_bp: number; reason: string; approved_at: string; approved_by: string; asked_by: string };
  assert.deepEqual([sold.discount_bp, sold.reason, sold.approved_by, sold.asked_by], [2500, 'Loyal customer', 'manager', 'cashier']);
  assert.ok(sold.approved_at);
});

test('below cost needs a manager even inside the discount limit; never above MRP, approved or not', async () => {
  const { db } = svc.server.deps;
  settings(db).set('price.policy', JSON.stringify({ cashier: { maxDiscountPercent: 90 } }));
  try {
    const belowCost = Math.ceil(((lens.price - lens.cost) / lens.price) * 100) + 5;
    const res = await post(cashier, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, discountRate: belowCost });
    assert.equal(res.status, 403);
    assert.match(String(res.json.message), /below cost needs a manager/);
  } finally {
    settings(db).set('price.policy', '{}');
  }
  const mrp = (db.prepare('SELECT mrp FROM item WHERE id = ?').get(svc.server.deps.enc.decode('item', lens.id)) as { mrp: number }).mrp / 100;
  assert.equal((await post(manager, 'saveSalesOrderTemp', { itemID: lens.id, qty: 1, price: mrp + 1 })).status, 400);
});

test('SaveSale’s own listed lines are held to the same policy', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Listed', lastName: 'Lines' } })).customerID;
  const sessionID = 'listed-policy-1';
  const res = await post(cashier, 'SaveSale', {
    sessionID,
    salesorderModel: { sessionId: sessionID, customerId: customerID, salesOrderDetailList: [{ itemId: lens.id, qty: 1, discountRate: 50 }] },
    allowZeroAmountReceiptInQuickSale: true,
  });
  assert.equal(res.status, 403);
  assert.ok((res.json.errors as Record<string, unknown>)['salesorderModel.salesOrderDetailList.0.price']);
});
