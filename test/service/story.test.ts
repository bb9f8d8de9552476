/**
 * Issue 5's whole story over HTTP, as one store would live it: a frame and a lens pair sold with
 * part payment, the order through the lab to delivery, the balance collected, the GST invoice raised.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { failure } from '../helpers/customers.js';
import { frameInStock, sellFrameAndPair } from '../helpers/sales.js';
import { type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
});
after(() => svc.close());

test('sale with part payment → lab → ready → delivered → balance collected → invoice', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Anand', lastName: 'Storyteller', mobile: '9876507770' } })).customerID;
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 1000, frameId: frameInStock(svc, 'cashier', 1) });
  const params = { salesOrderId: sale.salesOrderID };

  const booked = await cashier.call(api.Orders.advanceReceiptData, { params });
  assert.equal(booked.receiptTotalAmount, 1000);
  assert.equal(booked.balance, booked.soTotalAmount - 1000);
  assert.ok(booked.balance > 0);
  await failure(cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } }), 400);

  for (const statusId of [2, 3, 4] as const) await cashier.call(api.Orders.status, { params, body: { statusId } });
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  assert.equal(detail.statusID, '4');

  const paid = await cashier.call(api.QuickSale.saveReceipt, {
    body: { salesOrderID: sale.salesOrderID, receiptTypeId: svc.server.deps.enc.encode('paymentKind', 1), amount: booked.balance },
  });
  assert.ok(paid.receiptNo);
  assert.equal((await cashier.call(api.Orders.advanceReceiptData, { params })).balance, 0);

  const invoice = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } });
  assert.ok(invoice.invoiceNo && invoice.invoiceNo.length <= 16 && /^[A-Za-z0-9/-]+$/.test(invoice.invoiceNo), invoice.invoiceNo ?? '');
  const data = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  assert.equal(data.invoiceNo, invoice.invoiceNo);
  assert.equal(data.netAmount, detail.netAmount);
  const lineTotal = data.items.reduce((s, l) => s + l.totalAmount, 0);
  assert.ok(Math.abs(lineTotal + detail.rounding - detail.netAmount) < 0.005, 'lines plus the round-off make the net amount');
});
