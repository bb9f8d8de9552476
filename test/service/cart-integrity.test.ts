/**
 * Issue 11: a saved cart takes no more lines, SaveSale's key answers only the same request, and a
 * cart belongs to the user who opened it (another user's session or line id is a 404).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { callAs, http, type TestService } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let admin: SignedIn;
let lens: string;
let customerID: string;
before(async () => {
  ({ svc, cashier, admin } = await storeWithStaff());
  const { enc } = svc.server.deps;
  lens = enc.encode('item', singleVisionLens(svc).id);
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Cart', lastName: 'Owner', mobile: '9876501234' } })).customerID;
});
after(() => svc.close());

const post = (who: { token: string }, path: string, body: unknown) => callAs(svc, who, `quickSale/${path}`, body);
const orderCount = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
const saleBody = (sessionID: string, paid: number) => ({
  sessionID,
  salesorderModel: { sessionId: sessionID, customerId: customerID },
  receiptModel: { receiptTypeId: svc.server.deps.enc.encode('paymentKind', 1), amount: paid },
});

test('a saved cart takes no more lines: add, change and remove answer 409 naming the order', async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens, qty: 1 } });
  const line = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items[0]!;
  const sale = await cashier.call(api.QuickSale.saveSale, { body: saleBody(sessionID, 100) });

  const add = await post(cashier, 'saveSalesOrderTemp', { sessionID, itemID: lens, qty: 1 });
  assert.equal(add.status, 409);
  assert.match(String(add.json.message), new RegExp(`order ${sale.salesOrderNo}`));
  const change = await post(cashier, 'update-sales-order-temp-values', { id: line.id, qty: 3 });
  // The line went with the sale; what is left of the cart is closed either way.
  assert.ok([404, 409].includes(change.status), `update answered ${change.status}`);
  const remove = await post(cashier, 'delete-salesorder-temp', { sessionID, salesOrderTempId: String(line.id) });
  assert.equal(remove.status, 409);
  assert.equal((svc.server.deps.db.prepare('SELECT count(*) AS n FROM cart_line WHERE session_id = ?').get(sessionID) as { n: number }).n, 0);
});

test('SaveSale: an identical retry gets the first answer; the same key with another body is a 409 and writes nothing', async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens, qty: 1 } });
  const first = await cashier.call(api.QuickSale.saveSale, { body: saleBody(sessionID, 100) });
  const before = orderCount();
  const again = await cashier.call(api.QuickSale.saveSale, { body: saleBody(sessionID, 100) });
  assert.equal(again.salesOrderNo, first.salesOrderNo);
  assert.equal(again.receiptNo, first.receiptNo);

  const other = await post(cashier, 'SaveSale', saleBody(sessionID, 250));
  assert.equal(other.status, 409);
  assert.match(String(other.json.message), new RegExp(`order ${first.salesOrderNo}`));
  assert.equal(orderCount(), before);
  const receipts = svc.server.deps.db.prepare('SELECT count(*) AS n FROM receipt WHERE sales_order_id = (SELECT id FROM sales_order WHERE order_no = ?)').get(first.salesOrderNo) as { n: number };
  assert.equal(receipts.n, 1, 'no second receipt');
});

test('SaveSale: a key whose cart got lines after the sale (written before this rule) is a 409, not the old answer', async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens, qty: 1 } });
  const first = await cashier.call(api.QuickSale.saveSale, { body: saleBody(sessionID, 100) });
  // What the old service let through: a line added to the saved session.
  const { db, ids } = svc.server.deps;
  const item = svc.server.deps.enc.decode('item', lens);
  db.prepare(
    "INSERT INTO cart_line (id, session_id, item_id, qty, price, mrp, batch_no, is_ordered, created_at) SELECT ?, ?, id, 1, sale_price, mrp, '', 0, '2026-01-01T00:00:00Z' FROM item WHERE id = ?",
  ).run(ids.next('cart_line'), sessionID, item);
  const retry = await post(cashier, 'SaveSale', saleBody(sessionID, 100));
  assert.equal(retry.status, 409);
  assert.match(String(retry.json.message), new RegExp(`added to this cart after it was saved as order ${first.salesOrderNo}`));
});

test("another user's cart is a 404 by session and by line id, for reading, changing, removing and selling", async () => {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens, qty: 1 } });
  const line = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items[0]!;
  assert.equal((await post(admin, 'GetSalesOrderTemp', { sessionId: sessionID })).status, 404);
  assert.equal((await post(admin, 'saveSalesOrderTemp', { sessionID, itemID: lens, qty: 1 })).status, 404);
  assert.equal((await post(admin, 'update-sales-order-temp-values', { id: line.id, price: 1 })).status, 404);
  assert.equal((await post(admin, 'delete-salesorder-temp', { sessionID, salesOrderTempId: String(line.id) })).status, 404);
  const emptied = await post(admin, 'deleteSalesOrderTempBySession', { sessionID });
  assert.equal(emptied.status, 200);
  assert.equal((await post(admin, 'SaveSale', saleBody(sessionID, 100))).status, 404);
  // The owner's cart is untouched.
  const mine = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  assert.deepEqual(mine.items.map((i) => [i.id, i.qty, i.price]), [[line.id, 1, line.price]]);
});

test('a manager lists the branch’s open carts and takes one over; it is theirs from then on, and the change is kept', async () => {
  const manager = await svc.as('manager');
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens, qty: 2 } });
  const listed = (await manager.call(api.QuickSale.openCarts, {})).find((c) => c.sessionID === sessionID);
  assert.ok(listed, 'the cashier’s cart is listed');
  assert.equal(listed.userName, 'cashier');
  assert.equal(listed.lines, 1);
  const asCashier = await http(`${svc.url}/api-v1/api/quickSale/open-carts`, { headers: { authorization: `Bearer ${cashier.token}` } });
  assert.equal(asCashier.status, 403, 'only managers see other people’s carts');

  const taken = await manager.call(api.QuickSale.takeOverCart, { body: { sessionID } });
  assert.match(taken.message, /yours now/);
  const row = svc.server.deps.db.prepare(
    'SELECT c.taken_over_at, f.user_name AS from_user, u.user_name AS owner FROM cart c JOIN app_user f ON f.id = c.taken_over_from JOIN app_user u ON u.id = c.user_id WHERE c.session_id = ?',
  ).get(sessionID) as { taken_over_at: string; from_user: string; owner: string };
  assert.deepEqual([row.from_user, row.owner], ['cashier', 'manager']);
  assert.ok(row.taken_over_at);
  // Now the manager's: the cashier no longer reaches it, the manager sells it.
  assert.equal((await post(cashier, 'GetSalesOrderTemp', { sessionId: sessionID })).status, 404);
  assert.equal((await manager.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items.length, 1);
  const sale = await manager.call(api.QuickSale.saveSale, { body: saleBody(sessionID, 100) });
  assert.ok(sale.salesOrderNo);
  assert.equal((await manager.call(api.QuickSale.openCarts, {})).some((c) => c.sessionID === sessionID), false, 'a sold cart is no longer open');
  assert.equal((await post(manager, 'take-over-cart', { sessionID })).status, 409);
  assert.equal((await post(manager, 'take-over-cart', { sessionID: 'no-such-cart' })).status, 404);
});

test('a cart belongs to the till that opened it too: the same user at another till gets a 404', async () => {
  const at = (till: string, path: string, body: unknown) =>
    http(`${svc.url}/api-v1/api/quickSale/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json', 'x-till-id': till },
      body: JSON.stringify(body),
    });
  const opened = await at('till-A', 'saveSalesOrderTemp', { itemID: lens, qty: 1 });
  assert.equal(opened.status, 200);
  const sessionId = String(opened.json.sessionID);
  assert.equal((await at('till-A', 'GetSalesOrderTemp', { sessionId })).status, 200);
  assert.equal((await at('till-B', 'GetSalesOrderTemp', { sessionId })).status, 404);
  assert.equal((await at('till-B', 'saveSalesOrderTemp', { sessionID: sessionId, itemID: lens, qty: 1 })).status, 404);
  assert.equal((await post(cashier, 'GetSalesOrderTemp', { sessionId })).status, 404, 'nor without a till id');
  assert.equal(svc.server.deps.db.prepare('SELECT till_id FROM cart WHERE session_id = ?').pluck().get(sessionId), 'till-A');
});
