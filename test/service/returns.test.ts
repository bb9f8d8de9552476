/**
 * A customer's returns and exchanges over HTTP, on a real store file: a return to sellable stock
 * and one to the damaged bin (stock is the sum of movements, each naming the return), the refund
 * counted in the till's report, the credit note path, the GST credit note reversing the invoice's
 * own CGST+SGST or IGST per line exactly, more than sold refused naming the line, the return window
 * (refused, then a manager's approval), exchanges paying and refunding the difference, and nothing
 * written on any refusal.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import type { ReturnLineRequest } from '../../shared/models/returns.js';
import { states } from '../../main/service/store/state.js';
import { failure } from '../helpers/customers.js';
import { pdfText, squeeze } from '../helpers/print.js';
import { createClient } from '../../shared/client.js';
import { TILL_HEADER } from '../../shared/contract/till.js';
import { callAs, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
/** Two frames of the branch in stock: the cheaper and the dearer. */
let cheap: { id: number; price: number };
let dear: { id: number; price: number };

const db = () => svc.server.deps.db;
const enc = () => svc.server.deps.enc;
const one = <T>(sql: string, ...args: unknown[]) => db().prepare(sql).get(...args) as T;
const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).n;
const branchId = () => one<{ branch_id: number }>("SELECT branch_id FROM app_user WHERE user_name = 'cashier'").branch_id;
const onHand = (itemId: number) => one<{ n: number }>('SELECT coalesce(sum(on_hand), 0) AS n FROM stock WHERE item_id = ? AND branch_id = ?', itemId, branchId()).n;
const movementSum = (itemId: number) => one<{ n: number }>('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?', itemId, branchId()).n;
/** Every table a return or an exchange writes: a refusal must leave each as it was. */
const written = () => ['sales_return', 'sales_return_line', 'stock_movement', 'credit_note', 'receipt', 'sales_order'].map(count);

before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  const frames = db().prepare(
    `SELECT i.id, i.sale_price AS price FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ?
       AND s.expiry_date IS NULL AND s.on_hand >= 5 AND i.sale_price > 0 ORDER BY i.sale_price, i.id`,
  ).all(branchId()) as Array<{ id: number; price: number }>;
  cheap = frames[0]!;
  dear = frames[frames.length - 1]!;
  assert.ok(dear.price > cheap.price * 1.5, 'two frames of clearly different prices');
});
after(() => svc.close());

async function customer(last: string, stateCode?: string) {
  const state = stateCode ? states(db()).find(stateCode)!.id : null;
  return (await cashier.call(api.Customer.upsert, {
    body: { firstName: 'Return', lastName: last, houseNumber: '7', street: 'MG Road', city: 'Pune', ...(state ? { stateID: enc().encode('state', state) } : {}) },
  })).customerID;
}

/** A cart of `qty` frames `itemId`. */
async function cart(itemId: number, qty: number) {
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc().encode('item', itemId), qty } });
  const view = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  return { sessionID, net: view.netAmount ?? 0 };
}

/** `qty` frames sold off the shelf, paid in full in cash: handed over (Delivered) at the counter. */
async function soldFrames(itemId: number, qty: number, options: { invoice?: boolean; stateCode?: string; shipped?: boolean } = {}) {
  const customerID = await customer(`Buyer${Math.random().toString(36).slice(2, 7)}`, options.stateCode);
  const { sessionID, net } = await cart(itemId, qty);
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID, ...(options.shipped ? { deliveryModeID: 2 } : {}) },
      receiptModel: { receiptTypeId: enc().encode('paymentKind', 1), amount: net },
    },
  });
  const invoiceID = options.invoice ? (await cashier.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID } })).invoiceID : null;
  const orderId = enc().decode('salesOrder', sale.salesOrderID);
  const line = one<{ id: number; qty: number; taxable: number; cgst: number; sgst: number; igst: number; total: number }>(
    'SELECT id, qty, taxable, cgst, sgst, igst, total FROM sales_order_line WHERE sales_order_id = ?', orderId,
  );
  return { sale, customerID, orderId, net, invoiceID, line, lineID: enc().encode('salesOrderLine', line.id) };
}

