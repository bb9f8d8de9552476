/**
 * Any branch serves any customer, over HTTP on a real store file with two branches: an order booked
 * at A to be collected at B; the job moved only at B (A is refused naming B); B takes the balance
 * (its receipt, its till) and the balance falls; where it is collected moved by A or an admin, never
 * by B nor once delivered; a return of A's goods taken at B puts the stock back into B; and what
 * needs a person is listed for managers (Orders/to-settle) and shown on the order.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { createClient } from '../../shared/client.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { makeSale } from '../helpers/sales.js';
import { callAs, type TestService } from '../helpers/service.js';
import { pdfText, squeeze } from '../helpers/print.js';
import { failure } from '../helpers/customers.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
/** A cashier of the other branch, B. */
let atB: SignedIn;
let branchA: { id: number; enc: string; name: string };
let branchB: { id: number; enc: string; name: string };

const db = () => svc.server.deps.db;
const enc = () => svc.server.deps.enc;
const one = <T>(sql: string, ...args: unknown[]) => db().prepare(sql).get(...args) as T;

before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  admin = await svc.as('admin');
  const home = enc().decode('branch', (await cashier.call(api.Account.userDetails, {})).branchID);
  const a = one<{ id: number; name: string }>('SELECT id, name FROM branch WHERE id = ?', home);
  const b = one<{ id: number; name: string }>('SELECT id, name FROM branch WHERE id <> ? AND is_active = 1 ORDER BY id LIMIT 1', home);
  branchA = { ...a, enc: enc().encode('branch', a.id) };
  branchB = { ...b, enc: enc().encode('branch', b.id) };
  atB = await userAtB('bcashier', 'cashier');
  assert.equal((await callAs(svc, atB, 'till/open', { openingFloat: 0 })).status, 200);
});

/** A user of branch B, signed in with their own password. */
async function userAtB(userName: string, role: 'cashier' | 'manager'): Promise<SignedIn> {
  await admin.call(api.Users.create, { body: { userName, role, branchIDs: [branchB.enc], password: 'Temporary-1' } });
  const first = await svc.as(userName, 'Temporary-1');
  const { token } = await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Own-pass-2026' } });
  return Object.assign(createClient({ baseUrl: svc.url, getToken: () => token }), { token });
}
after(() => svc.close());

const detail = (no: string, who: SignedIn = cashier) => who.call(api.Orders.detail, { params: { salesOrderNo: no } });

