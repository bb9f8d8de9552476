/** A cancelled order's advance, kept as a credit note, spent on the customer's next sale. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { failure } from '../helpers/customers.js';
import { frameInStock, sellFrameAndPair } from '../helpers/sales.js';
import { type TestService } from '../helpers/service.js';
import { singleVisionLens } from '../helpers/items.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let frameId: number;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  frameId = frameInStock(svc, 'cashier');
  svc.server.deps.db.prepare('UPDATE stock SET on_hand = 50 WHERE item_id = ? AND expiry_date IS NULL').run(frameId);
});
after(() => svc.close());

const customerRow = (sale: { rowId: number }) =>
  (svc.server.deps.db.prepare('SELECT customer_id FROM sales_order WHERE id = ?').get(sale.rowId) as { customer_id: number }).customer_id;

/** Sells the customer a lens in a cart, paying `amount` from `creditNoteID`. */
async function payByNote(customerID: string, creditNoteID: string, amount: number) {
  const { enc } = svc.server.deps;
  const lensId = singleVisionLens(svc).id;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lensId) } });
  return payByNoteFor(sessionID, customerID, creditNoteID, amount);
}

/** Saves the cart `sessionID` as a sale to the customer, its one receipt `amount` from `creditNoteID`. */
function payByNoteFor(sessionID: string, customerID: string, creditNoteID: string, amount: number) {
  const { enc } = svc.server.deps;
  return cashier.call(api.QuickSale.saveSale, {
    body: {
      sessionID,
      salesorderModel: { sessionId: sessionID, customerId: customerID },
      receiptModel: { receiptTypeId: enc.encode('paymentKind', 5), creditNoteID, amount },
    },
  });
}

test('an advance moved to a credit note pays part of the next sale, and only what is left on it', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Kavya', lastName: 'Creditwala', mobile: '9876501234' } })).customerID;
  const first = await sellFrameAndPair(svc, cashier, { customerID, paid: 300, frameId });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: first.salesOrderID }, body: { receiptStatusId: 4 } });
  const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(first) } });
  assert.ok(note);
  assert.equal(note.balance, 300);

  const over = await failure(payByNote(customerID, note.creditNoteID, 300.01), 400);
  assert.match(String((over.body as { errors: Record<string, string[]> }).errors['receiptModel.creditNoteID']), /300\.00 left/);

  const sale = await payByNote(customerID, note.creditNoteID, 120);
  assert.ok(sale.receiptNo);
  const [after] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(first) } });
  assert.equal(after!.balance, 180);
  const receipt = svc.server.deps.db.prepare('SELECT payment_kind_id, credit_note_id, amount FROM receipt WHERE receipt_no = ?').get(sale.receiptNo) as {
    payment_kind_id: number;
    credit_note_id: number;
    amount: number;
  };
  assert.deepEqual([receipt.payment_kind_id, receipt.amount], [5, 12000]);
  assert.equal(svc.server.deps.enc.encode('creditNote', receipt.credit_note_id), note.creditNoteID);
});