/** Days later on the service's clock; the staff sign in again (a token lasts 8 hours), the till stays open. */
async function later(days: number) {
  svc.clock.advance(days * 24 * 3600_000);
  [cashier, manager] = await Promise.all([svc.as('cashier'), svc.as('manager')]);
}

const lines = (lineID: string, qty: number, destination: ReturnLineRequest['destination'] = 'stock'): ReturnLineRequest[] => [{ salesOrderLineID: lineID, qty, destination }];

test('a return to sellable stock and one to the damaged bin: stock is the sum of movements, each naming the return', async () => {
  const before = onHand(dear.id);
  const sold = await soldFrames(dear.id, 3);
  assert.equal(onHand(dear.id), before - 3);
  const view = await cashier.call(api.Returns.order, { params: { salesOrderId: sold.sale.salesOrderID } });
  assert.equal(view.delivered, true);
  assert.equal(view.refusal, null);
  assert.equal(view.pastWindow, false);
  assert.equal(view.windowDays, 7);
  assert.deepEqual(view.lines.map((l) => [l.qty, l.returned, l.returnable, l.fromShelf]), [[3, 0, 3, true]]);

  const back = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Customer changed their mind', settlement: 'refund' } });
  assert.match(back.returnNo, /\/SR\//);
  assert.equal(back.gstCreditNoteNo, null, 'not invoiced: no GST credit note');
  assert.equal(back.refundKind, 'Cash');
  assert.equal(onHand(dear.id), before - 2, 'back on the shelf');

  const damaged = await cashier.call(api.Returns.save, {
    body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1, 'damaged'), reason: 'Frame broke at the hinge', settlement: 'credit_note' },
  });
  assert.equal(onHand(dear.id), before - 2, 'the damaged frame is not sellable');
  assert.equal(onHand(dear.id), movementSum(dear.id), 'stock is the sum of its movements');
  const rowId = enc().decode('salesReturn', damaged.salesReturnID);
  const moves = db().prepare("SELECT reason, delta FROM stock_movement WHERE document = 'customer_return' AND document_id = ? ORDER BY id").all(rowId);
  assert.deepEqual(moves.map((m) => ({ ...(m as object) })), [{ reason: 'return', delta: 1 }, { reason: 'write_off', delta: -1 }]);

  const list = await cashier.call(api.Returns.list, { query: { orderNo: sold.sale.salesOrderNo } });
  assert.equal(list.totalRecords, 2);
  assert.deepEqual(list.items.map((r) => [r.returnNo, r.stockQty, r.damagedQty, r.settlement]), [
    [damaged.returnNo, 0, 1, 'credit_note'],
    [back.returnNo, 1, 0, 'refund'],
  ]);
  const again = await cashier.call(api.Returns.order, { params: { salesOrderId: sold.sale.salesOrderID } });
  assert.deepEqual(again.lines.map((l) => [l.returned, l.returnable]), [[2, 1]]);
  assert.equal(again.returns.length, 2);
});

