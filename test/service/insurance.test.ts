/**
 * Insurance on the order over HTTP: SaveSale books the insurer (ENC or row id) and its share by
 * CalculateTempGrossInsurance's rule; every balance (detail, search, with-balance, dropdown,
 * advance-receipt-data, receipts, dashboard, invoicing) is net − insurer's share − received.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { failure, otherCompany } from '../helpers/customers.js';
import { tamper } from '../helpers/sales.js';
import { type TestService, callAs } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let customerID: string;
let cash: string;
let lensId: number;
let star: { id: number; enc: string; name: string };
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  const { db, enc } = svc.server.deps;
  lensId = singleVisionLens(svc).id;
  const row = db.prepare("SELECT id, name FROM insurance_company WHERE code = 'STAR'").get() as { id: number; name: string };
  star = { ...row, enc: enc.encode('insuranceCompany', row.id) };
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Insured', mobile: '9876523456' } })).customerID;
  cash = enc.encode('paymentKind', 1);
});
after(() => svc.close());

const count = (table: string) => (svc.server.deps.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const paise = (rupees: number) => Math.round(rupees * 100);
const money = (p: number) => p / 100;
const post = (path: string, body: unknown, token = cashier.token) => callAs(svc, { token }, path, body);
const errorsOf = (res: { json: Record<string, unknown> }) => res.json.errors as Record<string, string[]>;

/** A cart of `qty` made-to-order lenses (no stock needed) and its net amount in paise. */
async function cart(qty = 2): Promise<{ sessionID: string; net: number }> {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: svc.server.deps.enc.encode('item', lensId), qty } });
  const view = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  return { sessionID, net: paise(view.netAmount ?? 0) };
}

/** A SaveSale body for the cart: salesorderModel's insurance fields from `insurance`, `paid` paise in cash. */
function body(sessionID: string, paid: number, insurance: Record<string, unknown>) {
  return {
    sessionID,
    salesorderModel: { sessionId: sessionID, customerId: customerID, ...insurance },
    receiptModel: paid > 0 ? { receiptTypeId: cash, amount: money(paid) } : null,
  };
}

const orderRow = (orderNo: string) =>
  svc.server.deps.db
    .prepare('SELECT id, net_amount, insurance_company_id, insurance_amount, insurance_claimed, insurance_cover, policy_no FROM sales_order WHERE order_no = ?')
    .get(orderNo) as { id: number; net_amount: number; insurance_company_id: number | null; insurance_amount: number; insurance_claimed: number; insurance_cover: number | null; policy_no: string | null };

test('a sale with an insurer (ENC id) books its share; every balance leaves the share out', async () => {
  const before = await manager.call(api.Dashboard.dashboardData, { body: {} });
  const { sessionID, net } = await cart();
  const claim = Math.floor(net * 0.4);
  const paid = 20_000;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: body(sessionID, paid, { insuranceCompanyID: star.enc, totalInsuranceAmount: money(claim), policyNo: 'POL-778', enableInsurance: true }),
  });
  const row = orderRow(sale.salesOrderNo);
  assert.deepEqual(
    [row.insurance_company_id, row.insurance_amount, row.insurance_claimed, row.policy_no],
    [star.id, claim, claim, 'POL-778'],
  );
  const due = money(net - claim - paid);

  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  assert.equal(detail.insuranceCompanyID, star.enc);
  assert.equal(detail.insuranceCompanyName, star.name);
  assert.equal(detail.policyNo, 'POL-778');
  assert.equal(detail.insuranceAmount, money(claim));
  assert.equal(detail.patientAmount, money(net - claim));
  assert.equal(detail.netAmount, money(net), 'the order’s net is the whole bill');

  const advance = await cashier.call(api.Orders.advanceReceiptData, { params: { salesOrderId: sale.salesOrderID } });
  assert.deepEqual([advance.balance, advance.soTotalAmount, advance.receiptTotalAmount], [due, money(net), money(paid)]);
  const wb = await cashier.call(api.Orders.withBalance, { query: {} });
  assert.equal(wb.data.find((r) => r.salesOrderIDInReceipt === sale.salesOrderID)!.balanceAmount, due);
  const dd = await cashier.call(api.Orders.dropdown, { query: { customerId: customerID } });
  assert.equal(dd.find((r) => r.salesOrderID === sale.salesOrderID)!.balanceAmount, due);
  const found = await cashier.call(api.Orders.search, { body: { salesOrderNo: sale.salesOrderNo } });
  assert.deepEqual([found.data[0]!.insuranceAmount, found.data[0]!.balanceAmount], [money(claim), due]);
  const receipts = await cashier.call(api.Receipts.byId, { query: { salesOrderId: sale.salesOrderID, customerId: customerID } });
  assert.equal(receipts[0]!.balance, due);
  const details = await cashier.call(api.QuickSale.getReceiptDetails, { query: { salesOrderId: row.id } });
  assert.equal(details.balanceAmount, due);

  const after = await manager.call(api.Dashboard.dashboardData, { body: {} });
  assert.equal(after.balanceOutstanding.count, before.balanceOutstanding.count + 1);
  assert.equal(paise(after.balanceOutstanding.amount) - paise(before.balanceOutstanding.amount), net - claim - paid);
  const booked = await manager.call(api.Dashboard.dashboardData, { body: { statusId: 1 } });
  assert.equal(booked.statusOrders.find((o) => o.salesOrderNo === sale.salesOrderNo)!.balanceAmount, due);
});

