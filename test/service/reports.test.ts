/**
 * The chain's reports over HTTP, on a real store file and its read worker: each report's figures
 * against sales worked by hand (a part-paid sale paid more by UPI, a sale paid in full, a cancelled
 * one, a frame returned; the next day a sale to compare with), the XLSX opened back with exceljs and
 * the CSV parsed, the period rule (a year at most, a 400 naming the field) and the branch scope (a
 * manager reads their own branch only; head office every branch), and that both rows are read-worker
 * handlers (their files come back from the worker: every export here went through one).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { api } from '../../shared/endpoints/index.js';
import { handlers } from '../../main/service/endpoints/index.js';
import type { Report, ReportName } from '../../shared/models/reports.js';
import { localDate } from '../../shared/domain/calendar.js';
import { makeSale, type MadeSale } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { callAs, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let day1: string;
let day2: string;
let partPaid: MadeSale;
let paidInFull: MadeSale;
let cancelled: MadeSale;
let nextDay: MadeSale;
let frame: { id: number; price: number; net: number; returned: number };
const db = () => svc.server.deps.db;
const enc = () => svc.server.deps.enc;
const homeBranch = () => (db().prepare("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").get() as { branch_id: number }).branch_id;

async function report(who: SignedIn, name: ReportName, from: string, to: string, branchID?: string): Promise<Report> {
  return who.call(api.Reports.run, { params: { report: name }, query: { from, to, ...(branchID ? { branchID } : {}) } });
}
const row = (r: Report, key: string, label: string) => r.rows.find((x) => x[key] === label);

before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
  day1 = localDate(svc.clock.now);
  const cash = enc().encode('paymentKind', 1);
  partPaid = await makeSale(svc, cashier, { paid: 10, qty: 2 });
  await cashier.call(api.QuickSale.saveReceipt, {
    body: { salesOrderID: partPaid.salesOrderID, customerIDStr: partPaid.customerID, receiptTypeId: enc().encode('paymentKind', 3), amount: 5, referenceNo: 'UPI-1' },
  });
  paidInFull = await makeSale(svc, cashier, { paid: 'all' });
  cancelled = await makeSale(svc, cashier, { paid: 20 });
  await admin.call(api.Orders.cancel, { params: { salesOrderId: cancelled.salesOrderID }, body: { receiptStatusId: 4 } });
  // A frame off the shelf, paid in full, one of two brought back for a cash refund.
  const f = db()
    .prepare('SELECT i.id, i.sale_price AS price FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ? AND s.on_hand >= 2 AND s.expiry_date IS NULL AND i.sale_price > 0 ORDER BY i.id LIMIT 1')
    .get(homeBranch()) as { id: number; price: number };
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Frame', lastName: 'Buyer' } })).customerID;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc().encode('item', f.id), qty: 2 } });
  const net = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await cashier.call(api.QuickSale.saveSale, { body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: net } } });
  const line = db().prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ?').get(enc().decode('salesOrder', sale.salesOrderID)) as { id: number };
  const back = await cashier.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: enc().encode('salesOrderLine', line.id), qty: 1, destination: 'stock' }], reason: 'Did not suit', settlement: 'refund' },
  });
  frame = { id: f.id, price: f.price, net, returned: back.amount };
  svc.clock.advance(24 * 3600_000);
  day2 = localDate(svc.clock.now);
  [cashier, manager, admin] = await Promise.all([svc.as('cashier'), svc.as('manager'), svc.as('admin')]);
  nextDay = await makeSale(svc, cashier, { paid: 'all' });
});
after(() => svc.close());

test('sales by branch and by day: the day’s orders, net, money received, and the day before to compare', async () => {
  const sold = partPaid.net + paidInFull.net + frame.net;
  const received = 10 + 5 + paidInFull.net + 20 + frame.net;
  const first = await report(manager, 'sales-by-branch', day1, day1);
  assert.equal(first.rows.length, 1, 'a manager reads their own branch');
  assert.deepEqual([first.rows[0]!.orders, first.rows[0]!.sales, first.rows[0]!.received], [3, sold, received]);
  const second = await report(manager, 'sales-by-branch', day2, day2);
  assert.equal(second.previousFrom, day1);
  assert.deepEqual([second.rows[0]!.orders, second.rows[0]!.sales, second.rows[0]!.previous], [1, nextDay.net, sold]);
  assert.equal(second.rows[0]!.change, Math.round(((nextDay.net - sold) / sold) * 1000) / 10);
  const days = await report(manager, 'sales-by-day', day1, day2);
  assert.deepEqual(days.rows.map((r) => [r.day, r.orders, r.sales]), [[day1, 3, sold], [day2, 1, nextDay.net]]);
  assert.deepEqual(days.chart?.points.map((p) => p.value), [sold, nextDay.net]);
  assert.equal(days.total?.sales, Math.round((sold + nextDay.net) * 100) / 100);
});

test('payments by kind, salesperson, item type: each from the day’s receipts and lines', async () => {
  const kinds = await report(manager, 'payments-by-kind', day1, day1);
  assert.deepEqual(row(kinds, 'kind', 'Cash'), { kind: 'Cash', receipts: 4, amount: 10 + paidInFull.net + 20 + frame.net, previous: null, change: null });
  assert.deepEqual(row(kinds, 'kind', 'UPI'), { kind: 'UPI', receipts: 1, amount: 5, previous: null, change: null });
  const people = await report(manager, 'sales-by-salesperson', day1, day1);
  assert.equal(people.rows.length, 1);
  assert.equal(people.rows[0]!.orders, 3);
  const types = await report(manager, 'sales-by-item-type', day1, day1);
  const qty = Object.fromEntries(types.rows.map((r) => [r.name, r.qty]));
  assert.equal(Object.values(qty).reduce((s, n) => (s as number) + (n as number), 0), 2 + 1 + 2, 'two lenses, one lens, two frames; the cancelled sale not counted');
  const frames = types.rows.find((r) => r.returnedQty === 1);
  assert.ok(frames, 'the frame returned is counted against its type');
  const brands = await report(manager, 'sales-by-brand', day1, day1);
  assert.equal(brands.total?.qty, 5, 'the same five units by brand');
  assert.equal(brands.total?.amount, types.total?.amount, 'by brand and by type add up to the same sales');
  assert.equal(types.total?.amount, Math.round(first3() * 100) / 100, 'the lines add up to the orders’ net');
});

test('returns and cancellations, outstanding balances, fast sellers', async () => {
  const back = await report(manager, 'returns-and-cancellations', day1, day1);
  assert.deepEqual([back.rows[0]!.returns, back.rows[0]!.returned, back.rows[0]!.refunded, back.rows[0]!.cancelled, back.rows[0]!.cancelledAmount], [1, frame.returned, frame.returned, 1, cancelled.net]);
  const owing = await report(manager, 'outstanding-balances', day1, day2);
  assert.equal(owing.total?.owed, Math.round((partPaid.net - 15) * 100) / 100);
  assert.equal(owing.rows.length, 1);
  const fast = await report(manager, 'fast-sellers', day1, day1);
  assert.ok(fast.rows.length >= 2);
  assert.ok((fast.rows[0]!.qty as number) >= (fast.rows[1]!.qty as number), 'most sold first');
  const slow = await report(manager, 'slow-sellers', day1, day1);
  assert.ok(slow.rows.every((r) => (r.onHand as number) > 0));
  assert.equal(slow.rows[0]!.qty, 0, 'an item on the shelf nobody bought comes first');
  const stock = await report(manager, 'stock-value', day1, day1);
  assert.ok((stock.rows[0]!.value as number) > 0);
  const discounts = await report(manager, 'discounts', day1, day1);
  assert.equal(discounts.rows[0]!.sales, first3());
  const recalls = await report(manager, 'recall-follow-up', day1, day1);
  assert.equal(recalls.rows.length, 1);
});
const first3 = () => partPaid.net + paidInFull.net + frame.net;

test('the XLSX opens back with the report’s table, the CSV parses to it', async () => {
  const shown = await report(manager, 'payments-by-kind', day1, day1);
  const xlsx = await fetch(`${svc.url}/api-v1/api/Reports/payments-by-kind/export?from=${day1}&to=${day1}&format=xlsx`, { headers: { authorization: `Bearer ${manager.token}` } });
  assert.equal(xlsx.status, 200);
  assert.match(xlsx.headers.get('content-type') ?? '', /spreadsheetml/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await xlsx.arrayBuffer());
  const sheet = book.worksheets[0]!;
  assert.equal(sheet.getCell('A1').value, 'Payments by kind');
  assert.deepEqual((sheet.getRow(4).values as unknown[]).slice(1), ['Paid by', 'Receipts', 'Amount', 'Amount, previous period', 'Change %']);
  const cashRow = [5, 6, 7].map((n) => sheet.getRow(n)).find((r) => r.getCell(1).value === 'Cash')!;
  assert.equal(cashRow.getCell(3).value, row(shown, 'kind', 'Cash')!.amount);

  const csv = await callAs(svc, manager, `Reports/payments-by-kind/export?from=${day1}&to=${day1}&format=csv`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-disposition') ?? '', /payments-by-kind-.*\.csv/);
  const lines = parse(csv.text, { bom: true }) as string[][];
  assert.deepEqual(lines[0], ['Paid by', 'Receipts', 'Amount', 'Amount, previous period', 'Change %']);
  const cash = lines.find((l) => l[0] === 'Cash')!;
  assert.deepEqual([Number(cash[1]), Number(cash[2])], [4, row(shown, 'kind', 'Cash')!.amount]);
  assert.equal(lines.at(-1)![0], 'Total');
});

test('the period: a year at most, the last day not before the first; a 400 naming the field and nothing else', async () => {
  const long = await callAs(svc, manager, `Reports/sales-by-day?from=2025-01-01&to=2026-01-02`);
  assert.equal(long.status, 400);
  assert.ok((long.json.errors as Record<string, unknown> | undefined)?.to, JSON.stringify(long.json));
  assert.match(String(long.json.message), /at most a year/);
  const leap = await callAs(svc, manager, `Reports/sales-by-day?from=2024-01-01&to=2024-12-31`);
  assert.equal(leap.status, 200, 'a leap year of 366 days is a year');
  const backwards = await callAs(svc, manager, `Reports/sales-by-branch?from=${day2}&to=${day1}`);
  assert.equal(backwards.status, 400);
  assert.ok((backwards.json.errors as Record<string, unknown> | undefined)?.to);
  const bad = await callAs(svc, manager, `Reports/sales-by-branch?from=2026-02-30&to=${day1}`);
  assert.equal(bad.status, 400);
  assert.ok((bad.json.errors as Record<string, unknown> | undefined)?.from);
  const unknown = await callAs(svc, manager, `Reports/who-knows?from=${day1}&to=${day1}`);
  assert.equal(unknown.status, 404);
  assert.match(String(unknown.json.message), /no report called who-knows/);
});

test('scope: a manager cannot read another branch; head office reads every branch; a cashier reads none', async () => {
  const other = db().prepare('SELECT id FROM branch WHERE id <> ? ORDER BY id LIMIT 1').get(homeBranch()) as { id: number };
  const otherID = enc().encode('branch', other.id);
  const refused = await callAs(svc, manager, `Reports/sales-by-branch?from=${day1}&to=${day1}&branchID=${encodeURIComponent(otherID)}`);
  assert.equal(refused.status, 403);
  assert.ok((refused.json.errors as Record<string, unknown> | undefined)?.branchID);
  const exported = await callAs(svc, manager, `Reports/sales-by-branch/export?from=${day1}&to=${day1}&format=csv&branchID=${encodeURIComponent(otherID)}`);
  assert.equal(exported.status, 403);
  const all = await report(admin, 'sales-by-branch', day1, day1);
  assert.equal(all.branchName, 'All branches');
  const branches = (db().prepare('SELECT count(*) AS n FROM branch').get() as { n: number }).n;
  assert.equal(all.rows.length, branches);
  const theirs = await report(admin, 'sales-by-branch', day1, day1, otherID);
  assert.deepEqual([theirs.rows.length, theirs.rows[0]!.orders], [1, 0]);
  const cashierAsks = await callAs(svc, cashier, `Reports/sales-by-branch?from=${day1}&to=${day1}`);
  assert.equal(cashierAsks.status, 403);
});

test('a report and its file are read-worker handlers: the counter’s thread never runs them', () => {
  const offThread = handlers.filter((h) => h.endpoint.group === 'Reports').map((h) => [h.endpoint.name, h.offThread === true]);
  assert.deepEqual(offThread, [['Reports.run', true], ['Reports.export', true]]);
});