test('more than sold less returned is refused naming the line; an order not delivered is refused; nothing is written', async () => {
  const sold = await soldFrames(cheap.id, 2);
  await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Too tight', settlement: 'refund' } });
  // A made-to-order lens not yet delivered: only delivered goods come back.
  const lensSale = await cashier.call(api.QuickSale.saveSalesOrderTemp, {
    body: { itemID: enc().encode('item', one<{ id: number }>('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 ORDER BY code LIMIT 1').id) },
  });
  const booked = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID: lensSale.sessionID, salesorderModel: { customerId: sold.customerID }, allowZeroAmountReceiptInQuickSale: true },
  });
  const before = written();
  const over = await failure(cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 2), reason: 'Too tight', settlement: 'refund' } }), 400);
  const body = over.body as { message: string; errors: Record<string, string[]> };
  const name = one<{ name: string }>('SELECT name FROM sales_order_line WHERE id = ?', sold.line.id).name;
  assert.ok(body.message.startsWith(`${name}: only 1 can come back (sold 2, returned 1 before)`), body.message);
  assert.deepEqual(body.errors['lines.0.qty'], ['At most 1']);
  const noReason = await failure(cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: '  ', settlement: 'refund' } }), 400);
  assert.ok((noReason.body as { errors: Record<string, string[]> }).errors.reason);
  const lensLine = enc().encode('salesOrderLine', one<{ id: number }>('SELECT id FROM sales_order_line WHERE sales_order_id = ?', enc().decode('salesOrder', booked.salesOrderID)).id);
  const notDelivered = await failure(cashier.call(api.Returns.save, { body: { salesOrderID: booked.salesOrderID, lines: lines(lensLine, 1, 'damaged'), reason: 'Wrong power', settlement: 'refund' } }), 409);
  assert.match(String((notDelivered.body as { message: string }).message), /not delivered/);
  assert.deepEqual(written(), before);
});

test('a refund from the till counts in its X report: refunds, cash refunds and the cash expected', async () => {
  const x0 = await cashier.call(api.Till.xReport, {});
  const sold = await soldFrames(cheap.id, 1);
  const x1 = await cashier.call(api.Till.xReport, {});
  const back = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Did not suit', settlement: 'refund' } });
  const x2 = await cashier.call(api.Till.xReport, {});
  assert.equal(back.refundAmount, back.amount);
  assert.equal(x2.refunds.count, x1.refunds.count + 1);
  assert.equal(Math.round((x2.refunds.amount - x1.refunds.amount) * 100), Math.round(back.refundAmount * 100));
  assert.equal(Math.round((x2.cashRefunds - x1.cashRefunds) * 100), Math.round(back.refundAmount * 100));
  assert.equal(Math.round((x2.expectedCash - x1.expectedCash) * 100), -Math.round(back.refundAmount * 100), 'the drawer is short by the refund');
  assert.ok(x1.expectedCash > x0.expectedCash);
  // A refund by card is a refund, not cash out of the drawer.
  const sold2 = await soldFrames(cheap.id, 1);
  const x3 = await cashier.call(api.Till.xReport, {});
  await cashier.call(api.Returns.save, { body: { salesOrderID: sold2.sale.salesOrderID, lines: lines(sold2.lineID, 1), reason: 'Did not suit', settlement: 'refund', refundKindId: enc().encode('paymentKind', 2) } });
  const x4 = await cashier.call(api.Till.xReport, {});
  assert.equal(x4.refunds.count, x3.refunds.count + 1);
  assert.equal(x4.cashRefunds, x3.cashRefunds);
  assert.equal(x4.expectedCash, x3.expectedCash);
});

test('onto a credit note: the customer can spend it; the note counts as issued in the till report', async () => {
  const sold = await soldFrames(cheap.id, 1);
  const x1 = await cashier.call(api.Till.xReport, {});
  const back = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Prefers another colour', settlement: 'credit_note' } });
  assert.ok(back.creditNoteNo);
  assert.equal(back.refundAmount, 0);
  const customerRow = one<{ customer_id: number }>('SELECT customer_id FROM sales_order WHERE id = ?', sold.orderId).customer_id;
  const notes = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow } });
  const note = notes.find((n) => n.creditNoteNo === back.creditNoteNo);
  assert.ok(note);
  assert.equal(note.balance, back.amount);
  const x2 = await cashier.call(api.Till.xReport, {});
  assert.equal(x2.creditNotesIssued.count, x1.creditNotesIssued.count + 1);
  assert.equal(x2.refunds.count, x1.refunds.count);
});

