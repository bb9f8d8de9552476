/** Invoices over HTTP: raised once per order, only when paid unless the store allows it, with the order's GST lines. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { ALLOW_INVOICE_BEFORE_FULL_PAYMENT_SETTING } from '../../main/service/sale/invoice.js';
import { type TestService, callAs } from '../helpers/service.js';
import { makeSale, tamper } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
});
after(() => svc.close());

const post = (path: string, body: unknown) => callAs(svc, cashier, path, body);
const get = (path: string) => callAs(svc, cashier, path);
const setting = (value: string) =>
  svc.server.deps.db
    .prepare('INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    .run(ALLOW_INVOICE_BEFORE_FULL_PAYMENT_SETTING, value);

test('a paid order is invoiced once: GST number format, the order’s figures, a second attempt is 409', async () => {
  const sale = await makeSale(svc, cashier, { paid: 'all', qty: 2 });
  const before = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  assert.equal(before.invoiceNo, null);
  const first = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID: sale.customerID } });
  assert.ok(first.invoiceNo.length <= 16);
  assert.match(first.invoiceNo, /^[A-Z0-9]+\/\d{2}\/1-0*1$/);
  const { db } = svc.server.deps;
  const inv = db.prepare('SELECT i.net_amount, i.taxable, i.cgst, i.sgst, i.igst, i.rounding FROM invoice i WHERE i.invoice_no = ?').get(first.invoiceNo);
  const order = db.prepare('SELECT net_amount, taxable, cgst, sgst, igst, rounding FROM sales_order WHERE id = ?').get(sale.rowId);
  assert.deepEqual(inv, order, 'the invoice carries the order’s stored figures');

  const again = await post('quickSale/SaveInvoiceOnly', { salesOrderID: sale.salesOrderID });
  assert.equal(again.status, 409);
  assert.match(String(again.json.message), /already invoiced as/);
  const viaData = await post('Invoice/save-invoice-data', { salesorderModel: { salesOrderId: sale.rowId } });
  assert.equal(viaData.status, 409);

  const data = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  assert.equal(data.invoiceNo, first.invoiceNo);
  assert.equal(data.invoiceID, first.invoiceID);
  assert.equal(data.netAmount, sale.net);
  assert.equal(data.items.length, 1);
  const line = data.items[0]!;
  assert.equal(line.qty, 2);
  assert.equal(line.igstAmount, 0, 'no state on record: intra-state');
  assert.equal(line.cgstRate, line.sgstRate);
  assert.equal(Math.round((line.taxableAmount + line.cgstAmount + line.sgstAmount) * 100), Math.round(line.totalAmount * 100));
});

test('the invoice shows the lines as sold, even after the item is renamed', async () => {
  const sale = await makeSale(svc, cashier, { paid: 'all' });
  const { db } = svc.server.deps;
  const before = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  db.prepare("UPDATE item SET name = 'Renamed lens' WHERE id = (SELECT item_id FROM sales_order_line WHERE sales_order_id = ?)").run(sale.rowId);
  const after = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  assert.deepEqual(after.items, before.items);
});

test('before full payment: refused with a 400 naming the order, unless the store allows it', async () => {
  const sale = await makeSale(svc, cashier, { paid: 1 });
  const refused = await post('quickSale/SaveInvoiceOnly', { salesOrderID: sale.salesOrderID });
  assert.equal(refused.status, 400);
  assert.match(String((refused.json.errors as Record<string, string[]>).salesOrderID), /balance/);

  setting('1');
  try {
    const saved = await cashier.call(api.Invoice.saveInvoiceData, { body: { salesorderModel: { salesOrderNo: sale.salesOrderNo } } });
    assert.match(saved.message, new RegExp(sale.salesOrderNo));
  } finally {
    setting('0');
  }
});

test('numbers follow the branch’s series for the year, one apart, never reused', async () => {
  const a = await makeSale(svc, cashier, { paid: 'all' });
  const b = await makeSale(svc, cashier, { paid: 'all' });
  const ia = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: a.salesOrderID } });
  const ib = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: b.salesOrderID } });
  const seq = (no: string) => Number(no.split('/').pop());
  assert.equal(seq(ib.invoiceNo), seq(ia.invoiceNo) + 1);
  assert.equal(ia.invoiceNo.split('/').slice(0, -1).join('/'), ib.invoiceNo.split('/').slice(0, -1).join('/'));
  const { db } = svc.server.deps;
  const dupes = db.prepare('SELECT invoice_no, count(*) AS n FROM invoice GROUP BY branch_id, year_id, invoice_no HAVING n > 1').all();
  assert.deepEqual(dupes, []);
});

test('bad inputs: missing or tampered ids are 400, unknown orders 404, another customer 400', async () => {
  const sale = await makeSale(svc, cashier, { paid: 'all' });
  const other = await makeSale(svc, cashier, { paid: 'all' });
  assert.equal((await post('quickSale/SaveInvoiceOnly', {})).status, 400);
  const tampered = await post('quickSale/SaveInvoiceOnly', { salesOrderID: tamper(sale.salesOrderID) });
  assert.equal(tampered.status, 400);
  assert.ok((tampered.json.errors as Record<string, unknown>).salesOrderID);
  assert.equal((await post('quickSale/SaveInvoiceOnly', { salesOrderID: sale.customerID })).status, 400, 'a customer id is not an order id');
  assert.equal((await post('quickSale/SaveInvoiceOnly', { salesOrderID: sale.salesOrderID, customerID: other.customerID })).status, 400);
  assert.equal((await post('Invoice/save-invoice-data', { salesorderModel: {} })).status, 400);
  assert.equal((await post('Invoice/save-invoice-data', { salesorderModel: { salesOrderId: 1.5 } })).status, 400);
  assert.equal((await post('Invoice/save-invoice-data', { salesorderModel: { salesOrderId: 12345 } })).status, 404);
  assert.equal((await post('Invoice/save-invoice-data', { salesorderModel: { salesOrderNo: 'NOPE/1' } })).status, 404);
  assert.equal((await get(`Invoice/get-invoice-data-by-salesorder?salesOrderId=${encodeURIComponent(tamper(sale.salesOrderID))}`)).status, 400);
  assert.equal((await get('Invoice/get-invoice-data-by-salesorder')).status, 400);
  assert.equal((await svc.anon.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } }).catch((e: { status: number }) => e.status)), 401);
});

test('orders and customers for a new invoice: paid, not invoiced, not cancelled; part-paid only when allowed', async () => {
  const lastName = `Lists${process.pid}`;
  const paid = await makeSale(svc, cashier, { paid: 'all', lastName });
  const part = await makeSale(svc, cashier, { paid: 1, customerID: paid.customerID });
  const ids = (list: { salesOrderID: string }[]) => list.map((o) => o.salesOrderID);
  let open = ids(await cashier.call(api.Invoice.ordersForNewInvoice, { body: {} }));
  assert.ok(open.includes(paid.salesOrderID));
  assert.ok(!open.includes(part.salesOrderID));
  const ofCustomer = await cashier.call(api.Invoice.salesOrdersForInvoice, { query: { customerId: paid.customerID } });
  assert.deepEqual(ids(ofCustomer.data), [paid.salesOrderID]);
  const customers = await cashier.call(api.Invoice.customersForInvoice, {});
  assert.ok(customers.data.some((c) => c.id === paid.customerID && c.customerName.endsWith(lastName)));

  setting('1');
  try {
    open = ids(await cashier.call(api.Invoice.ordersForNewInvoice, { body: {} }));
    assert.ok(open.includes(part.salesOrderID));
  } finally {
    setting('0');
  }
  await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: paid.salesOrderID } });
  assert.deepEqual((await cashier.call(api.Invoice.salesOrdersForInvoice, { query: { customerId: paid.customerID } })).data, []);
  assert.equal((await get(`Invoice/get-sales-orders-for-invoice?customerId=${encodeURIComponent(tamper(paid.customerID))}`)).status, 400);
});

test('invoice list: paged {totalRows, data}, filters by customer, name, number, order, date and amount; safe orderBy', async () => {
  const lastName = `Listed${process.pid}`;
  const first = await makeSale(svc, cashier, { paid: 'all', lastName });
  const made = [first];
  for (let i = 0; i < 2; i += 1) made.push(await makeSale(svc, cashier, { paid: 'all', customerID: first.customerID, qty: i + 2 }));
  const raised = [];
  for (const s of made) raised.push(await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: s.salesOrderID } }));

  const page1 = await cashier.call(api.Invoice.list, { body: { customerID: first.customerID, fromPage: 1, toPage: 2, orderBy: 'invoiceNumber asc' } });
  assert.equal(page1.totalRows, 3);
  assert.deepEqual(page1.data.map((r) => r.invoiceNo), raised.slice(0, 2).map((r) => r.invoiceNo));
  const page2 = await cashier.call(api.Invoice.list, { body: { customerID: first.customerID, fromPage: 3, toPage: 4, orderBy: 'invoiceNumber asc' } });
  assert.deepEqual(page2.data.map((r) => r.id), [raised[2]!.invoiceID]);
  assert.equal(page2.data[0]!.salesOrderNo, made[2]!.salesOrderNo);
  assert.equal(page2.data[0]!.netAmount, made[2]!.net);
  assert.equal(page2.data[0]!.plainId, Number(raised[2]!.invoiceNo.split('-').pop()));

  const byName = await cashier.call(api.Invoice.list, { body: { customerName: lastName } });
  assert.equal(byName.totalRows, 3);
  const byNo = await cashier.call(api.Invoice.list, { body: { invoiceNumber: raised[1]!.invoiceNo } });
  assert.deepEqual(byNo.data.map((r) => r.invoiceNo), [raised[1]!.invoiceNo]);
  const byOrder = await cashier.call(api.Invoice.list, { body: { salesOrderNo: made[0]!.salesOrderNo } });
  assert.equal(byOrder.totalRows, 1);
  const byAmount = await cashier.call(api.Invoice.list, { body: { customerID: first.customerID, netAmount: String(made[1]!.net) } });
  assert.deepEqual(byAmount.data.map((r) => r.id), [raised[1]!.invoiceID]);
  const today = byNo.data[0]!.date.slice(0, 10);
  assert.equal((await cashier.call(api.Invoice.list, { body: { customerID: first.customerID, date: today } })).totalRows, 3);
  assert.equal((await cashier.call(api.Invoice.list, { body: { customerID: first.customerID, toDate: '2000-01-01' } })).totalRows, 0);

  assert.equal((await post('Invoice/List', { orderBy: 'invoice_no; DROP TABLE invoice' })).status, 400);
  assert.equal((await post('Invoice/List', { fromDate: 'yesterday' })).status, 400);
  assert.equal((await post('Invoice/List', { netAmount: 'lots' })).status, 400);
  assert.equal((await post('Invoice/List', { fromPage: 5, toPage: 2 })).status, 400);
  assert.equal((await post('Invoice/List', { customerID: tamper(first.customerID) })).status, 400);
});
