/**
 * Receipts on paper over real HTTP: the numbers pdftotext reads off the PDF are the numbers in
 * the database; customer and store copies; card details; the Rx and paper settings; the HTML
 * page escapes what customers type; 400/403/404.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { PRINT_SETTINGS } from '../../main/service/print/settings.js';
import { otherCompany } from '../helpers/customers.js';
import { encIdOf, firstPagePng, pdfInfo, pdfText, squeeze } from '../helpers/print.js';
import { type TestService, callAs } from '../helpers/service.js';
import { frameInStock, makeSale, sellFrameAndPair, tamper } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
});
after(() => svc.close());

/** Rupees as Indian paper writes them, by Intl (not by the code under test). */
const inr = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;
const MM = 72 / 25.4;
const setting = (key: string, value: string | null) => {
  const { db } = svc.server.deps;
  if (value === null) db.prepare('DELETE FROM setting WHERE key = ?').run(key);
  else db.prepare('INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
};
const post = (path: string, body: string, token = cashier.token) => callAs(svc, { token }, `Common/${path}`, body);

async function newCustomer(firstName: string, lastName: string, mobile?: string) {
  return (await cashier.call(api.Customer.upsert, { body: { firstName, lastName, mobile } })).customerID;
}

test('a part payment on 80 mm: receipt and order numbers, amounts, balance, branch GSTIN, ₹ and a Devanagari name', async () => {
  const customerID = await newCustomer('राजेश', 'Kumar', '9825012345');
  const sale = await makeSale(svc, cashier, { paid: 500, qty: 2, customerID });
  const { db } = svc.server.deps;
  const order = db.prepare('SELECT net_amount, order_date FROM sales_order WHERE id = ?').get(sale.rowId) as { net_amount: number; order_date: string };
  const branch = db.prepare("SELECT b.gstin FROM branch b JOIN app_user u ON u.branch_id = b.id WHERE u.user_name = 'cashier'").get() as { gstin: string };

  const res = await cashier.raw(api.Common.receiptPdf, { body: encIdOf(svc, 'receipt', sale.receiptNo!), query: {} });
  assert.equal(res.status, 200);
  assert.equal(res.contentType, 'application/pdf');
  assert.equal(Buffer.from(res.bytes.subarray(0, 5)).toString(), '%PDF-');
  const text = squeeze(pdfText(res.bytes));
  assert.match(text, /RECEIPT/);
  assert.match(text, /Customer copy/);
  assert.doesNotMatch(text, /Store copy/);
  assert.ok(text.includes(`Receipt no ${sale.receiptNo}`), text);
  assert.ok(text.includes(`Order no ${sale.salesOrderNo}`));
  const [y, m, d] = order.order_date.split('-');
  assert.ok(text.includes(`Order date ${d}-${m}-${y}`));
  assert.ok(text.includes(`Order total ${inr(order.net_amount)}`), text);
  assert.ok(text.includes(`Paid before ${inr(0)}`));
  assert.ok(text.includes(`Paid now ${inr(50000)}`));
  assert.ok(text.includes(`Balance due ${inr(order.net_amount - 50000)}`));
  assert.ok(text.includes(`GSTIN ${branch.gstin}`));
  assert.match(text, /Paid by Cash/);
  assert.ok(text.includes('राजेश Kumar'), 'the Devanagari name survives: embedded face and ToUnicode map');
  assert.match(text, /98X+45/, 'a cashier sees the mobile masked, on paper too');
  assert.ok(text.includes(`Order ${sale.salesOrderNo}`), 'the QR caption names the order');
  assert.match(text, /Please bring this receipt/, 'default terms');

  const info = pdfInfo(res.bytes);
  assert.equal(info.pages, 1);
  assert.ok(Math.abs(info.widthPt - 80 * MM) < 0.5, `80 mm wide: ${info.widthPt} pt`);
  assert.ok(info.heightPt > 100 * MM && info.heightPt < 400 * MM, `as long as its content: ${info.heightPt} pt`);
  assert.equal(info.title, `Receipt ${sale.receiptNo}`);

  const page = firstPagePng(res.bytes, 50);
  assert.deepEqual([...page.png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  assert.ok(Math.abs(page.width - (80 / 25.4) * 50) <= 1, `80 mm at 50 dpi: ${page.width} px`);
  assert.ok(page.darkShare > 0.02 && page.darkShare < 0.5, `ink on the page, not a blank or black sheet: ${page.darkShare}`);
});

test('store copy by receiptNo with an empty body; a second payment shows what was paid before, and the card’s last digits', async () => {
  const sale = await makeSale(svc, cashier, { paid: 300 });
  const { db, enc } = svc.server.deps;
  const net = (db.prepare('SELECT net_amount FROM sales_order WHERE id = ?').get(sale.rowId) as { net_amount: number }).net_amount;
  const second = await cashier.call(api.QuickSale.saveReceipt, {
    body: { salesOrderID: sale.salesOrderID, receiptTypeId: enc.encode('paymentKind', 2), cardTypeId: enc.encode('cardType', 1), cardNo: '4242', approvalCode: 'AP77', amount: 200 },
  });
  const res = await cashier.raw(api.Common.receiptPdf, { body: '', query: { receiptNo: second.receiptNo, external: false } });
  assert.equal(res.status, 200);
  const text = squeeze(pdfText(res.bytes));
  assert.match(text, /Store copy/);
  assert.doesNotMatch(text, /Customer copy/);
  assert.ok(text.includes(`Receipt no ${second.receiptNo}`));
  assert.ok(text.includes(`Paid before ${inr(30000)}`), text);
  assert.ok(text.includes(`Paid now ${inr(20000)}`));
  assert.ok(text.includes(`Balance due ${inr(net - 50000)}`));
  assert.match(text, /Card \(Visa, card ending 4242,\s+approval AP77\)/);

  // A reprint of the first receipt: nothing paid before it, and the balance as it stands now (issue 11).
  const first = squeeze(pdfText((await cashier.raw(api.Common.receiptPdf, { body: encIdOf(svc, 'receipt', sale.receiptNo!) })).bytes));
  assert.ok(first.includes(`Paid before ${inr(0)}`));
  assert.ok(first.includes(`Balance due ${inr(net - 50000)}`));
});

test('the prescription prints only when the store setting says so; A5 paper by setting', async () => {
  const customerID = await newCustomer('Rx', 'Receipt');
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 1000, frameId: frameInStock(svc, 'cashier') });
  const id = encIdOf(svc, 'receipt', sale.receiptNo!);
  const off = squeeze(pdfText((await cashier.raw(api.Common.receiptPdf, { body: id })).bytes));
  assert.doesNotMatch(off, /SPH/);
  setting(PRINT_SETTINGS.receiptPrescription, 'on');
  setting(PRINT_SETTINGS.receiptPaper, 'A5');
  try {
    const res = await cashier.raw(api.Common.receiptPdf, { body: id });
    const on = squeeze(pdfText(res.bytes));
    assert.match(on, /Prescription/);
    assert.match(on, /Eye SPH CYL AXIS ADD/);
    assert.match(on, /Right -1\.50 -0\.50 90/);
    assert.match(on, /Left -1\.75/);
    const info = pdfInfo(res.bytes);
    assert.ok(Math.abs(info.widthPt - 148 * MM) < 0.5 && Math.abs(info.heightPt - 210 * MM) < 0.5, `A5: ${info.widthPt} x ${info.heightPt}`);
  } finally {
    setting(PRINT_SETTINGS.receiptPrescription, null);
    setting(PRINT_SETTINGS.receiptPaper, null);
  }
});

test('a cancelled receipt says so on paper', async () => {
  const sale = await makeSale(svc, cashier, { paid: 100 });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 2 } });
  const text = squeeze(pdfText((await cashier.raw(api.Common.receiptPdf, { body: encIdOf(svc, 'receipt', sale.receiptNo!) })).bytes));
  assert.match(text, /CANCELLED/);
});

