/** Dashboard over HTTP: the day's figures against two sales made here; managers only. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { http, type TestService } from '../helpers/service.js';
import { makeSale, tamper, type MadeSale } from '../helpers/sales.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let a: MadeSale;
let b: MadeSale;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  a = await makeSale(svc, cashier, { paid: 10 });
  b = await makeSale(svc, cashier, { paid: 'all', qty: 2 });
});
after(() => svc.close());

test('the day: sales, collections by payment kind, orders by status, balances, top items', async () => {
  const d = await manager.call(api.Dashboard.dashboardData, { body: {} });
  assert.equal(d.sales.count, 2);
  assert.equal(d.sales.amount, a.net + b.net);
  assert.equal(d.period.amount, a.net + b.net);
  assert.equal(d.period.days.length, Number(d.date.slice(8, 10)), 'one entry per day of the month so far');
  assert.equal(d.period.days.at(-1)!.amount, a.net + b.net);
  assert.equal(d.receipts.amount, 10 + b.net);
  assert.deepEqual(d.receipts.byPaymentKind.map((k) => [k.name, k.count]), [['Cash', 2]]);
  assert.deepEqual(d.ordersByStatus.map((s) => s.count), [2, 0, 0, 0, 0]);
  assert.deepEqual(d.balanceOutstanding, { count: 1, amount: a.net - 10 });
  assert.equal(d.topItems.length, 1);
  assert.equal(d.topItems[0]!.qty, 3);
  assert.deepEqual(d.statusOrders, []);

  const booked = await manager.call(api.Dashboard.dashboardData, { body: { statusId: 1 } });
  assert.deepEqual(new Set(booked.statusOrders.map((o) => o.salesOrderNo)), new Set([a.salesOrderNo, b.salesOrderNo]));
  assert.equal(booked.statusOrders.find((o) => o.salesOrderNo === a.salesOrderNo)!.balanceAmount, a.net - 10);

  const empty = await manager.call(api.Dashboard.dashboardData, { body: { date: '2001-01-15' } });
  assert.equal(empty.sales.count, 0);
  assert.equal(empty.receipts.amount, 0);
  assert.equal(empty.ordersByStatus.length, 5, 'every status, zeros included');
});

test('managers only; a tampered branch id is 400', async () => {
  const res = await http(`${svc.url}/api-v1/api/Dashboard/dashboardData`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(res.status, 403);
  const d = await manager.call(api.Dashboard.dashboardData, { body: {} });
  const bad = await http(`${svc.url}/api-v1/api/Dashboard/dashboardData`, {
    method: 'POST',
    headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branchID: tamper(d.branchID) }),
  });
  assert.equal(bad.status, 400);
});

test('money received stays received when its receipt later moves to a credit note; notes issued and spent have their own rows', async () => {
  const { enc } = svc.server.deps;
  const before = await manager.call(api.Dashboard.dashboardData, { body: {} });
  const sale = await makeSale(svc, cashier, { paid: 40 });
  const afterSale = await manager.call(api.Dashboard.dashboardData, { body: {} });
  assert.equal(afterSale.receipts.amount, before.receipts.amount + 40);

  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 4 } });
  const moved = await manager.call(api.Dashboard.dashboardData, { body: {} });
  assert.equal(moved.receipts.amount, before.receipts.amount + 40, 'the ₹40 was still received today');
  assert.deepEqual(moved.creditNotes.issued, { count: before.creditNotes.issued.count + 1, amount: before.creditNotes.issued.amount + 40 });

  // Spending the note is not money received: it shows as spent.
  const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: sale.customerRowId } });
  const lens = singleVisionLens(svc).id;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens) } });
  await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: sale.customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 5), creditNoteID: note!.creditNoteID, amount: 25 } },
  });
  const spent = await manager.call(api.Dashboard.dashboardData, { body: {} });
  assert.equal(spent.receipts.amount, moved.receipts.amount, 'a credit note is not cash in');
  assert.deepEqual(spent.creditNotes.spent, { count: moved.creditNotes.spent.count + 1, amount: moved.creditNotes.spent.amount + 25 });
});
