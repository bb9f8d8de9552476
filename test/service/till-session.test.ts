/**
 * Till sessions and end of day (issue 16) over HTTP: a sale and a cash receipt need the till's open
 * session; open with a float, cash in and out with a reason, split payments with tendered and
 * change, the X report, the close with a denomination count and its kept Z report, a closed day
 * never reopened, and the manager's view of every till.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { TILL_HEADER } from '../../shared/contract/till.js';
import { api } from '../../shared/endpoints/index.js';
import { callAs, type TestService } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let manager: SignedIn;
let cashier: SignedIn;
const TILL = 'till-day-1';

before(async () => {
  ({ svc, manager, cashier } = await storeWithStaff());
});
after(() => svc.close());

/** A client of `who` at the till `till`, the token reused. */
const atTill = (who: SignedIn, till: string) =>
  Object.assign(createClient({ baseUrl: svc.url, getToken: () => who.token, headers: { [TILL_HEADER]: till } }), { token: who.token });

const raw = (who: { token: string }, till: string, path: string, body?: unknown) =>
  fetch(`${svc.url}/api-v1/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${who.token}`, [TILL_HEADER]: till, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, unknown> }));

async function cartWithLens(client: ReturnType<typeof atTill>, qty = 2) {
  const { enc } = svc.server.deps;
  const { customerID } = await client.call(api.Customer.upsert, { body: { firstName: 'Till', lastName: `Day${Date.now() % 100000}` } });
  const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', singleVisionLens(svc).id), qty } });
  const view = await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  return { customerID, sessionID, net: view.netAmount ?? 0 };
}

const kind = (id: number) => svc.server.deps.enc.encode('paymentKind', id);
const count = (sql: string, ...args: unknown[]) => (svc.server.deps.db.prepare(sql).get(...args) as { n: number }).n;

test('a sale and a cash receipt at a till with no open session are a 409 “Open the till first”, and write nothing', async () => {
  const till = 'till-closed';
  const client = atTill(cashier, till);
  const cart = await cartWithLens(client);
  const orders = count('SELECT COUNT(*) AS n FROM sales_order');
  const sale = await raw(cashier, till, 'quickSale/SaveSale', {
    sessionID: cart.sessionID, salesorderModel: { customerId: cart.customerID }, receiptModel: { receiptTypeId: kind(1), amount: 10 },
  });
  assert.equal(sale.status, 409);
  assert.equal(sale.json.code, 'TILL_NOT_OPEN');
  assert.match(String(sale.json.message), /^Open the till first/);
  assert.equal(count('SELECT COUNT(*) AS n FROM sales_order'), orders);
  // A receipt in cash against an order booked at another till needs this till open too; a card one does not.
  const other = await cartWithLens(cashier);
  const booked = await cashier.call(api.QuickSale.saveSale, { body: { sessionID: other.sessionID, salesorderModel: { customerId: other.customerID }, receiptModel: { receiptTypeId: kind(1), amount: 10 } } });
  const cash = await raw(cashier, till, 'quickSale/SaveReceipt', { salesOrderID: booked.salesOrderID, receiptTypeId: kind(1), amount: 5 });
  assert.equal(cash.status, 409);
  const card = await raw(cashier, till, 'quickSale/SaveReceipt', { salesOrderID: booked.salesOrderID, receiptTypeId: kind(2), amount: 5, cardNo: '4242', approvalCode: 'A1B2C3' });
  assert.equal(card.status, 200);
  const stored = svc.server.deps.db.prepare('SELECT card_no, approval_code, till_session_id FROM receipt WHERE receipt_no = ?').get(card.json.receiptNo) as Record<string, unknown>;
  assert.deepEqual(stored, { card_no: '4242', approval_code: 'A1B2C3', till_session_id: null });
});