test('an invoiced sale: the GST credit note reverses the invoice’s CGST and SGST exactly, line by line, in its own series', async () => {
  const sold = await soldFrames(dear.id, 3, { invoice: true });
  const invoice = one<{ invoice_no: string; invoice_date: string }>('SELECT invoice_no, invoice_date FROM invoice WHERE sales_order_id = ?', sold.orderId);
  const first = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Wrong size', settlement: 'credit_note' } });
  assert.ok(first.gstCreditNoteNo);
  assert.ok(first.gstCreditNoteNo.length <= 16);
  assert.match(first.gstCreditNoteNo, /\/\d\dC\//, 'the GST credit note series has its own mark');
  const second = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 2, 'damaged'), reason: 'Wrong size', settlement: 'credit_note' } });
  assert.notEqual(second.gstCreditNoteNo, first.gstCreditNoteNo);
  const figures = (id: string) => one<{ taxable: number; cgst: number; sgst: number; igst: number; total: number }>(
    'SELECT taxable, cgst, sgst, igst, total FROM sales_return_line WHERE sales_return_id = ?', enc().decode('salesReturn', id),
  );
  const a = figures(first.salesReturnID);
  const b = figures(second.salesReturnID);
  const l = sold.line;
  // One of three: the line's figures a third each, rounded once; the rest takes what is left, so together exactly the invoice's.
  const third = (f: number) => Math.floor((2 * f + 3) / 6);
  assert.deepEqual(a, { taxable: third(l.taxable), cgst: third(l.cgst), sgst: third(l.sgst), igst: 0, total: third(l.total) });
  assert.deepEqual({ taxable: a.taxable + b.taxable, cgst: a.cgst + b.cgst, sgst: a.sgst + b.sgst, igst: a.igst + b.igst, total: a.total + b.total },
    { taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: 0, total: l.total });

  const pdf = await cashier.raw(api.Returns.creditNotePrint, { params: { salesReturnId: first.salesReturnID }, query: {} });
  assert.equal(pdf.status, 200);
  assert.equal(pdf.contentType, 'application/pdf');
  const text = squeeze(pdfText(pdf.bytes));
  assert.match(text, /CREDIT NOTE/);
  assert.ok(text.includes(`Credit note no ${first.gstCreditNoteNo}`), text);
  assert.ok(text.includes(`Against invoice no ${invoice.invoice_no}`), text);
  const [y, m, d] = invoice.invoice_date.split('-');
  assert.ok(text.includes(`Invoice date ${d}-${m}-${y}`), text);
  const num = (p: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(p / 100);
  assert.ok(text.includes(`CGST ₹${num(a.cgst)}`) && text.includes(`SGST ₹${num(a.sgst)}`), text);
  assert.doesNotMatch(text, /IGST/);
  assert.match(text, /GSTIN/);
  // The return receipt prints too; a return of a sale without an invoice has no GST credit note.
  const receipt = await cashier.raw(api.Returns.receiptPrint, { params: { salesReturnId: first.salesReturnID }, query: {} });
  assert.match(squeeze(pdfText(receipt.bytes)), new RegExp(`RETURN RECEIPT[\\s\\S]*${first.returnNo.replace(/\//g, '\\/')}`));
});

test('shipped to another state: the GST credit note reverses IGST only, as the invoice had it', async () => {
  const sold = await soldFrames(cheap.id, 2, { invoice: true, stateCode: '27', shipped: true });
  assert.ok(sold.line.igst > 0 && sold.line.cgst === 0);
  const back = await cashier.call(api.Returns.save, { body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 2), reason: 'Wrong model shipped', settlement: 'refund' } });
  const row = one<{ taxable: number; cgst: number; sgst: number; igst: number }>('SELECT taxable, cgst, sgst, igst FROM sales_return WHERE id = ?', enc().decode('salesReturn', back.salesReturnID));
  assert.deepEqual(row, { taxable: sold.line.taxable, cgst: 0, sgst: 0, igst: sold.line.igst });
  const text = squeeze(pdfText((await cashier.raw(api.Returns.creditNotePrint, { params: { salesReturnId: back.salesReturnID }, query: {} })).bytes));
  assert.match(text, /IGST% IGST/);
  assert.match(text, /Place of supply Maharashtra \(27\)/);
  assert.doesNotMatch(text, /CGST%|SGST/);
});

