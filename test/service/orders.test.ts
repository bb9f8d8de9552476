/** The 10 Orders endpoints over HTTP: reads, search, status moves and cancel (stock, receipts, credit notes). */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { failure, otherCompany } from '../helpers/customers.js';
import { callAs, type TestService } from '../helpers/service.js';
import { orderIn, storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { frameInStock, sellFrameAndPair, tamper } from '../helpers/sales.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let customerID: string;
let frameId: number;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  frameId = frameInStock(svc, 'cashier');
  // Every test here sells one; plenty on the shelf keeps them independent of the demo's counts.
  svc.server.deps.db.prepare('UPDATE stock SET on_hand = 50 WHERE item_id = ? AND expiry_date IS NULL').run(frameId);
  customerID = (await cashier.call(api.Customer.upsert, { body: { firstName: 'Meera', lastName: 'Orderwala', mobile: '9876512340' } })).customerID;
});
after(() => svc.close());

const sell = (paid: number) => sellFrameAndPair(svc, cashier, { customerID, paid, frameId });
const onHand = (itemId: number) =>
  (svc.server.deps.db.prepare('SELECT coalesce(sum(on_hand), 0) AS n FROM stock WHERE item_id = ?').get(itemId) as { n: number }).n;
const raw = (method: string, path: string, token: string, body?: unknown) => callAs(svc, { token }, path.replace(/^\/api\//, ''), body, method);

test('detail by order number: header, totals, first line, per-eye Rx and every line; ids; items by row id', async () => {
  const sale = await sell(200);
  const d = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  assert.equal(d.salesOrderID, sale.salesOrderID);
  assert.equal(d.salesOrderNO, sale.salesOrderNo);
  assert.equal(d.customerFullName, 'Meera Orderwala');
  assert.equal(d.statusID, '1');
  assert.equal(d.lines.length, 3);
  assert.equal(d.itemID, d.lines[0]!.itemID, 'the flat line fields are the first line');
  assert.deepEqual(
    [d.spherical_Right, d.cylinder_Right, d.aXIS_Right, d.spherical_Left, d.cylinder_Left],
    ['-1.50', '-0.50', '90', '-1.75', null],
  );
  assert.equal(d.showPrescriptionOnSalesOrderPrint, 1);
  assert.equal(d.lines.reduce((s, l) => s + l.totalAmount, 0) + d.rounding, d.netAmount);

  const ids = await cashier.call(api.Orders.ids, { params: { salesOrderNo: sale.salesOrderNo } });
  assert.deepEqual(ids, { salesOrderID: sale.salesOrderID, customerID });

  const items = await cashier.call(api.Orders.items, { params: { salesOrderId: sale.rowId } });
  assert.equal(items.length, 3);
  assert.equal(items[1]!.itemTypeName !== null, true);

  await failure(cashier.call(api.Orders.detail, { params: { salesOrderNo: 'AMD1/SO/1999-00/999999' } }), 404);
  await failure(cashier.call(api.Orders.ids, { params: { salesOrderNo: 'nope' } }), 404);
  await failure(cashier.call(api.Orders.items, { params: { salesOrderId: 123 } }), 404);
  assert.equal((await raw('GET', '/api/Orders/abc/items', cashier.token)).status, 400);
});

test('with-balance, dropdown and advance-receipt-data agree on the balance', async () => {
  const sale = await sell(100);
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: sale.salesOrderNo } });
  const balance = Math.round((detail.netAmount - 100) * 100) / 100;

  const wb = await cashier.call(api.Orders.withBalance, { query: {} });
  const row = wb.data.find((r) => r.salesOrderIDInReceipt === sale.salesOrderID)!;
  assert.equal(row.balanceAmount, balance);
  assert.equal(row.receiptTotal, 100);
  assert.equal(wb.totalRows, wb.data.length);

  const dd = await cashier.call(api.Orders.dropdown, { query: { customerId: customerID } });
  assert.equal(dd.find((r) => r.salesOrderID === sale.salesOrderID)!.balanceAmount, balance);
  assert.deepEqual(await cashier.call(api.Orders.dropdown, { query: {} }), []);
  assert.equal((await raw('GET', `/api/Orders/dropdown?customerId=${tamper(customerID)}`, cashier.token)).status, 400);

  const adv = await cashier.call(api.Orders.advanceReceiptData, { params: { salesOrderId: sale.salesOrderID } });
  assert.equal(adv.balance, balance);
  assert.equal(adv.customerID, customerID);
  assert.equal(adv.statusID, 1);
  const bad = await raw('GET', `/api/Orders/${tamper(sale.salesOrderID)}/advance-receipt-data`, cashier.token);
  assert.equal(bad.status, 400);
  assert.ok((bad.json.errors as Record<string, unknown>).salesOrderId);
});

