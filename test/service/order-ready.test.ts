/**
 * Issue 16, the "order ready" message: the store's template (the manager sets it, placeholders
 * checked), filled for an order with a wa.me click-to-chat link, and "customer told" journaled on
 * the order and shown in its history; refused for a cancelled order and at another branch.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { companies } from '../../main/service/store/company.js';
import { DEFAULT_READY_TEMPLATE, whatsAppNumber } from '../../main/service/order/ready-message.js';
import { failure } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { makeSale } from '../helpers/sales.js';
import { callAs, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let optometrist: SignedIn;
before(async () => {
  ({ svc, cashier, manager, optometrist } = await storeWithStaff());
});
after(() => svc.close());

const journalRows = () => (svc.server.deps.db.prepare("SELECT count(*) AS n FROM journal WHERE tbl = 'customer_told'").get() as { n: number }).n;

test('the built-in template until the manager sets one; placeholders are checked, naming the field; empty puts the built-in back', async () => {
  const first = await cashier.call(api.Orders.readyMessageTemplate, {});
  assert.equal(first.template, DEFAULT_READY_TEMPLATE);
  assert.equal(first.custom, false);
  assert.deepEqual(first.placeholders, ['{customer}', '{order}', '{balance}', '{store}', '{due}']);

  const refused = await failure(manager.call(api.Orders.setReadyMessageTemplate, { body: { template: 'Hi {name}, {order} is ready' } }), 400);
  assert.match(refused.body.message, /\{name\}/);
  assert.match(refused.fieldErrors('template')[0] ?? '', /Unknown placeholder \{name\}/);
  assert.equal((await cashier.call(api.Orders.readyMessageTemplate, {})).custom, false, 'nothing written');

  const byCashier = await callAs(svc, cashier, 'Orders/ready-message-template', { template: 'x' }, 'PUT');
  assert.equal(byCashier.status, 403, 'only a manager sets it');

  const set = await manager.call(api.Orders.setReadyMessageTemplate, {
    body: { template: 'Namaste {customer}! Order {order} is ready at {store}. Balance {balance}.' },
  });
  assert.equal(set.custom, true);
  assert.equal((await cashier.call(api.Orders.readyMessageTemplate, {})).template, set.template);
  const journaled = svc.server.deps.db.prepare("SELECT count(*) AS n FROM journal WHERE tbl = 'setting' AND new_values LIKE '%Namaste%'").get() as { n: number };
  assert.equal(journaled.n, 1, 'the template change is journaled (setting)');

  await manager.call(api.Orders.setReadyMessageTemplate, { body: { template: '  ' } });
  assert.equal((await cashier.call(api.Orders.readyMessageTemplate, {})).template, DEFAULT_READY_TEMPLATE);
});

test('the message fills the template for the order, with a wa.me link to 91 and the mobile', async () => {
  await manager.call(api.Orders.setReadyMessageTemplate, {
    body: { template: 'Namaste {customer}! Order {order} is ready at {store}. Balance {balance}. {unused' },
  });
  const sale = await makeSale(svc, cashier, { paid: 100, mobile: '9812345678', lastName: 'Ready' });
  const message = await cashier.call(api.Orders.readyMessage, { params: { salesOrderId: sale.salesOrderID } });
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  const balance = `₹${(sale.net - 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  assert.equal(message.text, `Namaste Sale Ready! Order ${sale.salesOrderNo} is ready at ${detail.branchName}. Balance ${balance}. {unused`);
  assert.equal(message.whatsAppUrl, `https://wa.me/919812345678?text=${encodeURIComponent(message.text)}`);
  assert.equal(message.toldAt, null);
  // The optometrist sells nothing and tells nobody.
  assert.equal((await callAs(svc, optometrist, `Orders/${sale.salesOrderID}/ready-message`)).status, 403);

  const noMobile = await makeSale(svc, cashier, { paid: 100, lastName: 'NoPhone' });
  assert.equal((await cashier.call(api.Orders.readyMessage, { params: { salesOrderId: noMobile.salesOrderID } })).whatsAppUrl, null);
  assert.equal(whatsAppNumber('+91 98123 45678'), '919812345678');
  assert.equal(whatsAppNumber('09812345678'), '919812345678');
  assert.equal(whatsAppNumber('12345'), null);
});

test('"customer told" is journaled on the order, shown in its history and in the message; a bad channel writes nothing', async () => {
  const sale = await makeSale(svc, cashier, { paid: 100, mobile: '9812345679', lastName: 'Told' });
  const before = journalRows();
  const bad = await callAs(svc, cashier, `Orders/${sale.salesOrderID}/customer-told`, { channel: 'pigeon' });
  assert.equal(bad.status, 400);
  assert.equal(journalRows(), before);

  svc.clock.advance(60_000);
  const told = await cashier.call(api.Orders.customerTold, { params: { salesOrderId: sale.salesOrderID }, body: { channel: 'whatsapp' } });
  assert.equal(journalRows(), before + 1);
  const row = svc.server.deps.db.prepare("SELECT row_id, op, new_values, user_id FROM journal WHERE tbl = 'customer_told' ORDER BY seq DESC LIMIT 1").get() as {
    row_id: number; op: string; new_values: string; user_id: number;
  };
  assert.equal(row.row_id, sale.rowId);
  assert.equal(row.op, 'event');
  assert.deepEqual(JSON.parse(row.new_values), { order: sale.salesOrderNo, channel: 'whatsapp' });

  const history = await cashier.call(api.Orders.history, { params: { salesOrderId: sale.salesOrderID } });
  const last = history.data.at(-1)!;
  assert.equal(last.what, 'Customer told the order is ready on WhatsApp');
  assert.equal(last.userName, 'cashier');
  assert.equal(last.at, told.toldAt);
  const message = await cashier.call(api.Orders.readyMessage, { params: { salesOrderId: sale.salesOrderID } });
  assert.equal(message.toldAt, told.toldAt);

  await cashier.call(api.Orders.customerTold, { params: { salesOrderId: sale.salesOrderID }, body: { channel: 'copied' } });
  const again = await cashier.call(api.Orders.history, { params: { salesOrderId: sale.salesOrderID } });
  assert.equal(again.data.at(-1)!.what, 'Customer told the order is ready by a copied message');
});

test('a cancelled order is a 409 and an order of another branch a 403 OTHER_BRANCH; neither writes', async () => {
  const sale = await makeSale(svc, cashier, { paid: 0, lastName: 'Cancelled' });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 2 } });
  const before = journalRows();
  const cancelled = await callAs(svc, cashier, `Orders/${sale.salesOrderID}/customer-told`, { channel: 'phone' });
  assert.equal(cancelled.status, 409, cancelled.text);
  assert.match(String(cancelled.json.message), /cancelled/);

  const { db, ids, enc } = svc.server.deps;
  addOrders({ file: '', db, ids, company: companies(db).only()! }, 40, { now: svc.clock.now });
  const home = enc.decode('branch', (await cashier.call(api.Account.userDetails, {})).branchID);
  const theirs = db.prepare('SELECT id FROM sales_order WHERE branch_id <> ? AND status_id <> 5 LIMIT 1').get(home) as { id: number };
  const other = await callAs(svc, cashier, `Orders/${enc.encode('salesOrder', theirs.id)}/customer-told`, { channel: 'phone' });
  assert.equal(other.status, 403, other.text);
  assert.equal(other.json.code, 'OTHER_BRANCH');
  assert.equal(journalRows(), before);
});
