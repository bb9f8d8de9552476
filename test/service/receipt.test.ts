/** SaveReceipt and GetReceiptDetails over HTTP: the balance is respected unless the store takes advances. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { ALLOW_ADVANCE_SETTING } from '../../main/service/sale/receipt.js';
import { http, type TestService, callAs } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let order: { id: string; rowId: number; no: string; net: number; paid: number };
let cash: string;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  const lens = singleVisionLens(svc);
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Shah', mobile: '9876505678' } });
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens.id), qty: 2 } });
  cash = enc.encode('paymentKind', 1);
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: 100 } },
  });
  const row = db.prepare('SELECT id, net_amount FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as { id: number; net_amount: number };
  order = { id: sale.salesOrderID, rowId: row.id, no: sale.salesOrderNo, net: row.net_amount / 100, paid: 100 };
});
after(() => svc.close());

const post = (body: unknown) => callAs(svc, cashier, 'quickSale/SaveReceipt', body);

test('a payment up to the balance is taken; GetReceiptDetails shows it with the balance left', async () => {
  const part = 50;
  const saved = await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash, amount: part } });
  assert.match(saved.receiptNo, /\/RC\/\d{4}-\d{2}\/1-000002$/);
  const details = await cashier.call(api.QuickSale.getReceiptDetails, { query: { salesOrderId: order.rowId } });
  assert.equal(details.receiptId, saved.receiptID, 'the newest receipt of the order');
  assert.equal(details.salesOrderNo, order.no);
  assert.equal(details.amount, part);
  assert.equal(details.balanceAmount, order.net - order.paid - part);
  assert.equal(details.customerFullName, 'Ravi Shah');
  order.paid += part;
});

test('more than the balance is a 400 naming amount, unless the store allows an advance', async () => {
  const over = order.net - order.paid + 1;
  const refused = await post({ salesOrderID: order.id, receiptTypeId: cash, amount: over });
  assert.equal(refused.status, 400);
  assert.ok((refused.json.errors as Record<string, unknown>).amount);
  assert.equal((await post({ salesOrderID: order.id, receiptTypeId: cash, amount: 0 })).status, 400);
  const tampered = order.id.slice(0, -2) + (order.id.endsWith('AA') ? 'BB' : 'AA');
  assert.equal((await post({ salesOrderID: tampered, receiptTypeId: cash, amount: 1 })).status, 400);

  svc.server.deps.db.prepare('INSERT INTO setting (key, value) VALUES (?, ?)').run(ALLOW_ADVANCE_SETTING, '1');
  const advance = await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash, amount: over } });
  const details = await cashier.call(api.QuickSale.getReceiptDetails, { query: { receiptId: svc.server.deps.enc.decode('receipt', advance.receiptID) } });
  assert.equal(details.balanceAmount, -1, 'an advance leaves the order in credit');
});

test('GetReceiptDetails: unknown receipt or no id is 404', async () => {
  const res = await http(`${svc.url}/api-v1/api/quickSale/GetReceiptDetails?receiptId=1`, { headers: { authorization: `Bearer ${cashier.token}` } });
  assert.equal(res.status, 404);
  const none = await http(`${svc.url}/api-v1/api/quickSale/GetReceiptDetails`, { headers: { authorization: `Bearer ${cashier.token}` } });
  assert.equal(none.status, 404);
});