test('search: filters, paging and a safe orderBy', async () => {
  const a = await sell(100);
  await sell(100);
  const mine = await cashier.call(api.Orders.search, { body: { customerID, pageSize: 500 } });
  assert.ok(mine.totalRows >= 2);
  const page = await cashier.call(api.Orders.search, { body: { customerID, pageNumber: 1, pageSize: 1, orderBy: 'salesOrderNo asc' } });
  assert.equal(page.data.length, 1);
  assert.equal(page.totalRows, mine.totalRows);
  const byNo = await cashier.call(api.Orders.search, { body: { salesOrderNo: a.salesOrderNo } });
  assert.deepEqual(byNo.data.map((r) => r.id), [a.salesOrderID]);
  assert.equal(byNo.data[0]!.itemCount, 3);
  assert.equal(byNo.data[0]!.status, 'Booked');
  const named = await cashier.call(api.Orders.search, { body: { customerName: 'meera orderw', customerMobile: '98765 12340', status: 'booked' } });
  assert.equal(named.totalRows, mine.totalRows);
  const today = new Date(svc.clock.now).toISOString().slice(0, 10);
  assert.equal((await cashier.call(api.Orders.search, { body: { customerID, fromDate: '2000-01-01', toDate: '2000-01-02' } })).totalRows, 0);
  assert.ok((await cashier.call(api.Orders.search, { body: { customerID, fromDate: '2000-01-01' } })).totalRows >= 2, today);
  assert.equal((await cashier.call(api.Orders.search, { body: { customerID, deliveryMode: 'Courier' } })).totalRows, 0);

  for (const [body, field] of [
    [{ orderBy: 'o.id; DROP TABLE sales_order' }, 'orderBy'],
    [{ status: 'Lost' }, 'status'],
    [{ fromDate: '2025-13-40' }, 'fromDate'],
    [{ netAmount: 'lots' }, 'netAmount'],
    [{ customerID: tamper(customerID) }, 'customerID'],
    [{ pageSize: 501 }, 'pageSize'],
  ] as const) {
    const res = await raw('POST', '/api/Orders/search', cashier.token, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.ok((res.json.errors as Record<string, unknown>)[field], JSON.stringify(res.json));
  }
});

test('cancellation reasons are offered, and put back if an installation has none', async () => {
  const reasons = await cashier.call(api.Orders.cancellationReasons, {});
  assert.ok(reasons.length >= 5);
  assert.ok(reasons.every((r) => r.isActive && r.cancellationReason.length > 0));
  svc.server.deps.db.prepare('DELETE FROM cancellation_reason').run();
  assert.ok((await cashier.call(api.Orders.cancellationReasons, {})).length >= 5);
});

test('status moves along the lifecycle; an illegal move is a 400 that says from and to', async () => {
  const sale = await sell(100);
  const params = { salesOrderId: sale.salesOrderID };
  const illegal = await failure(cashier.call(api.Orders.status, { params, body: { statusId: 4 } }), 400);
  assert.match(String((illegal.body as { message: string }).message), /from Booked to Delivered/);
  await cashier.call(api.Orders.status, { params, body: { statusId: 2 } });
  await cashier.call(api.Orders.status, { params, body: { statusId: 3 } });
  await cashier.call(api.Orders.status, { params, body: { statusId: 2 } });
  await cashier.call(api.Orders.status, { params, body: { statusId: 3 } });
  assert.match((await cashier.call(api.Orders.status, { params, body: { statusId: 4 } })).message, /Delivered/);
  await failure(cashier.call(api.Orders.status, { params, body: { statusId: 3 } }), 400);
  assert.equal((await raw('PUT', `/api/Orders/${sale.salesOrderID}/status`, cashier.token, { statusId: 5 })).status, 400);
  assert.equal((await raw('PUT', `/api/Orders/${tamper(sale.salesOrderID)}/status`, cashier.token, { statusId: 2 })).status, 400);

  const cancelDelivered = await failure(manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 4 } }), 400);
  assert.match(String((cancelDelivered.body as { message: string }).message), /Delivered and cannot be cancelled/);
});