test('HTML: self-contained page, @page 80 mm, fonts from this service, everything typed escaped', async () => {
  const customerID = await newCustomer('<script>alert(1)</script>', 'O\'Brien & "Sons"');
  const sale = await makeSale(svc, cashier, { paid: 100, customerID });
  const res = await post('receipt/pdf/html?external=false', JSON.stringify(encIdOf(svc, 'receipt', sale.receiptNo!)));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  const page = res.text;
  assert.match(page, /^<!doctype html>/);
  assert.ok(!/<script/i.test(page), 'no script element, not even the customer’s');
  assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien &amp; &quot;Sons&quot;'));
  assert.match(page, /@page\{size:80mm \d+mm;margin:4mm;\}/);
  assert.ok(page.includes(sale.salesOrderNo) && page.includes(sale.receiptNo!));
  assert.match(page, /Store copy/);
  assert.match(page, /<svg [^>]*viewBox="0 0 \d+ \d+"/, 'the QR as SVG');
  const fontUrl = new RegExp(`url\\('${svc.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/api-v1/fonts/NotoSans-Regular\\.ttf'\\)`);
  assert.match(page, fontUrl);
  assert.match(page, /font-family:'Noto Sans','Noto Sans Devanagari',[^;]*sans-serif/);

  const font = await fetch(`${svc.url}/api-v1/fonts/NotoSansDevanagari-Bold.ttf`);
  assert.equal(font.status, 200);
  assert.equal(font.headers.get('content-type'), 'font/ttf');
  assert.match(font.headers.get('cache-control') ?? '', /max-age=31536000/);
  assert.ok((await font.arrayBuffer()).byteLength > 100_000);
  for (const bad of ['OFL.txt', '..%2Fpackage.json', '..%2F..%2Fpackage.json', 'NotoSans-Regular.TTF.bak']) {
    assert.equal((await fetch(`${svc.url}/api-v1/fonts/${bad}`)).status, 404, bad);
  }
});