test('open with a float (once), cash in and out with a reason; bad input is a 400 naming the field', async () => {
  const client = atTill(cashier, TILL);
  const opened = await client.call(api.Till.open, { body: { openingFloat: 2000 } });
  assert.equal(opened.status, 'open');
  assert.equal(opened.openingFloat, 2000);
  assert.equal(opened.expectedCash, 2000);
  const twice = await raw(cashier, TILL, 'till/open', { openingFloat: 100 });
  assert.equal(twice.status, 409);
  assert.equal(twice.json.code, 'TILL_ALREADY_OPEN');
  const noReason = await raw(cashier, TILL, 'till/cash-move', { direction: 'out', amount: 10, reason: ' ' });
  assert.equal(noReason.status, 400);
  assert.ok('reason' in (noReason.json.errors as object));
  const tooMuch = await raw(cashier, TILL, 'till/cash-move', { direction: 'out', amount: 5000, reason: 'bank deposit' });
  assert.equal(tooMuch.status, 400);
  assert.ok('amount' in (tooMuch.json.errors as object));
  await client.call(api.Till.cashMove, { body: { direction: 'in', amount: 500, reason: 'change from the bank' } });
  const out = await client.call(api.Till.cashMove, { body: { direction: 'out', amount: 150, reason: 'petty cash: tea' } });
  assert.equal(out.expectedCash, 2350);
  const negative = await raw(cashier, 'till-other', 'till/open', { openingFloat: -1 });
  assert.equal(negative.status, 400);
  assert.ok('openingFloat' in (negative.json.errors as object));
});

test('split payment: cash + card + UPI in one SaveSale, a receipt each, tendered and change; a full card number or a UPI without reference is refused and writes nothing', async () => {
  const client = atTill(cashier, TILL);
  const cart = await cartWithLens(client);
  const before = count('SELECT COUNT(*) AS n FROM receipt');
  const card = { receiptTypeId: kind(2), amount: 100, cardNo: '4111 1111 1111 1111', approvalCode: 'X9' };
  const upi = { receiptTypeId: kind(3), amount: 50, referenceNo: '' };
  const base = { sessionID: cart.sessionID, salesorderModel: { customerId: cart.customerID } };
  const full = await raw(cashier, TILL, 'quickSale/SaveSale', { ...base, payments: [card] });
  assert.equal(full.status, 400);
  assert.equal(full.json.code, 'FULL_CARD_NUMBER');
  assert.ok('payments.0.cardNo' in (full.json.errors as object));
  const noRef = await raw(cashier, TILL, 'quickSale/SaveSale', { ...base, payments: [{ ...card, cardNo: '1111' }, upi] });
  assert.equal(noRef.status, 400);
  assert.ok('payments.1.referenceNo' in (noRef.json.errors as object));
  const lessTendered = await raw(cashier, TILL, 'quickSale/SaveSale', { ...base, payments: [{ receiptTypeId: kind(1), amount: 200 }], cashTendered: 100 });
  assert.equal(lessTendered.status, 400);
  assert.ok('cashTendered' in (lessTendered.json.errors as object));
  assert.equal(count('SELECT COUNT(*) AS n FROM receipt'), before, 'nothing written');

  const cash = Math.round((cart.net - 150) * 100) / 100;
  const sale = await client.call(api.QuickSale.saveSale, {
    body: { ...base, payments: [{ receiptTypeId: kind(1), amount: cash }, { ...card, cardNo: '1111' }, { ...upi, referenceNo: 'UPI-4471' }], cashTendered: cash + 20 },
  });
  assert.deepEqual(sale.receipts?.map((r) => [r.kind, r.amount]), [['Cash', cash], ['Card', 100], ['UPI', 50]]);
  assert.equal(sale.change, 20);
  assert.equal(sale.receiptNo, sale.receipts?.[0]?.receiptNo);
  const rows = svc.server.deps.db
    .prepare('SELECT payment_kind_id AS k, amount, tendered, card_no, approval_code, reference_no, r.till_session_id IS NOT NULL AS tagged FROM receipt r JOIN sales_order o ON o.id = r.sales_order_id WHERE o.order_no = ? ORDER BY r.id')
    .all(sale.salesOrderNo);
  assert.deepEqual(rows, [
    { k: 1, amount: Math.round(cash * 100), tendered: Math.round((cash + 20) * 100), card_no: null, approval_code: null, reference_no: null, tagged: 1 },
    { k: 2, amount: 10000, tendered: null, card_no: '1111', approval_code: 'X9', reference_no: null, tagged: 1 },
    { k: 3, amount: 5000, tendered: null, card_no: null, approval_code: null, reference_no: 'UPI-4471', tagged: 1 },
  ]);
  const paid = (rows as Array<{ amount: number }>).reduce((t, r) => t + r.amount, 0);
  assert.equal(paid, Math.round(cart.net * 100), 'paid in full');
  // The printed receipt names each part, the cash handed over and the change.
  const slip = await fetch(`${svc.url}/api-v1/api/Common/receipt/escpos?receiptNo=${encodeURIComponent(sale.receiptNo!)}`, {
    method: 'POST', headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' }, body: '""',
  });
  const text = Buffer.from(await slip.arrayBuffer()).toString('latin1');
  assert.match(text, /Tendered/);
  assert.match(text, /Change.*Rs\.20\.00/);
  assert.match(text, /card ending 1111, approval X9/);
  assert.match(text, /ref\. UPI-4471/);
  assert.doesNotMatch(text, /4111/);
});