test('an exchange for a dearer frame: the return pays first, the customer pays only the difference, in one step', async () => {
  const sold = await soldFrames(cheap.id, 1);
  const returned = onHand(cheap.id);
  const soldDear = onHand(dear.id);
  const next = await cart(dear.id, 1);
  const exchange = {
    salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Wants a better frame',
    sale: { sessionID: next.sessionID }, payment: { receiptTypeId: enc().encode('paymentKind', 2), cardNo: '4242', approvalCode: 'OK1234' },
  };
  // Without saying how the difference is paid: refused, and neither the return nor the sale is written.
  const before = written();
  const unpaid = await failure(cashier.call(api.Returns.exchange, { body: { ...exchange, payment: null } }), 400);
  assert.ok((unpaid.body as { errors: Record<string, string[]> }).errors['payment.receiptTypeId']);
  assert.deepEqual(written(), before);
  assert.equal(onHand(cheap.id), returned);

  const done = await cashier.call(api.Returns.exchange, { body: exchange });
  assert.equal(done.paidByReturn, done.return.amount);
  assert.equal(Math.round(done.customerPaid * 100), Math.round((next.net - done.return.amount) * 100));
  assert.equal(done.refunded, 0);
  assert.equal(done.saleAmount, next.net);
  assert.deepEqual(done.sale.receipts?.map((r) => [r.kind, r.amount]), [['Credit Note', done.return.amount], ['Card', done.customerPaid]]);
  assert.equal(onHand(cheap.id), returned + 1);
  assert.equal(onHand(dear.id), soldDear - 1);
  const status = one<{ status_id: number }>('SELECT status_id FROM sales_order WHERE id = ?', enc().decode('salesOrder', done.sale.salesOrderID)).status_id;
  assert.equal(status, 4, 'a frame off the shelf, paid in full: handed over');
  // Retried with the same cart: the same answer, nothing written twice.
  const count0 = written();
  const again = await cashier.call(api.Returns.exchange, { body: exchange });
  assert.equal(again.return.returnNo, done.return.returnNo);
  assert.equal(again.sale.salesOrderNo, done.sale.salesOrderNo);
  assert.deepEqual(written(), count0);
});

test('an exchange for a cheaper frame: the sale is paid by the return, the rest is refunded from the till', async () => {
  const sold = await soldFrames(dear.id, 1);
  const next = await cart(cheap.id, 1);
  const x1 = await cashier.call(api.Till.xReport, {});
  const done = await cashier.call(api.Returns.exchange, {
    body: { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Too heavy', sale: { sessionID: next.sessionID } },
  });
  assert.equal(done.paidByReturn, next.net);
  assert.equal(done.customerPaid, 0);
  assert.equal(Math.round(done.refunded * 100), Math.round((done.return.amount - next.net) * 100));
  assert.equal(done.return.refundKind, 'Cash');
  const x2 = await cashier.call(api.Till.xReport, {});
  assert.equal(Math.round((x2.cashRefunds - x1.cashRefunds) * 100), Math.round(done.refunded * 100));
  const listed = await cashier.call(api.Returns.list, { query: { orderNo: sold.sale.salesOrderNo } });
  assert.equal(listed.items[0]!.settlement, 'exchange');
  assert.equal(listed.items[0]!.exchangeOrderNo, done.sale.salesOrderNo);
});

test('a cash refund beyond what the drawer holds is refused, and nothing is written; by card it goes through', async () => {
  const till = Object.assign(createClient({ baseUrl: svc.url, getToken: () => cashier.token, headers: { [TILL_HEADER]: 'till-empty' } }), { token: cashier.token });
  await till.call(api.Till.open, { body: { openingFloat: 100 } });
  const customerID = await customer('Cardpayer');
  const { sessionID } = await till.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc().encode('item', dear.id), qty: 1 } });
  const net = (await till.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await till.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: enc().encode('paymentKind', 2), amount: net, cardNo: '4242', approvalCode: 'A1B2C3' } },
  });
  const line = enc().encode('salesOrderLine', one<{ id: number }>('SELECT id FROM sales_order_line WHERE sales_order_id = ?', enc().decode('salesOrder', sale.salesOrderID)).id);
  const body = { salesOrderID: sale.salesOrderID, lines: lines(line, 1), reason: 'Did not suit', settlement: 'refund' as const };
  const before = written();
  const short = await failure(till.call(api.Returns.save, { body }), 400);
  assert.match((short.body as { message: string }).message, /not that much cash in the till to refund: 100\.00 in the drawer/);
  assert.deepEqual(written(), before);
  const byCard = await till.call(api.Returns.save, { body: { ...body, refundKindId: enc().encode('paymentKind', 2) } });
  assert.equal(byCard.refundKind, 'Card');
});

