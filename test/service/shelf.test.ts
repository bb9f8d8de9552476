/**
 * Issue 11: an item off the shelf is refused when it is scanned, in the cashier's words; selling it
 * to order needs the store's leave and a manager.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { settings } from '../../main/service/store/setting.js';
import { frameInStock } from '../helpers/sales.js';
import { callAs, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let frame: { id: string; rowId: number; name: string };
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const id = frameInStock(svc, 'cashier', 1);
  frame = { id: enc.encode('item', id), rowId: id, name: (db.prepare('SELECT name FROM item WHERE id = ?').get(id) as { name: string }).name };
  // Two on the shelf, nowhere else.
  db.prepare('UPDATE stock SET on_hand = 0 WHERE item_id = ?').run(id);
  const branch = (db.prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number }).branch_id;
  const batch = db.prepare('SELECT batch_no FROM stock WHERE item_id = ? AND branch_id = ? AND expiry_date IS NULL ORDER BY batch_no LIMIT 1').get(id, branch) as { batch_no: string };
  db.prepare('UPDATE stock SET on_hand = 2 WHERE item_id = ? AND branch_id = ? AND batch_no = ?').run(id, branch, batch.batch_no);
});
after(() => svc.close());

const add = (who: { token: string }, body: Record<string, unknown>) => callAs(svc, who, 'quickSale/saveSalesOrderTemp', body);

test('scanning more than the shelf holds is refused at once, in words, counting what the cart has', async () => {
  const first = await add(cashier, { itemID: frame.id, qty: 2 });
  assert.equal(first.status, 200);
  const more = await add(cashier, { sessionID: first.json.sessionID, itemID: frame.id, qty: 1 });
  assert.equal(more.status, 409);
  assert.equal(more.json.message, `${frame.name} is out of stock here (the cart has the last of it)`);
  const three = await add(cashier, { itemID: frame.id, qty: 3 });
  assert.equal(three.status, 409);
  assert.equal(three.json.message, `Only 2 of ${frame.name} left here`);
});

test('selling it to order needs the store’s leave, then a manager; it takes no stock', async () => {
  const { db } = svc.server.deps;
  const refused = await add(cashier, { itemID: frame.id, qty: 1, isOrdered: true });
  assert.equal(refused.status, 409);
  assert.match(String(refused.json.message), /cannot be sold to order in this store/);
  settings(db).set('sale.allowOrderedItems', 'yes');
  try {
    const asks = await add(cashier, { itemID: frame.id, qty: 5, isOrdered: true });
    assert.equal(asks.status, 403);
    assert.equal(asks.json.code, 'PRICE_APPROVAL_REQUIRED');
    assert.match(String(asks.json.message), /Selling an item to order needs a manager/);
    const ok = await add(manager, { itemID: frame.id, qty: 5, isOrdered: true });
    assert.equal(ok.status, 200);
    const before = (db.prepare('SELECT sum(on_hand) AS n FROM stock WHERE item_id = ?').get(frame.rowId) as { n: number }).n;
    const customer = await callAs(svc, manager, 'Customer/upsert', { firstName: 'To', lastName: 'Order' });
    const sale = await callAs(svc, manager, 'quickSale/SaveSale', {
      sessionID: ok.json.sessionID, salesorderModel: { sessionId: ok.json.sessionID, customerId: customer.json.customerID }, allowZeroAmountReceiptInQuickSale: true,
    });
    assert.equal(sale.status, 200, sale.text);
    assert.equal((db.prepare('SELECT sum(on_hand) AS n FROM stock WHERE item_id = ?').get(frame.rowId) as { n: number }).n, before, 'no stock taken');
    const lab = db.prepare('SELECT count(*) AS n FROM purchase_order WHERE sales_order_id = (SELECT id FROM sales_order WHERE order_no = ?)').get(sale.json.salesOrderNo) as { n: number };
    assert.equal(lab.n, 1, 'it goes to the supplier');
  } finally {
    settings(db).set('sale.allowOrderedItems', 'no');
  }
});
