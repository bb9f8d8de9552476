/**
 * The receipt as ESC/POS over real HTTP: a real sale's bytes read back as a printer would
 * (test/helpers/escpos.ts) carry the receipt and order numbers and the amounts stored in the
 * database, in ASCII at the asked width, with the drawer kick only when asked; 400/403/404.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { PRINT_SETTINGS } from '../../main/service/print/settings.js';
import { readEscPos } from '../helpers/escpos.js';
import { encIdOf } from '../helpers/print.js';
import { frameInStock, makeSale, sellFrameAndPair } from '../helpers/sales.js';
import { type TestService, callAs } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
});
after(() => svc.close());

/** Rupees as the printer gets them: Indian grouping by Intl (not by the code under test), `Rs.` for ₹. */
const rs = (paise: number) => `Rs.${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;
const squeeze = (text: string) => text.replace(/ +/g, ' ');
const post = (query: string, body: string, token = cashier.token) => callAs(svc, { token }, `Common/receipt/escpos${query}`, body);

test('a part payment at 32 characters: numbers and amounts as stored, name in Latin letters, drawer kick, QR, cut', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'राजेश', lastName: 'Kumar', mobile: '9825012345' } })).customerID;
  const sale = await makeSale(svc, cashier, { paid: 500, qty: 2, customerID });
  const { db } = svc.server.deps;
  const order = db.prepare('SELECT net_amount, order_date FROM sales_order WHERE id = ?').get(sale.rowId) as { net_amount: number; order_date: string };
  const receipt = db.prepare('SELECT amount FROM receipt WHERE receipt_no = ?').get(sale.receiptNo) as { amount: number };

  const res = await cashier.raw(api.Common.receiptEscPos, { body: encIdOf(svc, 'receipt', sale.receiptNo!), query: { width: 32, drawer: true } });
  assert.equal(res.status, 200);
  assert.equal(res.contentType, 'application/octet-stream');
  const job = readEscPos(res.bytes);
  const text = squeeze(job.text);
  assert.ok(text.includes(sale.receiptNo!), text);
  assert.ok(text.includes(sale.salesOrderNo));
  const [y, m, d] = order.order_date.split('-');
  assert.ok(text.includes(`Order date ${d}-${m}-${y}`));
  assert.ok(text.includes(`Order total ${rs(order.net_amount)}`), text);
  assert.ok(text.includes(`Paid before ${rs(0)}`));
  assert.ok(text.includes(`Paid now ${rs(receipt.amount)}`));
  assert.ok(text.includes(`Balance due ${rs(order.net_amount - receipt.amount)}`));
  assert.ok(text.includes('Customer Rajesh Kumar'), 'the Devanagari name, spelled in Latin letters');
  assert.match(text, /98X+45/, 'masked for a cashier, as on the PDF');
  assert.match(text, /Paid by Cash/);
  assert.match(text, /Customer copy/);
  for (const line of job.lines) assert.ok(line.text.length * (line.doubleWidth ? 2 : 1) <= 32, line.text);

  assert.deepEqual(job.commands.slice(0, 4), ['init', 'drawer 0 25 250', 'codepage 0', 'charset 0']);
  assert.ok(job.commands.includes(`qr store ${sale.salesOrderNo}`), 'the QR holds the order number');
  assert.deepEqual(job.commands.slice(-2), ['feed 4', 'cut partial']);
  assert.equal(job.lines.find((l) => l.text.startsWith('Balance due'))?.bold, true);
});

test('48 characters by default, no drawer kick unless asked; the store copy by receiptNo; A5 setting still prints a roll', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Roll', lastName: 'Rx' } })).customerID;
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 1000, frameId: frameInStock(svc, 'cashier') });
  const setting = (key: string, value: string) =>
    svc.server.deps.db.prepare('INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  setting(PRINT_SETTINGS.receiptPaper, 'A5');
  setting(PRINT_SETTINGS.receiptPrescription, 'on');
  try {
    const res = await cashier.raw(api.Common.receiptEscPos, { body: '', query: { receiptNo: sale.receiptNo!, external: false } });
    assert.equal(res.status, 200);
    const job = readEscPos(res.bytes);
    assert.ok(!job.commands.some((c) => c.startsWith('drawer')));
    assert.equal(Math.max(...job.lines.map((l) => l.text.length * (l.doubleWidth ? 2 : 1))), 48, 'the rules run the full 48');
    assert.match(job.text, /Store copy/);
    // The roll's Rx table (eye, SPH, CYL, AXIS, ADD), not the A5 sheet's wider one.
    const header = job.lines.find((l) => /^Eye\b/.test(l.text));
    assert.ok(header, job.text);
    assert.deepEqual(header.text.split(/ +/), ['Eye', 'SPH', 'CYL', 'AXIS', 'ADD']);
    assert.ok(job.lines.some((l) => /^Right\s+[+-]\d+\.\d\d/.test(l.text)), job.text);
  } finally {
    svc.server.deps.db.prepare('DELETE FROM setting WHERE key IN (?, ?)').run(PRINT_SETTINGS.receiptPaper, PRINT_SETTINGS.receiptPrescription);
  }
});

test('bad width is a 400 naming width; an unknown receipt 404; an optometrist 403', async () => {
  const sale = await makeSale(svc, cashier, { paid: 100 });
  const id = JSON.stringify(encIdOf(svc, 'receipt', sale.receiptNo!));
  const bad = await post('?width=40', id);
  assert.equal(bad.status, 400);
  assert.ok(Object.keys(bad.json.errors as object).some((k) => k.includes('width')), bad.text);
  const drawer = await post('?drawer=maybe', id);
  assert.equal(drawer.status, 400);
  assert.equal((await post('?receiptNo=NO/SUCH/1', '""')).status, 404);
  const optometrist = await svc.as('optometrist');
  assert.equal((await post('', id, optometrist.token)).status, 403);
  const ok = await post('?width=42', id);
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get('content-disposition') ?? '', /filename="receipt-[A-Za-z0-9-]+\.prn"/);
});