test('400 for a bad body, 404 for an unknown or foreign receipt, 403 for an optometrist', async () => {
  const sale = await makeSale(svc, cashier, { paid: 100 });
  const id = encIdOf(svc, 'receipt', sale.receiptNo!);
  const { enc } = svc.server.deps;
  assert.equal((await post('receipt/pdf', '{"id": 1}')).status, 400);
  assert.equal((await post('receipt/pdf', '42')).status, 400);
  const missing = await post('receipt/pdf', '""');
  assert.equal(missing.status, 400);
  assert.ok((missing.json.errors as Record<string, string[]>).body);
  const tampered = await post('receipt/pdf', JSON.stringify(tamper(id)));
  assert.equal(tampered.status, 400);
  assert.equal((await post('receipt/pdf', JSON.stringify(enc.encode('invoice', 1)))).status, 400, 'an invoice id is not a receipt id');
  assert.equal((await post('receipt/pdf', JSON.stringify(enc.encode('receipt', 987654321)))).status, 404);
  assert.equal((await post('receipt/pdf?receiptNo=NO/SUCH/1', '""')).status, 404);
  assert.equal((await post('receipt/pdf/html', JSON.stringify(enc.encode('receipt', 987654321)))).status, 404);
  // Another company's receipt is not found, exactly like a missing one.
  const { db } = svc.server.deps;
  const own = (db.prepare('SELECT company_id FROM receipt WHERE receipt_no = ?').get(sale.receiptNo) as { company_id: number }).company_id;
  const other = otherCompany(svc).companyId;
  db.prepare('UPDATE receipt SET company_id = ? WHERE receipt_no = ?').run(other, sale.receiptNo);
  try {
    assert.equal((await post('receipt/pdf', JSON.stringify(id))).status, 404);
    assert.equal((await post(`receipt/pdf?receiptNo=${encodeURIComponent(sale.receiptNo!)}`, '""')).status, 404);
  } finally {
    db.prepare('UPDATE receipt SET company_id = ? WHERE receipt_no = ?').run(own, sale.receiptNo);
  }
  const optometrist = await svc.as('optometrist');
  await assert.rejects(optometrist.raw(api.Common.receiptPdf, { body: id }), (e: unknown) => e instanceof ApiError && e.status === 403);
});

test('a reprint tells the truth: a receipt moved to a credit note says which note, is not “paid now”, and the cancelled order owes nothing', async () => {
  const customerID = await newCustomer('Moved', 'Reprint');
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 400, frameId: frameInStock(svc, 'cashier') });
  const done = await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 4 } });
  const noteNo = /credit note (\S+)/.exec(done.message)?.[1];
  assert.ok(noteNo, done.message);
  const id = encIdOf(svc, 'receipt', sale.receiptNo!);
  const text = squeeze(pdfText((await cashier.raw(api.Common.receiptPdf, { body: id, query: {} })).bytes));
  assert.match(text, new RegExp(`MOVED TO CREDIT NOTE\\s+${noteNo.replace(/\//g, '\\/')}`));
  assert.doesNotMatch(text, /Delivery/, 'a cancelled order promises nothing');
  assert.doesNotMatch(text, /Paid now/);
  assert.ok(text.includes(`Moved to credit note ${inr(40000)}`), text);
  assert.match(text, /Order Cancelled/);
  assert.doesNotMatch(text, /Balance due/);
  // The same on the thermal printer.
  const escpos = Buffer.from((await cashier.raw(api.Common.receiptEscPos, { body: id, query: {} })).bytes).toString('latin1');
  assert.match(escpos.replace(/\s+/g, ' '), new RegExp(`MOVED TO CREDIT NOTE ${noteNo.replace(/\//g, '\\/')}`));
  assert.doesNotMatch(escpos, /Paid now/);
});