test('the customer pays their part only; once it is paid the order can be invoiced and is no longer due', async () => {
  const { sessionID, net } = await cart();
  const claim = Math.floor(net / 2);
  const patient = net - claim;
  const orders = count('sales_order');
  const tooMuch = await post('quickSale/SaveSale', body(sessionID, patient + 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: money(claim) }));
  assert.equal(tooMuch.status, 400);
  assert.match(String(errorsOf(tooMuch)['receiptModel.amount']), new RegExp(money(patient).toFixed(2)));
  assert.equal(count('sales_order'), orders, 'nothing written');

  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: body(sessionID, patient - 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: money(claim) }),
  });
  const refused = await post('quickSale/SaveInvoiceOnly', { salesOrderID: sale.salesOrderID });
  assert.equal(refused.status, 400, 'a rupee of the customer’s part is still due');
  assert.match(String(errorsOf(refused).salesOrderID), /1\.00/);
  const over = await post('quickSale/SaveReceipt', { salesOrderID: sale.salesOrderID, receiptTypeId: cash, amount: 1.01 });
  assert.equal(over.status, 400, 'the insurer’s share cannot be collected from the customer');
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: cash, amount: 1 } });

  const wb = await cashier.call(api.Orders.withBalance, { query: {} });
  assert.ok(!wb.data.some((r) => r.salesOrderIDInReceipt === sale.salesOrderID), 'nothing left to collect from the customer');
  const open = await cashier.call(api.Invoice.ordersForNewInvoice, { body: {} });
  assert.ok(open.some((o) => o.salesOrderID === sale.salesOrderID));
  const invoice = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } });
  assert.match(invoice.message, new RegExp(sale.salesOrderNo));
  const data = await cashier.call(api.Invoice.invoiceDataBySalesOrder, { query: { salesOrderId: sale.salesOrderID } });
  assert.equal(data.netAmount, money(net), 'the tax invoice is for the whole bill');
});

test('the share is capped by the bill and by the cover, never negative; an insurer paying everything needs no payment', async () => {
  const whole = await cart();
  const preview = await cashier.call(api.QuickSale.calculateTempGrossInsurance, { body: { sessionID: whole.sessionID, totalInsuranceAmount: money(whole.net * 3) } });
  const all = await cashier.call(api.QuickSale.saveSale, {
    body: body(whole.sessionID, 0, { insuranceCompanyID: star.enc, totalInsuranceAmount: money(whole.net * 3) }),
  });
  assert.equal(all.receiptNo, null, 'the patient owes nothing, so nothing is paid and no flag is needed');
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: all.salesOrderNo } });
  assert.deepEqual([detail.insuranceAmount, detail.patientAmount], [preview.insuranceAmount, preview.patientAmount], 'the booked split is the preview’s');
  assert.deepEqual([detail.insuranceAmount, detail.patientAmount], [money(whole.net), 0]);
  assert.equal(orderRow(all.salesOrderNo).insurance_claimed, whole.net * 3, 'what was claimed is kept as claimed');

  const covered = await cart();
  const limit = Math.floor(covered.net / 2);
  const left = Math.floor(covered.net / 4);
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: body(covered.sessionID, covered.net - left, {
      insuranceCompanyID: star.enc, totalInsuranceAmount: money(covered.net), coverageLimit: money(limit), remainingCoverage: money(left),
    }),
  });
  const row = orderRow(sale.salesOrderNo);
  assert.deepEqual([row.insurance_amount, row.insurance_cover], [left, left], 'the smaller of limit and cover left');

  const none = await cart();
  const plain = await cashier.call(api.QuickSale.saveSale, { body: body(none.sessionID, 100, { insuranceCompanyID: 0, totalInsuranceAmount: 0 }) });
  assert.deepEqual([orderRow(plain.salesOrderNo).insurance_company_id, orderRow(plain.salesOrderNo).insurance_amount], [null, 0], '0 is “no insurer”');

  // The store file holds the bounds too, whoever writes.
  assert.throws(() => svc.server.deps.db.prepare('UPDATE sales_order SET insurance_amount = net_amount + 1 WHERE id = ?').run(row.id), /insurance_amount/);
  assert.throws(() => svc.server.deps.db.prepare('UPDATE sales_order SET insurance_amount = -1 WHERE id = ?').run(row.id), /insurance_amount/);
});

