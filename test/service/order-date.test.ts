/** Back-dated and future-dated sales: who may, and how far back. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Client } from '../../shared/client.js';
import { localDate } from '../../shared/domain/calendar.js';
import { yearSpan } from '../../shared/domain/financial-year.js';
import { api } from '../../shared/endpoints/index.js';
import { failure } from '../helpers/customers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';

let svc: TestService;
let cashier: Client & { token: string };
let admin: Client & { token: string };
let customerID: string;
before(async () => {
  svc = await startTestService();
  // Mid-financial-year, so "yesterday" is inside the year whatever today's real date is.
  const midYear = new Date(`${yearSpan(localDate(svc.clock.now)).start.slice(0, 4)}-09-15T11:00:00`);
  svc.clock.advance(midYear.getTime() - svc.clock.now.getTime());
  cashier = await svc.as('cashier');
  admin = await svc.as('admin');
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Dina', lastName: 'Datewala', mobile: '9876505550' } })).customerID;
});
after(() => svc.close());

async function sellOn(client: Client, date: string | undefined) {
  const { enc } = svc.server.deps;
  const lensId = singleVisionLens(svc).id;
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lensId) } });
  return client.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID, date }, allowZeroAmountReceiptInQuickSale: true },
  });
}
const bookedOn = (orderNo: string) =>
  (svc.server.deps.db.prepare('SELECT order_date FROM sales_order WHERE order_no = ?').get(orderNo) as { order_date: string }).order_date;

test('a sale is booked today unless a date is given', async () => {
  const sale = await sellOn(cashier, undefined);
  assert.equal(bookedOn(sale.salesOrderNo), localDate(svc.clock.now));
});

test('only a store manager or admin may back-date, within the financial year; nobody may date ahead', async () => {
  const today = localDate(svc.clock.now);
  const yesterday = localDate(new Date(svc.clock.now.getTime() - 86_400_000));
  const tomorrow = localDate(new Date(svc.clock.now.getTime() + 86_400_000));
  await failure(sellOn(cashier, yesterday), 403);
  const backDated = await sellOn(admin, yesterday);
  assert.equal(bookedOn(backDated.salesOrderNo), yesterday);
  const ahead = await failure(sellOn(admin, tomorrow), 400);
  assert.ok((ahead.body as { errors: Record<string, string[]> }).errors['salesorderModel.date']);
  const lastYear = `${Number(today.slice(0, 4)) - 1}-09-15`;
  const tooOld = await failure(sellOn(admin, lastYear), 400);
  assert.match(String((tooOld.body as { errors: Record<string, string[]> }).errors['salesorderModel.date']), /On or after/);
});