test('a credit note and cash in one SaveSale (payments[]) are one write: a note short of its part writes nothing at all; the receipts are those SaveSale then SaveReceipt gave', async () => {
  const { db, enc } = svc.server.deps;
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Ekta', lastName: 'Onewrite', mobile: '9876501240' } })).customerID;
  const earlier = await sellFrameAndPair(svc, cashier, { customerID, paid: 300, frameId });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: earlier.salesOrderID }, body: { receiptStatusId: 4 } });
  const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } });
  assert.equal(note?.balance, 300);
  const lens = singleVisionLens(svc);
  const cart = async () => {
    const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens.id), qty: Math.ceil(50000 / lens.sale_price) } });
    const view = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
    return { sessionID, net: view.netAmount ?? 0 };
  };
  const noteKind = enc.encode('paymentKind', 5);
  const cashKind = enc.encode('paymentKind', 1);
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const tables = ['sales_order', 'sales_order_line', 'receipt', 'credit_note_movement', 'journal'];
  const counts = () => Object.fromEntries(tables.map((t) => [t, count(t)]));

  // ₹300.01 from a note holding ₹300, the rest in cash: refused, and nothing at all is written.
  const short = await cart();
  assert.ok(short.net > 400, `the cart is worth more than the note (${short.net})`);
  const before = counts();
  const refused = await failure(
    cashier.call(api.QuickSale.saveSale, {
      body: {
        sessionID: short.sessionID, salesorderModel: { customerId: customerID },
        payments: [{ receiptTypeId: noteKind, creditNoteID: note!.creditNoteID, amount: 300.01 }, { receiptTypeId: cashKind, amount: 50 }],
      },
    }),
    400,
  );
  assert.match(String((refused.body as { errors: Record<string, string[]> }).errors['payments.0.creditNoteID']), /300\.00 left/);
  assert.deepEqual(counts(), before, 'no order, no line, no receipt, no spend, no journal entry');
  assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } }))[0]!.balance, 300);
  const kept = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: short.sessionID } });
  assert.equal(kept.netAmount, short.net, 'the cart is as it was');

  // The same cart paid right: ₹120 from the note and the rest in cash, in the one SaveSale.
  const rest = Math.round((short.net - 120) * 100) / 100;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: {
      sessionID: short.sessionID, salesorderModel: { customerId: customerID },
      payments: [{ receiptTypeId: noteKind, creditNoteID: note!.creditNoteID, amount: 120 }, { receiptTypeId: cashKind, amount: rest }],
      cashTendered: rest + 10,
    },
  });
  assert.deepEqual(sale.receipts?.map((r) => [r.kind, r.amount]), [['Credit Note', 120], ['Cash', rest]]);
  assert.equal(sale.receiptNo, sale.receipts?.[0]?.receiptNo, 'SaveSale’s receipt is the note’s, as before');
  assert.equal(sale.change, 10);

  // As it was done before (SaveSale with the note, then SaveReceipt for the cash), for the same figures.
  const old = await cart();
  const oldSale = await payByNoteFor(old.sessionID, customerID, note!.creditNoteID, 120);
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: oldSale.salesOrderID, customerIDStr: customerID, receiptTypeId: cashKind, amount: rest } });

  const receipts = (orderNo: string) =>
    db.prepare(
      `SELECT r.payment_kind_id AS kind, r.amount, r.status_id AS status, r.credit_note_id AS note, r.till_session_id IS NOT NULL AS tagged
       FROM receipt r JOIN sales_order o ON o.id = r.sales_order_id WHERE o.order_no = ? ORDER BY r.id`,
    ).all(orderNo);
  assert.deepEqual(receipts(sale.salesOrderNo), receipts(oldSale.salesOrderNo), 'the same receipts as SaveSale then SaveReceipt');
  assert.deepEqual((receipts(sale.salesOrderNo) as Array<{ kind: number; amount: number }>).map((r) => [r.kind, r.amount]), [[5, 12000], [1, Math.round(rest * 100)]]);
  const status = (orderNo: string) => (db.prepare('SELECT status_id FROM sales_order WHERE order_no = ?').get(orderNo) as { status_id: number }).status_id;
  assert.equal(status(sale.salesOrderNo), status(oldSale.salesOrderNo));
  assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } }))[0]!.balance, 60, '₹120 spent by each sale');
});

test('another customer cannot spend the note, and paying by credit note needs one', async () => {
  const owner = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Notekeeper', mobile: '9876501235' } })).customerID;
  const other = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Sita', lastName: 'Stranger', mobile: '9876501236' } })).customerID;
  const sale = await sellFrameAndPair(svc, cashier, { customerID: owner, paid: 200, frameId });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 4 } });
  const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(sale) } });
  const refused = await failure(payByNote(other, note!.creditNoteID, 50), 400);
  assert.ok((refused.body as { errors: Record<string, string[]> }).errors['receiptModel.creditNoteID']);
  const [still] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(sale) } });
  assert.equal(still!.balance, 200, 'a refused sale spends nothing');

  const { enc } = svc.server.deps;
  const lensId = singleVisionLens(svc).id;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lensId) } });
  const missing = await failure(
    cashier.call(api.QuickSale.saveSale, {
      body: { sessionID, salesorderModel: { customerId: owner }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 5), amount: 10 } },
    }),
    400,
  );
  assert.ok((missing.body as { errors: Record<string, string[]> }).errors['receiptModel.creditNoteID']);
});