test('cancel restores stock, turns the advance into a credit note the customer can spend, and is final', async () => {
  const sale = await sell(300);
  const before = onHand(frameId);
  const params = { salesOrderId: sale.salesOrderID };

  await failure(cashier.call(api.Orders.cancel, { params, body: { receiptStatusId: 4 } }), 403);
  assert.equal((await raw('POST', `/api/Orders/${sale.salesOrderID}/cancel`, manager.token, { receiptStatusId: 1 })).status, 400);
  assert.equal((await raw('POST', `/api/Orders/${tamper(sale.salesOrderID)}/cancel`, manager.token, { receiptStatusId: 4 })).status, 400);

  const done = await manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 4 } });
  assert.match(done.message, /credit note/);
  assert.equal(onHand(frameId), before + 1);
  const { db } = svc.server.deps;
  assert.deepEqual(
    db.prepare('SELECT delta, reason FROM stock_movement WHERE sales_order_id = ? ORDER BY reason DESC').all(sale.rowId),
    [{ delta: -1, reason: 'sale' }, { delta: 1, reason: 'cancel' }],
  );
  assert.deepEqual(db.prepare('SELECT status_id FROM receipt WHERE sales_order_id = ?').all(sale.rowId), [{ status_id: 4 }]);
  assert.equal((db.prepare('SELECT status_id FROM sales_order WHERE id = ?').get(sale.rowId) as { status_id: number }).status_id, 5);

  const customerRow = (db.prepare('SELECT customer_id FROM sales_order WHERE id = ?').get(sale.rowId) as { customer_id: number }).customer_id;
  const notes = await cashier.call(api.QuickSale.creditNotes, { query: { customerId: customerRow } });
  const note = notes.find((n) => n.amount === 300);
  assert.ok(note, JSON.stringify(notes));
  assert.equal(note.balance, 300);

  const again = await failure(manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 4 } }), 400);
  assert.match(String((again.body as { message: string }).message), /Cancelled and cannot be cancelled/);
  assert.equal(onHand(frameId), before + 1, 'a second cancel restores nothing');
  assert.ok(!(await cashier.call(api.Orders.withBalance, { query: {} })).data.some((r) => r.salesOrderIDInReceipt === sale.salesOrderID));
});

test('cancel with refund settles receipts without a credit note', async () => {
  const sale = await sell(150);
  const notesBefore = (svc.server.deps.db.prepare('SELECT count(*) AS n FROM credit_note').get() as { n: number }).n;
  const done = await manager.call(api.Orders.cancel, { params: { salesOrderId: sale.salesOrderID }, body: { receiptStatusId: 3 } });
  assert.match(done.message, /refunded/);
  assert.deepEqual(svc.server.deps.db.prepare('SELECT status_id FROM receipt WHERE sales_order_id = ?').all(sale.rowId), [{ status_id: 3 }]);
  assert.equal((svc.server.deps.db.prepare('SELECT count(*) AS n FROM credit_note').get() as { n: number }).n, notesBefore);
});

test('another company’s order is a 404 everywhere', async () => {
  const other = otherCompany(svc);
  const { db, ids, enc } = svc.server.deps;
  const user = (db.prepare('SELECT id FROM app_user LIMIT 1').get() as { id: number }).id;
  const year = (db.prepare('SELECT id FROM financial_year LIMIT 1').get() as { id: number }).id;
  const orderId = ids.next('sales_order');
  db.prepare(
    `INSERT INTO sales_order (id, company_id, branch_id, year_id, order_no, order_date, customer_id, intra_state, total_qty, total_mrp,
       gross, total_discount, taxable, cgst, sgst, igst, grand_total, rounding, net_amount, created_by, created_at)
     VALUES (?, ?, ?, ?, 'PUN1/SO/2025-26/000001', '2025-06-01', ?, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, ?, '2025-06-01T00:00:00Z')`,
  ).run(orderId, other.companyId, other.branchId, year, other.customerId, user);
  const encId = enc.encode('salesOrder', orderId);
  await failure(cashier.call(api.Orders.detail, { params: { salesOrderNo: 'PUN1/SO/2025-26/000001' } }), 404);
  await failure(cashier.call(api.Orders.items, { params: { salesOrderId: orderId } }), 404);
  await failure(cashier.call(api.Orders.advanceReceiptData, { params: { salesOrderId: encId } }), 404);
  await failure(cashier.call(api.Orders.status, { params: { salesOrderId: encId }, body: { statusId: 2 } }), 404);
  await failure(manager.call(api.Orders.cancel, { params: { salesOrderId: encId }, body: { receiptStatusId: 2 } }), 404);
  assert.equal((await cashier.call(api.Orders.search, { body: { salesOrderNo: 'PUN1' } })).totalRows, 0);
});