test('the X report and the Z report at close: figures equal the session’s receipts in the database; the Z report is kept and the day never reopened', async () => {
  const client = atTill(cashier, TILL);
  const x = await client.call(api.Till.xReport);
  assert.equal(x.kind, 'X');
  const { db } = svc.server.deps;
  const session = db.prepare("SELECT id FROM till_session WHERE till = ? AND status = 'open'").get(TILL) as { id: number };
  const byKind = db
    .prepare('SELECT k.name AS kind, COUNT(*) AS count, SUM(r.amount) AS amount FROM receipt r JOIN payment_kind k ON k.id = r.payment_kind_id WHERE r.till_session_id = ? GROUP BY k.id ORDER BY k.id')
    .all(session.id) as Array<{ kind: string; count: number; amount: number }>;
  assert.deepEqual(x.receiptsByKind, byKind.map((r) => ({ ...r, amount: r.amount / 100 })));
  assert.equal(x.sales.count, 1);
  const cash = byKind.find((r) => r.kind === 'Cash')!.amount / 100;
  assert.equal(x.expectedCash, 2000 + cash + 500 - 150);
  assert.equal(x.cashIn, 500);
  assert.equal(x.cashOut, 150);
  assert.ok(x.gstByRate.length > 0);

  // Close counting ₹50 short: 4 × ₹500 … whatever makes expected − 50.
  const expected = Math.round(x.expectedCash * 100);
  const target = expected - 5000;
  const n500 = Math.floor(target / 50000);
  const c1 = (target - n500 * 50000) / 100;
  const bad = await raw(cashier, TILL, 'till/close', { counted: { n500: -1 } });
  assert.equal(bad.status, 400);
  assert.ok('counted.n500' in (bad.json.errors as object));
  const z = await client.call(api.Till.close, { body: { counted: { n500, c1 } } });
  assert.equal(z.kind, 'Z');
  assert.equal(z.expectedCash, x.expectedCash);
  assert.equal(z.countedCash, target / 100);
  assert.equal(z.difference, -50);
  assert.deepEqual(z.receiptsByKind, x.receiptsByKind);
  assert.deepEqual(z.counted, { n500, ...(c1 > 0 ? { c1 } : {}) });

  const kept = await client.call(api.Till.report, { params: { sessionId: z.sessionId } });
  assert.deepEqual(kept, z, 'the Z report kept at close');
  const pdf = await fetch(`${svc.url}/api-v1/api/till/report/${z.sessionId}/print`, { headers: { authorization: `Bearer ${cashier.token}` } });
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  const escpos = await fetch(`${svc.url}/api-v1/api/till/report/${z.sessionId}/print?format=escpos`, { headers: { authorization: `Bearer ${cashier.token}` } });
  const text = Buffer.from(await escpos.arrayBuffer()).toString('latin1');
  assert.match(text, /Z REPORT/);
  assert.match(text, /Short/);

  // Closed: no sale, no cash move, no second close; opening again starts a new session.
  assert.equal((await raw(cashier, TILL, 'till/cash-move', { direction: 'in', amount: 1, reason: 'x' })).status, 409);
  assert.equal((await raw(cashier, TILL, 'till/close', { counted: {} })).status, 409);
  const state = await client.call(api.Till.state);
  assert.equal(state.status, 'closed');
  assert.equal(state.difference, -50);
  const again = await client.call(api.Till.open, { body: { openingFloat: 1000 } });
  assert.notEqual(again.sessionId, z.sessionId);
  assert.deepEqual(await client.call(api.Till.report, { params: { sessionId: z.sessionId } }), z, 'the closed day still reports the same');
  assert.equal(count("SELECT COUNT(*) AS n FROM journal WHERE tbl = 'till_session' AND op = 'update'"), 1, 'the close is journaled');
});