test('where the spec declares an int64 id, the same record’s ENC id works too; a tampered one is a 400', async () => {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Encia', lastName: 'Idwala', mobile: '9876501237' } })).customerID;
  const sale = await sellFrameAndPair(svc, cashier, { customerID, paid: 100, frameId });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 4 } });
  const byRow = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(sale) } });
  const byEnc = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerID } });
  assert.deepEqual(byEnc, byRow);
  assert.equal(byEnc.length, 1);
  const items = await cashier.call(api.Orders.items, { params: { salesOrderId: sale.salesOrderID } });
  assert.equal(items.length, 3);
  const tampered = customerID.slice(0, -2) + (customerID.endsWith('AA') ? 'BB' : 'AA');
  const bad = await failure(cashier.call(api.QuickSale.creditNotes, { query: { customerId: tampered } }), 400);
  assert.ok((bad.body as { errors: Record<string, string[]> }).errors.customerId);
  await failure(cashier.call(api.QuickSale.creditNotes, { query: { customerId: sale.salesOrderID } }), 400);
});

/**
 * Issue 11, the outcome table of cancelling (docs/decisions.md "Cancelling an order paid by credit
 * note"): every receiptStatusId × {paid by money, paid by a credit note}.
 */
for (const choice of [2, 3, 4] as const) {
  test(`cancel with receiptStatusId ${choice}: what a credit note paid goes back on that note; the cash receipt is settled as chosen`, async () => {
    const { db, enc } = svc.server.deps;
    const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Table', lastName: `Cell${choice}`, mobile: `987650130${choice}` } })).customerID;
    // A note of ₹300 from an earlier cancelled advance.
    const earlier = await sellFrameAndPair(svc, cashier, { customerID, paid: 300, frameId });
    await manager.call(api.Orders.cancel, { params: { salesOrderId: earlier.salesOrderID }, body: { receiptStatusId: 4 } });
    const [note] = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } });
    // The next order: ₹120 from the note, then ₹50 in cash.
    const sale = await payByNote(customerID, note!.creditNoteID, 120);
    const cash = await cashier.call(api.QuickSale.saveReceipt, {
      body: { salesOrderID: sale.salesOrderID, customerIDStr: customerID, receiptTypeId: enc.encode('paymentKind', 1), amount: 50 },
    });
    assert.equal((await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } }))[0]!.balance, 180);

    const done = await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: choice } });
    assert.match(done.message, new RegExp(`120\\.00 back on credit note ${note!.creditNoteNo}`));

    const status = (no: string | null) => (db.prepare('SELECT status_id FROM receipt WHERE receipt_no = ?').get(no) as { status_id: number }).status_id;
    assert.equal(status(sale.receiptNo), 4, 'the note’s receipt reads “moved to credit note”, whatever the choice');
    assert.equal(status(cash.receiptNo), choice, 'the cash receipt is settled as chosen');
    const notes = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow(earlier) } });
    const restored = notes.find((n) => n.creditNoteID === note!.creditNoteID);
    assert.equal(restored?.balance, 300, 'the whole ₹300 is on the note again');
    const fromCash = notes.filter((n) => n.creditNoteID !== note!.creditNoteID);
    assert.deepEqual(fromCash.map((n) => n.balance), choice === 4 ? [50] : [], 'only a moved cash receipt makes a new note');
    if (choice === 3) assert.doesNotMatch(done.message, /120\.00 refunded/, 'a note’s money is never refunded as cash');
  });
}