test('booked at A for collection at B: B moves the job, takes the balance in its own till, and hands it over', async () => {
  const sale = await makeSale(svc, cashier, { paid: 100, lastName: 'Collector', salesorderModel: {} });
  // SaveSale's collectBranchID: made here through the sale request itself.
  const booked = await makeSaleAt(branchB.enc);
  const order = await detail(booked.salesOrderNo);
  assert.equal(order.collectBranchName, branchB.name);
  assert.equal(order.branchName, branchA.name, 'booked at A');
  assert.equal(order.statusID, '1', 'not handed over at A’s counter');
  assert.equal((await detail(sale.salesOrderNo)).collectBranchName, branchA.name, 'without a choice: collected where booked');
  // The lab job goes to B: its job card says so; an order collected where booked says nothing of it.
  const card = (id: string) => cashier.raw(api.Common.jobCardPdf, { body: id }).then((r) => squeeze(pdfText(r.bytes)));
  assert.match(await card(booked.salesOrderID), new RegExp(`Deliver to ${branchB.name} branch`));
  assert.doesNotMatch(await card(sale.salesOrderID), /Deliver to/);

  // A may not move the job: it is B's.
  const refused = await callAs(svc, cashier, `Orders/${booked.salesOrderID}/status`, { statusId: 3 }, 'PUT');
  assert.equal(refused.status, 403, refused.text);
  assert.equal(refused.json.code, 'OTHER_BRANCH');
  assert.match(String(refused.json.message), new RegExp(`is collected at ${branchB.name}`));

  for (const statusId of [2, 3] as const) await atB.call(api.Orders.status, { params: { salesOrderId: booked.salesOrderID }, body: { statusId } });
  const owingBefore = await cashier.call(api.Orders.withBalance, { query: {} });
  assert.ok(owingBefore.data.some((o) => o.fullSalesOrderNo === booked.salesOrderNo), 'owing, seen from A');
  const tillBefore = await atB.call(api.Till.state, {});
  const due = booked.net - 100;
  const paid = await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: booked.salesOrderID, receiptTypeId: enc().encode('paymentKind', 1), amount: due } });
  const receipt = one<{ branch_id: number; till_session_id: number | null }>('SELECT branch_id, till_session_id FROM receipt WHERE receipt_no = ?', paid.receiptNo);
  assert.equal(receipt.branch_id, branchB.id, 'the receipt is B’s');
  const tillAfter = await atB.call(api.Till.state, {});
  assert.equal(tillAfter.expectedCash, (tillBefore.expectedCash ?? 0) + due, 'the cash counts in B’s drawer');
  assert.equal(enc().encode('tillSession', receipt.till_session_id!), tillAfter.sessionId);
  const withBalance = await cashier.call(api.Orders.withBalance, { query: {} });
  assert.ok(!withBalance.data.some((o) => o.fullSalesOrderNo === booked.salesOrderNo), 'nothing left to collect, seen from A');

  await atB.call(api.Orders.status, { params: { salesOrderId: booked.salesOrderID }, body: { statusId: 4 } });
  const done = await detail(booked.salesOrderNo);
  assert.equal(done.statusID, '4');
  assert.equal(done.deliveredBranchName, branchB.name);
  assert.deepEqual(done.toSettle, []);
});

test('where it is collected: moved by A or an admin, refused at B, fixed once cancelled, a bad branch named', async () => {
  const sale = await makeSale(svc, cashier, { paid: 0, lastName: 'Mover' });
  const move = (who: SignedIn, branchID: string | null) => callAs(svc, who, `Orders/${sale.salesOrderID}/collect-at`, { branchID }, 'PUT');
  const moved = await move(cashier, branchB.enc);
  assert.equal(moved.status, 200, moved.text);
  assert.match(String(moved.json.message), new RegExp(`collected at ${branchB.name}`));
  const atBRefused = await move(atB, null);
  assert.equal(atBRefused.status, 403, atBRefused.text);
  assert.equal(atBRefused.json.code, 'OTHER_BRANCH');
  const bad = await move(cashier, enc().encode('branch', 999_999));
  assert.equal(bad.status, 400, bad.text);
  assert.match(bad.text, /branchID/, 'names the field');
  assert.equal((await detail(sale.salesOrderNo)).collectBranchName, branchB.name, 'nothing written by the refusals');
  const back = await move(admin, null);
  assert.equal(back.status, 200, back.text);
  assert.equal((await detail(sale.salesOrderNo)).collectBranchName, branchA.name, 'head office moved it back');
  await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 2 } });
  const fixed = await move(cashier, branchB.enc);
  assert.equal(fixed.status, 409, fixed.text);
  assert.equal(fixed.json.code, 'ORDER_COLLECTION_FIXED');
});

test('a return of A’s goods taken at B puts the stock back into B; B’s movement, B’s return', async () => {
  const frame = one<{ id: number }>(
    `SELECT i.id FROM item i JOIN stock s ON s.item_id = i.id WHERE i.item_type_id = 1 AND i.is_active = 1 AND s.branch_id = ?
       AND s.on_hand >= 2 AND s.expiry_date IS NULL AND i.sale_price > 0 ORDER BY i.code LIMIT 1`, branchA.id,
  ).id;
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Return', lastName: 'Elsewhere' } })).customerID;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc().encode('item', frame) } });
  const net = (await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: enc().encode('paymentKind', 1), amount: net } },
  });
  const inB = () => one<{ n: number }>('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?', frame, branchB.id).n;
  const inA = () => one<{ n: number }>('SELECT coalesce(sum(delta), 0) AS n FROM stock_movement WHERE item_id = ? AND branch_id = ?', frame, branchA.id).n;
  const [b0, a0] = [inB(), inA()];
  const view = await atB.call(api.Returns.order, { params: { salesOrderId: sale.salesOrderID } });
  assert.equal(view.refusal, null, 'B may take it back');
  const back = await atB.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: view.lines[0]!.salesOrderLineID, qty: 1, destination: 'stock' }], reason: 'Did not suit', settlement: 'credit_note' },
  });
  assert.equal(one<{ branch_id: number }>('SELECT branch_id FROM sales_return WHERE return_no = ?', back.returnNo).branch_id, branchB.id);
  assert.equal(inB(), b0 + 1, 'back into B’s stock');
  assert.equal(inA(), a0, 'A’s stock untouched');
});

