/** Receipts/id and Receipts/list-paged over HTTP: an order's receipts with its balance; the filtered, paged list. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { type TestService, callAs } from '../helpers/service.js';
import { makeSale, tamper, type MadeSale } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let a: MadeSale;
let b: MadeSale;
const lastName = `Receipts${process.pid}`;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  a = await makeSale(svc, cashier, { paid: 10, lastName });
  b = await makeSale(svc, cashier, { paid: 20, customerID: a.customerID, qty: 2 });
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: a.salesOrderID, receiptTypeId: svc.server.deps.enc.encode('paymentKind', 3), amount: 5, referenceNo: 'UPI-1' } });
});
after(() => svc.close());

const get = (path: string) => callAs(svc, cashier, path);
const post = (body: unknown) => callAs(svc, cashier, 'Receipts/list-paged', body);

test('Receipts/id: the order’s receipts oldest first, with what it received and the balance', async () => {
  const list = await cashier.call(api.Receipts.byId, { query: { customerId: a.customerRowId, salesOrderId: a.rowId } });
  assert.deepEqual(list.map((r) => r.amount), [10, 5]);
  assert.deepEqual(list.map((r) => r.name), ['Cash', 'UPI']);
  assert.equal(list[0]!.receiptNo, a.receiptNo);
  assert.equal(list[0]!.salesOrderNo, a.salesOrderNo);
  assert.equal(list[0]!.statusName, 'Received');
  assert.equal(list[1]!.receiptTotalAmount, 15);
  assert.equal(list[1]!.soTotalAmount, a.net);
  assert.equal(list[1]!.balance, a.net - 15);
});

test('Receipts/id: another customer’s order is 404; missing or non-numeric ids are 400', async () => {
  const other = await makeSale(svc, cashier, { paid: 1 });
  assert.equal((await get(`Receipts/id?customerId=${other.customerRowId}&salesOrderId=${a.rowId}`)).status, 404);
  assert.equal((await get(`Receipts/id?customerId=${a.customerRowId}&salesOrderId=1`)).status, 404);
  assert.equal((await get(`Receipts/id?salesOrderId=${a.rowId}`)).status, 400);
  assert.equal((await get(`Receipts/id?customerId=abc&salesOrderId=${a.rowId}`)).status, 400);
});

test('list-paged: filters by customer, order, receipt no, payment kind, status, dates and search; pages and orders', async () => {
  const mine = { customerID: a.customerID };
  const all = await cashier.call(api.Receipts.listPaged, { body: mine });
  assert.equal(all.totalRecords, 3);
  const page = await cashier.call(api.Receipts.listPaged, { body: { ...mine, pageNumber: 2, pageSize: 2, orderBy: 'amount asc' } });
  assert.deepEqual(page.items.map((r) => r.amount), [20]);
  assert.equal(page.totalRecords, 3);
  const first = await cashier.call(api.Receipts.listPaged, { body: { ...mine, pageSize: 2, orderBy: 'amount asc' } });
  assert.deepEqual(first.items.map((r) => r.amount), [5, 10]);

  const byOrder = await cashier.call(api.Receipts.listPaged, { body: { salesOrderNo: b.salesOrderNo } });
  assert.deepEqual(byOrder.items.map((r) => [r.amount, r.salesOrderAmount, r.totalReceipt, r.itemCount]), [[20, b.net, 20, 1]]);
  const byNo = await cashier.call(api.Receipts.listPaged, { body: { receiptNo: a.receiptNo } });
  assert.deepEqual(byNo.items.map((r) => r.receiptNo), [a.receiptNo]);
  const upi = await cashier.call(api.Receipts.listPaged, { body: { ...mine, receiptTypeID: svc.server.deps.enc.encode('paymentKind', 3) } });
  assert.deepEqual(upi.items.map((r) => [r.receiptType, r.amount]), [['UPI', 5]]);
  assert.equal((await cashier.call(api.Receipts.listPaged, { body: { ...mine, statusID: 1 } })).totalRecords, 3);
  assert.equal((await cashier.call(api.Receipts.listPaged, { body: { ...mine, statusID: 2 } })).totalRecords, 0);
  const today = all.items[0]!.receiptDate!.slice(0, 10);
  assert.equal((await cashier.call(api.Receipts.listPaged, { body: { ...mine, fromDate: today, toDate: today } })).totalRecords, 3);
  assert.equal((await cashier.call(api.Receipts.listPaged, { body: { ...mine, toDate: '2000-01-01' } })).totalRecords, 0);
  assert.equal((await cashier.call(api.Receipts.listPaged, { body: { searchTerm: lastName } })).totalRecords, 3);

  assert.equal((await post({ orderBy: 'amount; DROP TABLE receipt' })).status, 400);
  assert.equal((await post({ pageSize: 501 })).status, 400);
  assert.equal((await post({ statusID: 9 })).status, 400);
  assert.equal((await post({ customerID: tamper(a.customerID) })).status, 400);
  assert.equal((await post({ receiptTypeID: a.customerID })).status, 400, 'a customer id is not a payment kind');
});

test('dates are read one way everywhere: a day that does not exist is 400 naming its field, a timestamp is its day', async () => {
  const bad = await post({ fromDate: '2025-02-30' });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.json.errors as object), ['fromDate']);
  assert.equal((await post({ fromDate: '2025-02-01T18:30:00.000Z', toDate: '2025-02-28' })).status, 200);
  const dashboard = await callAs(svc, manager, 'Dashboard/dashboardData', { date: 'yesterday' });
  assert.equal(dashboard.status, 400);
  assert.deepEqual(Object.keys(dashboard.json.errors as object), ['date']);
});
