/**
 * The A4 GST tax invoice on paper: pdftotext reads the numbers the database holds — invoice and
 * order numbers, GSTINs, place of supply, HSN, per-line taxable and GST, the CGST+SGST or IGST
 * totals, the round-off and the amount in words — for an intra-state and an inter-state sale;
 * original and supplier's copies; HTML escaping; 400/404.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { branches } from '../../main/service/store/branch.js';
import { invoices } from '../../main/service/store/invoice.js';
import { printSource } from '../../main/service/store/print-source.js';
import { states } from '../../main/service/store/state.js';
import { users } from '../../main/service/store/user.js';
import { firstPagePng, pdfInfo, pdfText, squeeze } from '../helpers/print.js';
import { type TestService, callAs } from '../helpers/service.js';
import { makeSale, tamper } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
});
after(() => svc.close());

const cashierRow = () => users(svc.server.deps.db).byName('cashier')!;

const MM = 72 / 25.4;
const num = (paise: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
const inr = (paise: number) => (paise < 0 ? `-₹${num(-paise)}` : `₹${num(paise)}`);
const post = (path: string, body: string) => callAs(svc, cashier, `Common/${path}`, body);

async function invoicedSale(
  customer: { firstName: string; lastName: string; stateCode?: string; taxNO?: string; city?: string },
  qty = 3,
  shipped = false,
) {
  const { db, enc } = svc.server.deps;
  const state = customer.stateCode ? states(db).find(customer.stateCode)!.id : null;
  const { customerID } = await cashier.call(api.Customer.upsert, {
    body: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      taxNO: customer.taxNO,
      city: customer.city,
      houseNumber: '14',
      street: 'FC Road',
      ...(state ? { stateID: enc.encode('state', state) } : {}),
    },
  });
  const sale = await makeSale(svc, cashier, { paid: 'all', qty, customerID, ...(shipped ? { salesorderModel: { deliveryModeID: 2 } } : {}) });
  const { invoiceID } = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } });
  const stored = printSource(db).invoice(enc.decode('invoice', invoiceID), cashierRow().company_id)!;
  const lines = invoices(db).lines(sale.rowId);
  return { sale, stored, lines, id: invoiceID };
}

test('intra-state: supplier GSTIN, serial and date, place of supply, HSN, CGST+SGST per line and in total, round-off, words', async () => {
  const { sale, stored, lines, id } = await invoicedSale({ firstName: 'Meera', lastName: 'Shah', stateCode: '24', city: 'Ahmedabad' });
  const { db } = svc.server.deps;
  const branch = branches(db).byId(cashierRow().branch_id)!;
  assert.ok(branch.gstin, 'the demo branch has a GSTIN of its own');
  const res = await cashier.raw(api.Common.invoicePdf, { body: id, query: {} });
  assert.equal(res.status, 200);
  assert.equal(res.contentType, 'application/pdf');
  const text = squeeze(pdfText(res.bytes));
  assert.match(text, /TAX INVOICE/);
  assert.match(text, /ORIGINAL FOR RECIPIENT/);
  assert.ok(text.includes(`Invoice no ${stored.invoice_no}`), text);
  const [y, m, d] = stored.invoice_date.split('-');
  assert.ok(text.includes(`Invoice date ${d}-${m}-${y}`));
  assert.ok(text.includes(`Order no ${sale.salesOrderNo}`));
  assert.ok(text.includes(`GSTIN ${branch.gstin}`) && text.includes(`GSTIN: ${branch.gstin}`), 'letterhead and supplier box');
  assert.match(text, /Place of supply Gujarat \(24\)/);
  assert.match(text, /Reverse charge No/);
  assert.match(text, /GSTIN: unregistered/);
  assert.match(text, /Meera Shah/);
  assert.match(text, /CGST% CGST SGST% SGST/);
  assert.doesNotMatch(text, /IGST/);
  const line = lines[0]!;
  const half = `${line.gst_rate_bp / 200}%`;
  assert.ok(
    text.includes(`${line.hsn_code} ${line.qty} Nos ${num(line.price)} ${num(line.discount)} ${num(line.taxable)} ${half} ${num(line.cgst)} ${half} ${num(line.sgst)} ${num(line.total)}`),
    `the line as stored:\n${text}`,
  );
  assert.ok(text.includes(`Taxable value ${inr(stored.taxable)}`));
  assert.ok(text.includes(`CGST ${inr(stored.cgst)}`) && text.includes(`SGST ${inr(stored.sgst)}`));
  const roundOff = stored.rounding > 0 ? `+${inr(stored.rounding)}` : inr(stored.rounding);
  assert.ok(text.includes(`Round off ${roundOff}`), `round-off ${stored.rounding}`);
  assert.ok(text.includes(`Invoice total ${inr(stored.net_amount)}`));
  assert.equal(stored.taxable + stored.cgst + stored.sgst + stored.rounding, stored.net_amount, 'the printed parts add up to the total');
  assert.match(text, /Amount in words: [A-Z][A-Za-z ]+ Rupees?( And [A-Za-z ]+ Paise?)? Only/);
  assert.match(text, /For Drishti Opticals \(Demo\)/);
  assert.match(text, /Authorised signatory/);

  const info = pdfInfo(res.bytes);
  assert.ok(Math.abs(info.widthPt - 210 * MM) < 0.5 && Math.abs(info.heightPt - 297 * MM) < 0.5, `A4: ${info.widthPt} x ${info.heightPt}`);
  const page = firstPagePng(res.bytes, 50);
  assert.ok(page.darkShare > 0.01 && page.darkShare < 0.4, `ink on the page: ${page.darkShare}`);
});

test('shipped to another state: IGST only, the buyer’s GSTIN and state as place of supply; supplier’s copy', async () => {
  const { stored, lines, id } = await invoicedSale({ firstName: 'Pune', lastName: 'Traders', stateCode: '27', taxNO: '27AAPFU0939F1ZV', city: 'Pune' }, 3, true);
  assert.equal(stored.cgst + stored.sgst, 0);
  assert.ok(stored.igst > 0);
  const text = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: id, query: { external: false } })).bytes));
  assert.match(text, /TRIPLICATE FOR SUPPLIER/);
  assert.doesNotMatch(text, /ORIGINAL FOR RECIPIENT/);
  assert.match(text, /Place of supply Maharashtra \(27\)/);
  assert.match(text, /GSTIN: 27AAPFU0939F1ZV/);
  assert.match(text, /State: Maharashtra \(27\)/);
  assert.match(text, /IGST% IGST/);
  assert.doesNotMatch(text, /CGST|SGST/);
  const line = lines[0]!;
  assert.ok(text.includes(`${num(line.taxable)} ${line.gst_rate_bp / 100}% ${num(line.igst)} ${num(line.total)}`), text);
  assert.ok(text.includes(`IGST ${inr(stored.igst)}`));
  assert.ok(text.includes(`Invoice total ${inr(stored.net_amount)}`));
});

test('amount in words for a known total: the words are the stored net amount', async () => {
  const { stored, id } = await invoicedSale({ firstName: 'Words', lastName: 'Check' }, 1);
  const text = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: id })).bytes));
  // The demo lens sells in whole rupees; the words are checked against an independent spelling.
  const rupees = Math.floor(stored.net_amount / 100);
  const ones = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
  const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  const below100 = (n: number) => (n < 20 ? ones[n]! : `${tens[Math.floor(n / 10)]}${n % 10 ? ` ${ones[n % 10]}` : ''}`);
  const below1000 = (n: number) => [n >= 100 ? `${ones[Math.floor(n / 100)]} Hundred` : '', n % 100 ? below100(n % 100) : ''].filter(Boolean).join(' ');
  const indian = (n: number) =>
    [n >= 100000 ? `${below100(Math.floor(n / 100000))} Lakh` : '', n % 100000 >= 1000 ? `${below100(Math.floor((n % 100000) / 1000))} Thousand` : '', below1000(n % 1000)]
      .filter(Boolean)
      .join(' ');
  const paise = stored.net_amount % 100;
  const expected = `${indian(rupees)} Rupee${rupees === 1 ? '' : 's'}${paise ? ` And ${below100(paise)} Pais${paise === 1 ? 'a' : 'e'}` : ''} Only`;
  assert.ok(text.includes(`Amount in words: ${expected}`), `${expected}\n${text}`);
});

test('HTML: A4 page, escaped names, no scripts', async () => {
  const { id } = await invoicedSale({ firstName: '<img src=x onerror=alert(1)>', lastName: 'Tester' });
  const res = await post('invoice/pdf/html', JSON.stringify(id));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(res.text, /@page\{size:A4;margin:12mm;\}/);
  assert.ok(res.text.includes('&lt;img src=x onerror=alert(1)&gt; Tester'));
  assert.ok(!res.text.includes('<img src=x'));
  assert.ok(!/<script/i.test(res.text));
  assert.match(res.text, /TAX INVOICE/);
});

test('400 for a body that is not an invoice id, 404 for an unknown one', async () => {
  const { enc } = svc.server.deps;
  assert.equal((await post('invoice/pdf', '""')).status, 400);
  assert.equal((await post('invoice/pdf', '{}')).status, 400);
  assert.equal((await post('invoice/pdf', JSON.stringify(enc.encode('receipt', 1)))).status, 400);
  const { id } = await invoicedSale({ firstName: 'Tamper', lastName: 'Proof' }, 1);
  assert.equal((await post('invoice/pdf', JSON.stringify(tamper(id)))).status, 400);
  assert.equal((await post('invoice/pdf', JSON.stringify(enc.encode('invoice', 987654321)))).status, 404);
  assert.equal((await post('invoice/pdf/html', JSON.stringify(enc.encode('invoice', 987654321)))).status, 404);
});

test('the recipient’s mobile is masked for a cashier as on every other screen, and shown in full to the admin', async () => {
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Masked', lastName: 'Buyer', mobile: '9812345678' } });
  const sale = await makeSale(svc, cashier, { paid: 'all', customerID });
  const { invoiceID } = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } });
  const asCashier = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: invoiceID, query: {} })).bytes));
  assert.match(asCashier, /Mobile: 98XXXXXX78/);
  assert.doesNotMatch(asCashier, /9812345678/);
  assert.doesNotMatch((await post('invoice/pdf/html', JSON.stringify(invoiceID))).text, /9812345678/);
  const admin = await svc.as('admin');
  const asAdmin = squeeze(pdfText((await admin.raw(api.Common.invoicePdf, { body: invoiceID, query: {} })).bytes));
  assert.match(asAdmin, /Mobile: 9812345678/);
});

test('over the counter a customer from another state is supplied in the store’s state (CGST + SGST); the invoice prints the place fixed at the sale', async () => {
  const { db } = svc.server.deps;
  const { sale, stored, id } = await invoicedSale({ firstName: 'Visiting', lastName: 'Mumbaikar', stateCode: '27', city: 'Mumbai' });
  assert.equal(stored.igst, 0);
  assert.ok(stored.cgst + stored.sgst > 0);
  const text = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: id, query: {} })).bytes));
  assert.match(text, /Place of supply Gujarat \(24\)/);

  // A customer who moves after the sale does not move the supply: a shipped IGST sale keeps its state.
  const shipped = await invoicedSale({ firstName: 'Moving', lastName: 'Buyer', stateCode: '27', city: 'Pune' }, 1, true);
  db.prepare('UPDATE customer SET state_id = (SELECT id FROM state WHERE gst_state_code = ?) WHERE id = ?').run('24', shipped.sale.customerRowId);
  const later = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: shipped.id, query: {} })).bytes));
  assert.match(later, /Place of supply Maharashtra \(27\)/);
  assert.match(later, /IGST/);
  assert.ok(sale.salesOrderNo);
});

test('a shipped order needs the customer’s state; an unknown delivery mode is refused naming the field', async () => {
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'No', lastName: 'State' } });
  const refused = await makeSale(svc, cashier, { paid: 'all', customerID, salesorderModel: { deliveryModeID: 2 } }).then(
    () => null,
    (e: unknown) => e as { status: number; body: { errors?: Record<string, unknown> } },
  );
  assert.equal(refused?.status, 400);
  assert.ok(refused?.body.errors?.['customerModel.stateId']);
  const odd = await makeSale(svc, cashier, { paid: 'all', customerID, salesorderModel: { deliveryModeID: 7 } }).then(() => null, (e: unknown) => e as { status: number; body: { errors?: Record<string, unknown> } });
  assert.ok(odd?.body.errors?.['salesorderModel.deliveryModeID']);
});

test('job charges are a taxed service: 18 % inside ₹236 (₹200 + CGST ₹18 + SGST ₹18), in the order’s tax totals, on the invoice with the SAC code', async () => {
  const { db } = svc.server.deps;
  const { customerID } = await cashier.call(api.Customer.upsert, { body: { firstName: 'Job', lastName: 'Charges' } });
  const plain = await makeSale(svc, cashier, { paid: 0, customerID });
  const withJob = await makeSale(svc, cashier, { paid: 0, customerID, salesorderModel: { jobCharges: 236 } });
  const row = (id: number) =>
    db.prepare('SELECT net_amount, taxable, cgst, sgst, job_charges, service_tax, job_gst_rate_bp, job_sac FROM sales_order WHERE id = ?').get(id) as Record<string, number | string>;
  const a = row(plain.rowId);
  const b = row(withJob.rowId);
  assert.equal(Number(b.net_amount) - Number(a.net_amount), 23600, 'inclusive: the customer pays the ₹236 asked');
  assert.deepEqual([b.job_charges, b.service_tax, b.job_gst_rate_bp, b.job_sac], [20000, 3600, 1800, '998729'], 'the job’s taxable value and its GST');
  assert.equal(Number(b.taxable) - Number(a.taxable), 20000);
  assert.equal(Number(b.cgst) - Number(a.cgst), 1800);
  assert.equal(Number(b.sgst) - Number(a.sgst), 1800);

  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: withJob.salesOrderID, receiptTypeId: svc.server.deps.enc.encode('paymentKind', 1), amount: withJob.net } });
  const { invoiceID } = await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: withJob.salesOrderID } });
  const text = squeeze(pdfText((await cashier.raw(api.Common.invoicePdf, { body: invoiceID, query: {} })).bytes));
  assert.match(text, /HSN\/SAC/);
  assert.match(text, /Fitting and job charges 998729 1 Job 200\.00 0\.00 200\.00 9% 18\.00 9% 18\.00 236\.00/);
  assert.doesNotMatch(text, /Job charges ₹/, 'not a second time as an untaxed charge');
  const stored = printSource(db).invoice(svc.server.deps.enc.decode('invoice', invoiceID), cashierRow().company_id)!;
  assert.ok(text.includes(`CGST ${inr(stored.cgst)}`));
  assert.equal(stored.cgst, Number(b.cgst));
});

test('exclusive service pricing adds the GST on top; the client’s own serviceTax figure is not billed', async () => {
  const { db } = svc.server.deps;
  db.prepare("INSERT INTO setting (key, value) VALUES ('service.priceIncludesTax', 'no') ON CONFLICT (key) DO UPDATE SET value = excluded.value").run();
  try {
    const plain = await makeSale(svc, cashier, { paid: 0 });
    const withJob = await makeSale(svc, cashier, { paid: 0, salesorderModel: { jobCharges: 200, serviceTax: 999 } });
    const net = (id: number) => (db.prepare('SELECT net_amount FROM sales_order WHERE id = ?').get(id) as { net_amount: number }).net_amount;
    assert.equal(net(withJob.rowId) - net(plain.rowId), 23600);
  } finally {
    db.prepare("DELETE FROM setting WHERE key = 'service.priceIncludesTax'").run();
  }
});