test('the insurer by its row id, as the spec types it', async () => {
  const { sessionID, net } = await cart();
  const sale = await cashier.call(api.QuickSale.saveSale, { body: body(sessionID, 100, { insuranceCompanyID: star.id, totalInsuranceAmount: money(net - 100) }) });
  assert.equal(orderRow(sale.salesOrderNo).insurance_company_id, star.id);
});

test('bad insurers are 400 naming the field and write nothing: tampered, unknown, inactive, another company’s; a claim needs an insurer', async () => {
  const { db, ids, enc } = svc.server.deps;
  const other = otherCompany(svc);
  const theirs = ids.next('insurance_company');
  db.prepare("INSERT INTO insurance_company (id, company_id, name, is_active, created_at) VALUES (?, ?, 'Their Insurer', 1, '2025-01-01T00:00:00Z')").run(theirs, other.companyId);
  const inactive = (db.prepare("SELECT id FROM insurance_company WHERE code = 'CARE'").get() as { id: number }).id;
  const { sessionID, net } = await cart();
  const claim = money(Math.floor(net / 3));
  const before = { orders: count('sales_order'), receipts: count('receipt') };
  const field = 'salesorderModel.insuranceCompanyID';
  for (const [why, insuranceCompanyID] of [
    ['tampered', tamper(star.enc)],
    ['another kind of id', customerID],
    ['unknown row id', 999_999_999],
    ['inactive', enc.encode('insuranceCompany', inactive)],
    ['another company’s, by ENC id', enc.encode('insuranceCompany', theirs)],
    ['another company’s, by row id', theirs],
  ] as const) {
    const res = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID, totalInsuranceAmount: claim }));
    assert.equal(res.status, 400, why);
    assert.ok(errorsOf(res)[field], `${why}: ${JSON.stringify(res.json)}`);
  }
  const noInsurer = await post('quickSale/SaveSale', body(sessionID, 100, { totalInsuranceAmount: claim }));
  assert.equal(noInsurer.status, 400);
  assert.deepEqual(Object.keys(errorsOf(noInsurer)), [field]);
  const notAnId = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID: 'Star Health', totalInsuranceAmount: claim }));
  assert.equal(notAnId.status, 400);
  assert.ok(errorsOf(notAnId)[field]);
  const negative = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: -5 }));
  assert.equal(negative.status, 400);
  assert.ok(errorsOf(negative)['salesorderModel.totalInsuranceAmount']);
  assert.deepEqual({ orders: count('sales_order'), receipts: count('receipt') }, before);
  assert.equal((await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).items.length, 1, 'the cart is intact');
});

test('the policy must cover the booking day', async () => {
  const { sessionID, net } = await cart();
  const claim = money(Math.floor(net / 3));
  const ended = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: claim, insuranceEndDate: '2020-03-31' }));
  assert.equal(ended.status, 400);
  assert.match(String(errorsOf(ended)['salesorderModel.insuranceEndDate']), /2020-03-31/);
  const later = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: claim, insuranceStartDate: '2999-01-01' }));
  assert.equal(later.status, 400);
  assert.ok(errorsOf(later)['salesorderModel.insuranceStartDate']);
  const backwards = await post('quickSale/SaveSale', body(sessionID, 100, { insuranceCompanyID: star.enc, insuranceStartDate: '2024-04-01', insuranceEndDate: '2024-03-01' }));
  assert.equal(backwards.status, 400);
  assert.ok(errorsOf(backwards)['salesorderModel.insuranceEndDate']);
  const ok = await cashier.call(api.QuickSale.saveSale, {
    body: body(sessionID, 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: claim, insuranceStartDate: '2020-04-01', insuranceEndDate: '2999-03-31', verificationNumber: 'V-1' }),
  });
  const stored = svc.server.deps.db
    .prepare('SELECT insurance_start_date, insurance_end_date, insurance_verification_no FROM sales_order WHERE order_no = ?')
    .get(ok.salesOrderNo);
  assert.deepEqual(stored, { insurance_start_date: '2020-04-01', insurance_end_date: '2999-03-31', insurance_verification_no: 'V-1' });
});

test('cancel: the insurer’s share goes with the order; what was claimed stays on record', async () => {
  const { sessionID, net } = await cart();
  const claim = Math.floor(net / 2);
  const sale = await cashier.call(api.QuickSale.saveSale, { body: body(sessionID, 100, { insuranceCompanyID: star.enc, totalInsuranceAmount: money(claim) }) });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 3 } });
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  assert.deepEqual([detail.insuranceAmount, detail.patientAmount, detail.insuranceCompanyID], [0, money(net), star.enc]);
  assert.deepEqual([orderRow(sale.salesOrderNo).insurance_amount, orderRow(sale.salesOrderNo).insurance_claimed], [0, claim]);
  await failure(cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: cash, amount: 1 } }), 400);
});
