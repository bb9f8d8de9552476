/**
 * Orders/search at scale (issue 12) on a store of 5,200 seeded orders: counts that stop a
 * thousand rows past the page (totalExact), exact totals from the tally, keyset paging that
 * agrees with page numbers, sorts no index serves refused past 5,000 matches, the order number
 * by its serial, and the customer found by mobile or name prefix whether few or many match.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Client } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { addOrders } from '../../main/service/setup/bulk-orders.js';
import { addCustomers } from '../../main/service/setup/bulk-store.js';
import { companies } from '../../main/service/store/company.js';
import { startTestService, type TestService } from '../helpers/service.js';

const SEEDED = 5200;
const SHARED_NAME = { first: 'Zoravar', customers: 4200 };
let svc: TestService;
let cashier: Client;
before(async () => {
  svc = await startTestService();
  const { db, ids } = svc.server.deps;
  const store = { file: '', db, ids, company: companies(db).only()! };
  // Enough customers that a name prefix matches hundreds of them (more than are passed as a list),
  // and one first name shared by thousands (so many that a page looks each order's customer up).
  addCustomers(store, 3000);
  addCustomers(store, SHARED_NAME.customers, undefined, { firstName: SHARED_NAME.first });
  addOrders(store, SEEDED, { now: svc.clock.now });
  cashier = await svc.as('cashier');
});
after(() => svc.close());

const search = (body: object) => cashier.call(api.Orders.search, { body: { pageSize: 20, ...body } });

test('an unfiltered search is counted exactly from the tally; a filtered one stops 1,000 rows past the page', async () => {
  const all = await search({});
  assert.equal(all.totalRows, SEEDED);
  assert.equal(all.totalExact, true);
  const delivered = await search({ status: 'Delivered' });
  const { n } = svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order WHERE status_id = 4').get() as { n: number };
  assert.deepEqual([delivered.totalRows, delivered.totalExact], [n, true]);
  const year = new Date(svc.clock.now.getTime() - 800 * 86_400_000).toISOString().slice(0, 10);
  const wide = await search({ fromDate: year });
  assert.deepEqual([wide.totalRows, wide.totalExact], [1020, false], 'page 1 of 20 rows counts to 1,020 and stops');
  const deeper = await search({ fromDate: year, pageNumber: 3 });
  assert.deepEqual([deeper.totalRows, deeper.totalExact], [1060, false]);
  const day = wide.data[0]!.date.slice(0, 10);
  const oneDay = await search({ date: day });
  assert.equal(oneDay.totalExact, true);
  assert.equal(oneDay.totalRows, (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order WHERE order_date = ?').get(day) as { n: number }).n);
});

test('after: nextPage continues newest first exactly as the page numbers do', async () => {
  const byNumber = [...(await search({ pageNumber: 1 })).data, ...(await search({ pageNumber: 2 })).data, ...(await search({ pageNumber: 3 })).data];
  const first = await search({});
  const second = await search({ after: first.nextPage });
  const third = await search({ after: second.nextPage });
  assert.deepEqual([...first.data, ...second.data, ...third.data].map((o) => o.id), byNumber.map((o) => o.id));
  await assert.rejects(search({ after: 'not-a-key' }), (err: { status: number; body: { errors?: Record<string, string[]> } }) => err.status === 400 && 'after' in (err.body.errors ?? {}));
  await assert.rejects(search({ after: first.nextPage, orderBy: 'netAmount desc' }), { status: 400 });
});

test('a sort no index serves is refused past 5,000 matches, and works on a narrower search', async () => {
  await assert.rejects(search({ orderBy: 'customerName' }), (err: { status: number; message: string; body: { errors?: Record<string, string[]> } }) => {
    assert.equal(err.status, 400);
    assert.match(err.body.errors!.orderBy![0]!, /Narrow the search to 5,000 orders or fewer/);
    return true;
  });
  const day = (await search({})).data[0]!.date.slice(0, 10);
  const sorted = await search({ date: day, orderBy: 'customerName', pageSize: 500 });
  assert.equal(sorted.data.length, sorted.totalRows);
  assert.ok(sorted.totalRows > 0);
  const byNet = await search({ orderBy: 'netAmount desc' });
  assert.ok(byNet.data.every((o, i, all) => i === 0 || all[i - 1]!.netAmount >= o.netAmount));
});

test('the order number by its serial or its start; the customer by mobile prefix, few or many', async () => {
  const { db } = svc.server.deps;
  const sample = db.prepare("SELECT order_no FROM sales_order ORDER BY id DESC LIMIT 1").get() as { order_no: string };
  const serial = String(Number(sample.order_no.slice(-6)));
  const bySerial = await search({ salesOrderNo: serial, pageSize: 500 });
  assert.ok(bySerial.data.some((o) => o.salesOrderNo === sample.order_no));
  // …/000123 before the till code, …/1-000123 with it: the serial is the last six digits either way.
  assert.ok(bySerial.data.every((o) => new RegExp(`[/-]${serial.padStart(6, '0')}$`).test(o.salesOrderNo)));
  const byStart = await search({ salesOrderNo: sample.order_no.toLowerCase() });
  assert.deepEqual(byStart.data.map((o) => o.salesOrderNo), [sample.order_no]);

  const one = db.prepare('SELECT c.mobile_digits AS m, count(*) AS n FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE c.mobile_digits IS NOT NULL GROUP BY c.id ORDER BY n DESC LIMIT 1').get() as { m: string; n: number };
  const mine = await search({ customerMobile: one.m, pageSize: 500 });
  assert.equal(mine.totalRows, one.n);
  const many = await search({ customerMobile: one.m.slice(0, 1) });
  const { n } = db.prepare("SELECT count(*) AS n FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE c.mobile_digits LIKE ? || '%'").get(one.m.slice(0, 1)) as { n: number };
  assert.equal(many.totalRows, Math.min(n, 1020));
  assert.ok(many.data.every((o, i, all) => i === 0 || all[i - 1]!.date >= o.date), 'newest first');
});

test('many customers by name or mobile: the count starts from them, a long list walks the newest orders, both as plain SQL says', async () => {
  const { db } = svc.server.deps;
  const newestFirst = (where: string, ...params: string[]) =>
    (db.prepare(`SELECT o.order_no FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE ${where} ORDER BY o.order_date DESC, o.id DESC`).all(...params) as Array<{ order_no: string }>).map((r) => r.order_no);
  const pages = async (body: object) => {
    const first = await search(body);
    const second = await search({ ...body, pageNumber: 2 });
    return { first, numbers: [...first.data, ...second.data].map((o) => o.salesOrderNo) };
  };

  // "Ra": Rahul and Rajesh by first name, Rana and Rathod by last; a Rahul Rana is one customer, counted once.
  const ra = newestFirst("c.first_name LIKE 'Ra%' OR c.last_name LIKE 'Ra%'");
  const customers = db.prepare("SELECT count(*) AS n FROM customer WHERE first_name LIKE 'Ra%' OR last_name LIKE 'Ra%'").get() as { n: number };
  assert.ok(customers.n > 256, `${customers.n} customers: more than are passed as a list`);
  assert.ok(db.prepare("SELECT 1 FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE c.first_name LIKE 'Ra%' AND c.last_name LIKE 'Ra%'").get(), 'some orders of a customer matching twice');
  assert.ok(ra.length < 1020, `${ra.length} orders: counted exactly`);
  const byName = await pages({ customerName: 'ra' });
  assert.equal(byName.first.totalRows, ra.length);
  assert.equal(byName.first.totalExact, true);
  assert.deepEqual(byName.numbers, ra.slice(0, 40));

  // The first digit of a mobile: a quarter of all orders, more than a count's worth, so the page walks the newest orders.
  const digit = (db.prepare('SELECT substr(mobile_digits, 1, 1) AS d FROM customer GROUP BY d ORDER BY count(*) DESC LIMIT 1').get() as { d: string }).d;
  const byDigit = newestFirst("c.mobile_digits LIKE ? || '%'", digit);
  assert.ok(byDigit.length > 1020, `${byDigit.length} orders`);
  const byMobile = await pages({ customerMobile: digit });
  assert.equal(byMobile.first.totalRows, 1020);
  assert.equal(byMobile.first.totalExact, false);
  assert.deepEqual(byMobile.numbers, byDigit.slice(0, 40));
  // With the status too, counted from the customers as well.
  const status = String((db.prepare('SELECT status_id AS s FROM sales_order GROUP BY s ORDER BY count(*) LIMIT 1').get() as { s: number }).s);
  const booked = newestFirst("c.mobile_digits LIKE ? || '%' AND o.status_id = ?", digit, status);
  const bookedPages = await pages({ customerMobile: digit, status });
  assert.equal(bookedPages.first.totalRows, Math.min(booked.length, 1020));
  assert.deepEqual(bookedPages.numbers, booked.slice(0, 40));
});

test('a first name thousands of customers share: counted from them, and a page that looks each order’s customer up agrees with plain SQL', async () => {
  const { db } = svc.server.deps;
  const shared = (db.prepare('SELECT count(*) AS n FROM customer WHERE first_name = ?').get(SHARED_NAME.first) as { n: number }).n;
  assert.ok(shared > 4096, `${shared} customers: more than a page gathers before it walks`);
  const newest = (db.prepare(
    `SELECT o.order_no FROM sales_order o JOIN customer c ON c.id = o.customer_id WHERE c.first_name LIKE 'zor%' OR c.last_name LIKE 'zor%'
     ORDER BY o.order_date DESC, o.id DESC LIMIT 60`,
  ).all() as Array<{ order_no: string }>).map((r) => r.order_no);
  const first = await search({ customerName: 'zor' });
  assert.deepEqual([first.totalRows, first.totalExact], [1020, false]);
  const second = await search({ customerName: 'zor', pageNumber: 2 });
  const third = await search({ customerName: 'zor', after: second.nextPage });
  assert.deepEqual([...first.data, ...second.data, ...third.data].map((o) => o.salesOrderNo), newest);
});