test('what needs a person: an order paid beyond its bill is on Orders/to-settle and flagged on the order; managers only', async () => {
  db().prepare("INSERT INTO setting (key, value) VALUES ('receipt.allowAdvance', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value").run();
  const sale = await makeSale(svc, cashier, { paid: 'all', lastName: 'Overpaid' });
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: enc().encode('paymentKind', 1), amount: 50 } });
  const order = await detail(sale.salesOrderNo);
  assert.equal(order.toSettle.length, 1);
  assert.equal(order.toSettle[0]!.kind, 'overpaid');
  assert.equal(order.toSettle[0]!.amount, 50);
  const listA = await manager.call(api.Orders.toSettle, {});
  assert.ok(listA.rows.some((r) => r.salesOrderNo === sale.salesOrderNo && r.reasons[0]!.text.includes('₹50.00')));
  const all = await admin.call(api.Orders.toSettle, {});
  assert.ok(all.rows.some((r) => r.salesOrderNo === sale.salesOrderNo), 'head office sees every branch’s');
  const cashierAsks = await callAs(svc, cashier, 'Orders/to-settle');
  assert.equal(cashierAsks.status, 403);
});

test('settled by a manager: how, and the money back out of the till, journaled; off the list until the figures change again', async () => {
  const sale = await makeSale(svc, cashier, { paid: 'all', lastName: 'Settled' });
  const cash = enc().encode('paymentKind', 1);
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: cash, amount: 50 } });
  const listed = async (who: SignedIn) => (await who.call(api.Orders.toSettle, {})).rows.some((r) => r.salesOrderNo === sale.salesOrderNo);
  assert.ok(await listed(manager));
  const settle = (who: SignedIn, body: { note: string; refundAmount?: number }) => who.call(api.Orders.settle, { params: { salesOrderId: sale.salesOrderID }, body });
  const lastSeq = () => one<{ n: number }>('SELECT max(seq) AS n FROM journal').n;

  // Refused, nothing written: no note, more back than the customer is owed, a cashier, B's manager.
  const managerB = await userAtB('bmanager', 'manager');
  const seq = lastSeq();
  const noNote = await failure(settle(manager, { note: '  ' }), 400);
  assert.ok((noNote.body as { errors?: Record<string, unknown> }).errors?.note);
  const tooMuch = await failure(settle(manager, { note: 'Gave it all back', refundAmount: 60 }), 400);
  assert.match(tooMuch.message, /owed ₹50\.00/);
  assert.ok((tooMuch.body as { errors?: Record<string, unknown> }).errors?.refundAmount);
  await failure(settle(cashier, { note: 'Gave back ₹50 in cash', refundAmount: 50 }), 403);
  // B only took a payment: the order was not booked, collected or handed over there.
  assert.equal((await failure(settle(managerB, { note: 'Gave back ₹50 in cash' }), 403)).body.code, 'OTHER_BRANCH');
  assert.equal(lastSeq(), seq, 'nothing journaled');

  // Settled at A with ₹50 back out of A's till: a cash out naming the order, and the settlement.
  const done = await settle(manager, { note: 'Gave back ₹50 in cash', refundAmount: 50 });
  assert.equal(done.message, `Order ${sale.salesOrderNo} is settled; ₹50.00 paid out of this till`);
  const kept = one<{ note: string; refund_amount: number; branch_id: number; created_by_name: string; reason: string; amount: number; direction: string }>(
    `SELECT s.note, s.refund_amount, s.branch_id, u.user_name AS created_by_name, m.reason, m.amount, m.direction
       FROM order_settlement s JOIN app_user u ON u.id = s.created_by JOIN till_cash_move m ON m.id = s.till_cash_move_id WHERE s.id = ?`,
    enc().decode('orderSettlement', done.settlementID),
  );
  assert.deepEqual(kept, { note: 'Gave back ₹50 in cash', refund_amount: 5000, branch_id: branchA.id, created_by_name: 'manager', reason: `Refund on order ${sale.salesOrderNo}`, amount: 5000, direction: 'out' });
  const journaled = db().prepare('SELECT tbl FROM journal WHERE seq > ? ORDER BY seq').all(seq) as Array<{ tbl: string }>;
  assert.deepEqual(journaled.map((j) => j.tbl).sort(), ['order_settlement', 'till_cash_move'], 'both travel, as the settling branch’s facts');
  assert.equal(await listed(manager), false, 'off the list');
  assert.equal(await listed(admin), false, 'at head office too');
  assert.deepEqual((await detail(sale.salesOrderNo)).toSettle, []);
  assert.equal((await failure(settle(manager, { note: 'Again' }), 409)).body.code, 'ORDER_NOTHING_TO_SETTLE');

  // Its figures change again (B takes another ₹20): back on the list, owed ₹70.
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: cash, amount: 20 } });
  assert.ok(await listed(manager));
  assert.equal((await detail(sale.salesOrderNo)).toSettle[0]!.amount, 70);
  // An order with nothing to settle is refused.
  const plain = await makeSale(svc, cashier, { paid: 100, lastName: 'Plain' });
  const nothing = await failure(manager.call(api.Orders.settle, { params: { salesOrderId: plain.salesOrderID }, body: { note: 'Nothing' } }), 409);
  assert.equal(nothing.body.code, 'ORDER_NOTHING_TO_SETTLE');
});