test('past the return window: refused for the cashier, a wrong password refused, a manager’s approval lets it through', async () => {
  const sold = await soldFrames(cheap.id, 1);
  await later(8);
  try {
    const view = await cashier.call(api.Returns.order, { params: { salesOrderId: sold.sale.salesOrderID } });
    assert.equal(view.pastWindow, true);
    const before = written();
    const body = { salesOrderID: sold.sale.salesOrderID, lines: lines(sold.lineID, 1), reason: 'Lens scratched', settlement: 'refund' as const };
    const late = await failure(cashier.call(api.Returns.save, { body }), 409);
    assert.equal((late.body as { code: string }).code, 'RETURN_WINDOW_PASSED');
    assert.match((late.body as { message: string }).message, /return window of 7 days ended/);
    const wrong = await failure(cashier.call(api.Returns.save, { body: { ...body, approval: { userName: 'manager', password: 'not-it' } } }), 403);
    assert.equal((wrong.body as { code: string }).code, 'APPROVAL_WRONG_PASSWORD');
    const notManager = await failure(cashier.call(api.Returns.save, { body: { ...body, approval: { userName: 'cashier', password: 'demo1234' } } }), 403);
    assert.equal((notManager.body as { code: string }).code, 'APPROVAL_NOT_A_MANAGER');
    assert.deepEqual(written(), before);
    const ok = await cashier.call(api.Returns.save, { body: { ...body, approval: { userName: 'manager', password: 'demo1234', reason: 'Loyal customer' } } });
    assert.equal(ok.approvedBy, 'manager');
    const row = one<{ past_window: number; approval_reason: string }>('SELECT past_window, approval_reason FROM sales_return WHERE id = ?', enc().decode('salesReturn', ok.salesReturnID));
    assert.deepEqual({ ...row }, { past_window: 1, approval_reason: 'Loyal customer' });
    // A manager signed in approves by doing it; the window is the manager's to set.
    const sold2 = await soldFrames(cheap.id, 1);
    await later(3);
    const denied = await callAs(svc, cashier, 'returns/window', { days: 1 }, 'PUT');
    assert.equal(denied.status, 403);
    assert.deepEqual(await manager.call(api.Returns.setWindow, { body: { days: 1 } }), { days: 1 });
    const late2 = await failure(cashier.call(api.Returns.save, { body: { ...body, salesOrderID: sold2.sale.salesOrderID, lines: lines(sold2.lineID, 1) } }), 409);
    assert.equal((late2.body as { code: string }).code, 'RETURN_WINDOW_PASSED');
    const byManager = await manager.call(api.Returns.save, { body: { ...body, salesOrderID: sold2.sale.salesOrderID, lines: lines(sold2.lineID, 1), settlement: 'credit_note' } });
    assert.equal(byManager.approvedBy, 'manager');
  } finally {
    await manager.call(api.Returns.setWindow, { body: { days: 7 } });
  }
});
