/**
 * Issue 11, items 1 and 10: the promised delivery date is kept (from the counter, else the store's
 * turnaround per kind of job), a past one is refused, it is on the order, the job card, the search
 * and the dashboard; goods off the shelf paid in full are Delivered when saved.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { localDate } from '../../shared/domain/calendar.js';
import { api } from '../../shared/endpoints/index.js';
import { addDays } from '../../main/service/input/dates.js';
import { settings } from '../../main/service/store/setting.js';
import { pdfText, squeeze } from '../helpers/print.js';
import { http, type TestService } from '../helpers/service.js';
import { frameInStock } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let customerID: string;
let today: string;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  today = localDate(svc.clock.now);
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Due', lastName: 'Date', mobile: '9811122233' } })).customerID;
});
after(() => svc.close());

const lensOf = (design: string) => {
  const { db, enc } = svc.server.deps;
  const row = db.prepare(
    `SELECT i.id FROM item i JOIN category c ON c.id = i.category_id WHERE i.item_type_id = 3 AND i.is_active = 1 AND c.name = ? ORDER BY i.code LIMIT 1`,
  ).get(design) as { id: number };
  return enc.encode('item', row.id);
};
const order = (no: string) =>
  svc.server.deps.db.prepare('SELECT status_id, delivery_date, delivery_time FROM sales_order WHERE order_no = ?').get(no) as {
    status_id: number;
    delivery_date: string | null;
    delivery_time: string | null;
  };

async function sell(itemIDs: string[], paid: number | 'all', salesorderModel: Record<string, unknown> = {}) {
  let sessionID = '';
  for (const itemID of itemIDs) sessionID = (await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID, qty: 1, ...(sessionID ? { sessionID } : {}) } })).sessionID;
  const net = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const amount = paid === 'all' ? net : paid;
  const body = {
    sessionID,
    salesorderModel: { sessionId: sessionID, customerId: customerID, ...salesorderModel },
    receiptModel: { receiptTypeId: svc.server.deps.enc.encode('paymentKind', 1), amount },
  };
  return { body, response: await http(`${svc.url}/api-v1/api/quickSale/SaveSale`, {
    method: 'POST', headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  }) };
}

test('no date at the counter: the store’s turnaround — single vision 3 days, progressive 7; the slowest line sets it', async () => {
  const sv = await sell([lensOf('Single Vision')], 100);
  assert.equal(sv.response.status, 200, sv.response.text);
  assert.equal(order(String(sv.response.json.salesOrderNo)).delivery_date, addDays(today, 3));
  const frame = svc.server.deps.enc.encode('item', frameInStock(svc, 'cashier'));
  const pr = await sell([frame, lensOf('Progressive')], 100);
  assert.equal(order(String(pr.response.json.salesOrderNo)).delivery_date, addDays(today, 7));
});

test('the store sets its own turnaround (setting delivery.days)', async () => {
  settings(svc.server.deps.db).set('delivery.days', JSON.stringify({ singleVision: 2 }));
  try {
    const sv = await sell([lensOf('Single Vision')], 100);
    assert.equal(order(String(sv.response.json.salesOrderNo)).delivery_date, addDays(today, 2));
  } finally {
    settings(svc.server.deps.db).set('delivery.days', '{}');
  }
});

test('the counter’s date and time are kept, on the order detail, the search, the job card and the dashboard', async () => {
  const due = addDays(today, 4);
  const sale = await sell([lensOf('Single Vision')], 100, { deliveryDateString: due, deliveryTimeString: '17:30' });
  const no = String(sale.response.json.salesOrderNo);
  assert.deepEqual(order(no), { status_id: 1, delivery_date: due, delivery_time: '17:30' });
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: no } });
  assert.equal(detail.deliveryDate, `${due}T17:30`);
  const found = await cashier.call(api.Orders.search, { body: { pageNumber: 1, pageSize: 50, deliveryDateTime: due } });
  assert.ok(found.data.some((o) => o.salesOrderNo === no), 'Orders/search by deliveryDateTime finds it');
  const id = String(sale.response.json.salesOrderID);
  const card = squeeze(pdfText((await cashier.raw(api.Common.jobCardPdf, { body: id })).bytes));
  assert.doesNotMatch(card, /not set/);
  assert.match(card, new RegExp(`Due ${due.slice(8, 10)}-${due.slice(5, 7)}-${due.slice(0, 4)}`));
  const onTheDay = await manager.call(api.Dashboard.dashboardData, { body: { date: `${due}T00:00:00` } });
  assert.ok(onTheDay.deliveries.dueToday >= 1);
  const after = await manager.call(api.Dashboard.dashboardData, { body: { date: `${addDays(due, 1)}T00:00:00` } });
  assert.ok(after.deliveries.overdue >= 1);
  const daysField = await sell([lensOf('Single Vision')], 100, { deliveryDateDays: '5' });
  assert.equal(order(String(daysField.response.json.salesOrderNo)).delivery_date, addDays(today, 5));
});

test('a date alone where a date-time is declared means that day, with no time: SaveSale, the order detail, and the order page', async () => {
  const due = addDays(today, 6);
  const sale = await sell([lensOf('Single Vision')], 100, { deliveryDate: due, date: today, visitingDate: today });
  assert.equal(sale.response.status, 200, sale.response.text);
  const no = String(sale.response.json.salesOrderNo);
  assert.deepEqual(order(no), { status_id: 1, delivery_date: due, delivery_time: null });
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: no } });
  assert.equal(detail.deliveryDate, due, 'the date only: no time was promised');
  // A date-time keeps its time; midnight is a day picked on a calendar, so no time either.
  const timed = await sell([lensOf('Single Vision')], 100, { deliveryDate: `${due}T16:45:00` });
  assert.deepEqual(order(String(timed.response.json.salesOrderNo)), { status_id: 1, delivery_date: due, delivery_time: '16:45' });
  const midnight = await sell([lensOf('Single Vision')], 100, { deliveryDate: `${due}T00:00:00` });
  assert.equal(order(String(midnight.response.json.salesOrderNo)).delivery_time, null);
  // The date as text, a date-time as text: the same rule.
  const text = await sell([lensOf('Single Vision')], 100, { deliveryDateString: `${due}T12:15` });
  assert.equal(order(String(text.response.json.salesOrderNo)).delivery_time, '12:15');
  // A time still refused when it is not a time, naming the field.
  const bad = await sell([lensOf('Single Vision')], 100, { deliveryDate: due, deliveryTime: 'after lunch' });
  assert.equal(bad.response.status, 400);
  assert.deepEqual(Object.keys(bad.response.json.errors as object), ['salesorderModel.deliveryTime']);

  // The order page (ChangeDelivery): a date alone, then a date-time without a time field.
  const id = String(sale.response.json.salesOrderID);
  const later = addDays(today, 9);
  await cashier.call(api.Orders.delivery, { params: { salesOrderId: id }, body: { deliveryDate: later } });
  assert.deepEqual(order(no), { status_id: 1, delivery_date: later, delivery_time: null });
  assert.equal((await cashier.call(api.Orders.detail, { params: { salesOrderNo: no } })).deliveryDate, later);
  await cashier.call(api.Orders.delivery, { params: { salesOrderId: id }, body: { deliveryDate: `${later}T10:30:00` } });
  assert.equal(order(no).delivery_time, '10:30');
  await cashier.call(api.Orders.delivery, { params: { salesOrderId: id }, body: { deliveryDate: `${later}T10:30:00`, deliveryTime: '18:00' } });
  assert.equal(order(no).delivery_time, '18:00', 'the time field wins over the date-time’s own');
});

test('a delivery date in the past is refused naming the field, and nothing is written', async () => {
  const count = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
  const before = count();
  const past = await sell([lensOf('Single Vision')], 100, { deliveryDate: `${addDays(today, -1)}T00:00:00` });
  assert.equal(past.response.status, 400);
  assert.ok((past.response.json.errors as Record<string, unknown>)['salesorderModel.deliveryDate']);
  const pastText = await sell([lensOf('Single Vision')], 100, { deliveryDateString: addDays(today, -3) });
  assert.equal(pastText.response.status, 400);
  assert.ok((pastText.response.json.errors as Record<string, unknown>)['salesorderModel.deliveryDateString']);
  assert.equal(count(), before);
});

test('cash and carry: goods off the shelf paid in full are Delivered when saved and the receipt says so; part-paid or a lab job waits', async () => {
  const frame = svc.server.deps.enc.encode('item', frameInStock(svc, 'cashier'));
  const paid = await sell([frame], 'all');
  const no = String(paid.response.json.salesOrderNo);
  assert.deepEqual(order(no), { status_id: 4, delivery_date: today, delivery_time: null });
  const receipt = squeeze(pdfText((await cashier.raw(api.Common.receiptPdf, { body: String(paid.response.json.receiptID), query: {} })).bytes));
  assert.match(receipt, /Status Delivered/);
  assert.doesNotMatch(receipt, /bring this receipt when you collect/);
  const part = await sell([frame], 100);
  assert.equal(order(String(part.response.json.salesOrderNo)).status_id, 1, 'part-paid: still to be collected');
  const lens = await sell([lensOf('Single Vision')], 'all');
  assert.equal(order(String(lens.response.json.salesOrderNo)).status_id, 1, 'a lab job waits for the lab');
});

test('the order page moves the promise: kept with who and when; a past date is a 400, a delivered order a 409', async () => {
  const sale = await sell([lensOf('Single Vision')], 100);
  const id = String(sale.response.json.salesOrderID);
  const no = String(sale.response.json.salesOrderNo);
  const later = addDays(today, 10);
  const moved = await cashier.call(api.Orders.delivery, { params: { salesOrderId: id }, body: { deliveryDate: later, deliveryTime: '11:00' } });
  assert.match(moved.message, new RegExp(later));
  const row = svc.server.deps.db.prepare(
    'SELECT o.delivery_date, o.delivery_time, o.delivery_changed_at, u.user_name FROM sales_order o JOIN app_user u ON u.id = o.delivery_changed_by WHERE o.order_no = ?',
  ).get(no) as { delivery_date: string; delivery_time: string; delivery_changed_at: string; user_name: string };
  assert.deepEqual([row.delivery_date, row.delivery_time, row.user_name], [later, '11:00', 'cashier']);
  assert.ok(row.delivery_changed_at);

  const put = (body: unknown, orderId = id) =>
    http(`${svc.url}/api-v1/api/Orders/${orderId}/delivery`, {
      method: 'PUT', headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
  const past = await put({ deliveryDate: addDays(today, -1) });
  assert.equal(past.status, 400);
  assert.ok((past.json.errors as Record<string, unknown>).deliveryDate);
  assert.equal(order(no).delivery_date, later, 'nothing changed');
  const frame = svc.server.deps.enc.encode('item', frameInStock(svc, 'cashier'));
  const delivered = await sell([frame], 'all');
  assert.equal((await put({ deliveryDate: later }, String(delivered.response.json.salesOrderID))).status, 409);
});