test('the customer’s whole history is seen at B, each record with the branch it came from', async () => {
  const booked = await makeSaleAt(branchB.enc);
  const paid = await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: booked.salesOrderID, receiptTypeId: enc().encode('paymentKind', 1), amount: 20 } });
  const customerID = (await detail(booked.salesOrderNo)).customerID;
  const history = await atB.call(api.Orders.customerHistory, { query: { customerId: customerID } });
  const order = history.rows.find((r) => r.kind === 'order' && r.number === booked.salesOrderNo)!;
  assert.equal(order.branchName, branchA.name);
  assert.match(order.detail, new RegExp(`collected at ${branchB.name}`));
  const receipts = history.rows.filter((r) => r.kind === 'receipt');
  assert.deepEqual(receipts.map((r) => [r.branchName, r.amount]).sort(), [[branchA.name, 100], [branchB.name, 20]].sort());
  assert.ok(receipts.some((r) => r.number === paid.receiptNo && r.salesOrderNo === booked.salesOrderNo));
  const stranger = await callAs(svc, atB, `Orders/customer-history?customerId=${enc().encode('customer', 999_999)}`);
  assert.equal(stranger.status, 404, stranger.text);
});

/** A lens sale at A, collected at `collectBranchID`, 100 paid. */
async function makeSaleAt(collectBranchID: string) {
  const customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Collect', lastName: 'Elsewhere' } })).customerID;
  const lens = one<{ id: number }>('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1').id;
  const { sessionID } = await cashier.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc().encode('item', lens) } });
  const view = await cashier.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
  const sale = await cashier.call(api.QuickSale.saveSale, {
    body: { sessionID, collectBranchID, salesorderModel: { sessionId: sessionID, customerId: customerID }, receiptModel: { receiptTypeId: enc().encode('paymentKind', 1), amount: 100 } },
  });
  return { salesOrderID: sale.salesOrderID, salesOrderNo: sale.salesOrderNo, net: view.netAmount ?? 0 };
}