test('GST by rate counts job charges too: the report’s GST equals the GST of the day’s sales, hand-worked', async () => {
  const till = 'till-job';
  const client = atTill(cashier, till);
  await client.call(api.Till.open, { body: { openingFloat: 0 } });
  const { db } = svc.server.deps;
  // One single-vision lens; its line's taxable value and GST are the goods' part (read back from the line).
  const cart = await cartWithLens(client, 1);
  // ₹236 of fitting, priced inclusive at the service rate 18 %: taxable 236 × 100/118 = ₹200, GST ₹36 = CGST ₹18 + SGST ₹18.
  const view = await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: cart.sessionID, jobCharges: 236 } });
  const net = view.netAmount ?? 0;
  const sale = await client.call(api.QuickSale.saveSale, {
    body: { sessionID: cart.sessionID, salesorderModel: { customerId: cart.customerID, jobCharges: 236 }, payments: [{ receiptTypeId: kind(1), amount: net }] },
  });
  const order = db.prepare('SELECT id, job_charges, service_tax, job_gst_rate_bp, cgst, sgst, igst, taxable FROM sales_order WHERE order_no = ?').get(sale.salesOrderNo) as Record<string, number>;
  assert.deepEqual([order.job_charges, order.service_tax, order.job_gst_rate_bp], [20000, 3600, 1800], 'the job charge as worked by hand');
  const line = db.prepare('SELECT gst_rate_bp AS rate, taxable, cgst, sgst, igst FROM sales_order_line WHERE sales_order_id = ?').get(order.id) as Record<string, number>;
  assert.ok(line.rate !== 1800, 'the lens is at another rate than the service (so the two rows are told apart)');

  const x = await client.call(api.Till.xReport);
  const byRate = new Map(x.gstByRate.map((g) => [g.ratePercent, g]));
  assert.deepEqual(byRate.get(18), { ratePercent: 18, taxable: 200, cgst: 18, sgst: 18, igst: 0 });
  assert.deepEqual(byRate.get(line.rate! / 100), { ratePercent: line.rate! / 100, taxable: line.taxable! / 100, cgst: line.cgst! / 100, sgst: line.sgst! / 100, igst: 0 });
  // The report's GST is the day's sales' GST, job charges included.
  const sum = (f: (g: (typeof x.gstByRate)[number]) => number) => Math.round(x.gstByRate.reduce((t, g) => t + f(g), 0) * 100);
  assert.equal(sum((g) => g.taxable), order.taxable);
  assert.equal(sum((g) => g.cgst + g.sgst + g.igst), order.cgst! + order.sgst! + order.igst!);
  assert.equal(sum((g) => g.cgst + g.sgst + g.igst), line.cgst! + line.sgst! + 3600);
});

test('refunds, credit notes and cancellations made at the till while it is open are in its X report; those of another till are not', async () => {
  const till = 'till-returns';
  const client = atTill(manager, till);
  await client.call(api.Till.open, { body: { openingFloat: 1000 } });
  const sell = async () => {
    const cart = await cartWithLens(client, 1);
    return client.call(api.QuickSale.saveSale, { body: { sessionID: cart.sessionID, salesorderModel: { customerId: cart.customerID }, receiptModel: { receiptTypeId: kind(1), amount: 300 } } });
  };
  const refunded = await sell();
  const noted = await sell();
  const elsewhere = await sell();
  const nets = (...ids: string[]) => ids.map((id) => count('SELECT net_amount AS n FROM sales_order WHERE id = ?', svc.server.deps.enc.decode('salesOrder', id)) / 100);
  await client.call(api.Orders.cancel, { params: { salesOrderId: refunded.salesOrderID }, body: { receiptStatusId: 3 } });
  await client.call(api.Orders.cancel, { params: { salesOrderId: noted.salesOrderID }, body: { receiptStatusId: 4 } });
  // Cancelled at another till: that till's figures, not this one's.
  await atTill(manager, 'till-returns-2').call(api.Orders.cancel, { params: { salesOrderId: elsewhere.salesOrderID }, body: { receiptStatusId: 3 } });

  const x = await client.call(api.Till.xReport);
  assert.deepEqual(x.refunds, { count: 1, amount: 300 });
  assert.equal(x.cashRefunds, 300);
  assert.deepEqual(x.creditNotesIssued, { count: 1, amount: 300 });
  const [a, b] = nets(refunded.salesOrderID, noted.salesOrderID);
  assert.deepEqual(x.cancellations, { count: 2, amount: a! + b! });
  assert.equal(x.expectedCash, 1000 + 3 * 300 - 300);
});

test('the manager sees every till of the branch; a cashier may not', async () => {
  const tills = await manager.call(api.Till.tills);
  const mine = tills.find((t) => t.till === TILL);
  assert.equal(mine?.status, 'open');
  assert.ok(tills.some((t) => t.till === ''), 'the fixtures’ till');
  assert.equal((await callAs(svc, cashier, 'till/tills')).status, 403);
});