test('cancel records the chosen reason and remark; an unknown reason is refused and changes nothing', async () => {
  const sale = await sell(0);
  const params = { salesOrderId: sale.salesOrderID };
  const [reason] = await manager.call(api.Orders.cancellationReasons, {});
  const bad = await failure(manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 2, cancellationReasonID: 999_999 } }), 400);
  assert.ok((bad.body as { errors: Record<string, string[]> }).errors.cancellationReasonID);
  const { db } = svc.server.deps;
  const row = () =>
    db.prepare('SELECT status_id, cancellation_reason_id, cancel_remarks FROM sales_order WHERE id = ?').get(sale.rowId) as {
      status_id: number;
      cancellation_reason_id: number | null;
      cancel_remarks: string | null;
    };
  assert.equal(row().status_id, 1);
  await manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 2, cancellationReasonID: reason!.id, cancellReason: ' Customer moved city ' } });
  assert.deepEqual(row(), { status_id: 5, cancellation_reason_id: reason!.id, cancel_remarks: 'Customer moved city' });
});

test('a delivered order cannot be cancelled, and the refusal says why with a stable code', async () => {
  const delivered = await orderIn(svc, cashier, 4);
  const refused = await callAs(svc, manager, `Orders/${delivered.salesOrderID}/cancel`, { receiptStatusId: 2 });
  assert.equal(refused.status, 400);
  assert.equal(refused.json.code, 'ORDER_ILLEGAL_TRANSITION');
  assert.match(String(refused.json.message), /is Delivered and cannot be cancelled/);
  const detail = await cashier.call(api.Orders.detail, { params: { salesOrderNo: delivered.salesOrderNo } });
  assert.equal(detail.statusID, '4', 'still delivered');
});

test('with-balance counts every owing order of the branch, of all years from the tally and of one year from the index', async () => {
  const { db, ids, enc } = svc.server.deps;
  const owed = await sell(100);
  await sell(0);
  const cancelled = await sell(50);
  await manager.call(api.Orders.cancel, { params: { salesOrderId: cancelled.salesOrderID }, body: { receiptStatusId: 3 } });
  const order = db.prepare('SELECT * FROM sales_order WHERE id = ?').get(owed.rowId) as Record<string, unknown>;
  // More owing orders than the list shows, and some of another year.
  const other = (db.prepare('SELECT id FROM financial_year WHERE id <> ? LIMIT 1').get(order.year_id) as { id: number } | undefined)?.id;
  const copy = db.prepare(
    `INSERT INTO sales_order (id, company_id, branch_id, year_id, order_no, order_date, customer_id, intra_state, total_qty, total_mrp,
       gross, total_discount, taxable, cgst, sgst, igst, grand_total, rounding, net_amount, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < 520; i++) {
      const year = other !== undefined && i % 4 === 0 ? other : order.year_id;
      copy.run(ids.next('sales_order'), order.company_id, order.branch_id, year, `BAL/${i}`, order.order_date, order.customer_id, order.created_by, order.created_at);
    }
  })();
  const owing = (year: unknown) =>
    (db.prepare(
      `SELECT count(*) AS n FROM sales_order WHERE branch_id = ? AND status_id <> 5 AND net_amount - insurance_amount - received > 0
         AND (? IS NULL OR year_id = ?)`,
    ).get(order.branch_id, year, year) as { n: number }).n;

  const all = await cashier.call(api.Orders.withBalance, { query: {} });
  assert.equal(all.totalRows, owing(null));
  assert.ok(all.totalRows > 520);
  assert.equal(all.data.length, 500);
  const year = await cashier.call(api.Orders.withBalance, { query: { yearId: enc.encode('year', order.year_id as number) } });
  assert.equal(year.totalRows, owing(order.year_id));
  if (other !== undefined) assert.ok(year.totalRows < all.totalRows);

  // Paid in full: no longer counted.
  const due = (await cashier.call(api.Orders.advanceReceiptData, { params: { salesOrderId: owed.salesOrderID } })).balance;
  await cashier.call(api.QuickSale.saveReceipt, { body: { salesOrderID: owed.salesOrderID, receiptTypeId: enc.encode('paymentKind', 1), amount: due } });
  assert.equal((await cashier.call(api.Orders.withBalance, { query: {} })).totalRows, all.totalRows - 1);
});
