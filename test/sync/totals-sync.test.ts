/**
 * The daily totals at a PC that only pulled the business: a hub over a real embedded PostgreSQL,
 * head office's PC (node 1) and a PC that joined with a code. Node 1 sells (one sale part paid and
 * paid more later, one cancelled), takes a frame back for a refund; after sync the other PC's
 * totals, kept by its own triggers from the pulled rows, equal a recount there and equal node 1's
 * figures for that branch.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { startTwoPcs, type TwoPcs } from '../helpers/two-pcs.js';
import { frameInStock, makeSale } from '../helpers/sales.js';
import { openTillOnce } from '../helpers/service.js';
import { clean, drift } from '../helpers/daily-totals.js';

let chain: TwoPcs;

before(async () => {
  chain = await startTwoPcs('totals-sync', { joinedAs: 'Surat till 1' });
  await chain.converge();
});

after(async () => {
  await chain?.close();
});

const TABLES = {
  branch_day_total: 'SELECT * FROM branch_day_total WHERE branch_id = ? AND (orders OR sales OR cancelled OR received OR returns) ORDER BY day',
  item_day_total: 'SELECT * FROM item_day_total WHERE branch_id = ? AND (qty OR returned_qty) ORDER BY day, item_id',
  payment_day_total: 'SELECT * FROM payment_day_total WHERE branch_id = ? AND receipts ORDER BY day, payment_kind_id',
  seller_day_total: 'SELECT * FROM seller_day_total WHERE branch_id = ? AND orders ORDER BY day, user_id',
};

test('the other PC keeps the same totals from the pulled sales, receipts, cancellation and return', async () => {
  const { ho, joined: other } = chain;
  const { enc } = ho.server.deps;
  const staff = await ho.as('admin');
  const cash = enc.encode('paymentKind', 1);
  const part = await makeSale(ho, staff, { paid: 10, qty: 2 });
  await staff.call(api.QuickSale.saveReceipt, { body: { salesOrderID: part.salesOrderID, customerIDStr: part.customerID, receiptTypeId: cash, amount: 5 } });
  const doomed = await makeSale(ho, staff, { paid: 20 });
  await staff.call(api.Orders.cancel, { params: { salesOrderId: doomed.salesOrderID }, body: { receiptStatusId: 4 } });
  const frameId = frameInStock(ho, 'admin', 3);
  const { customerID } = await staff.call(api.Customer.upsert, { body: { firstName: 'Totals', lastName: 'Sync' } });
  const { sessionID } = await staff.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', frameId), qty: 2 } });
  const net = (await staff.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await staff.call(api.QuickSale.saveSale, {
    body: { sessionID, salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: cash, amount: net } },
  });
  const line = ho.server.deps.db.prepare('SELECT id FROM sales_order_line WHERE sales_order_id = ?').get(enc.decode('salesOrder', sale.salesOrderID)) as { id: number };
  await staff.call(api.Returns.save, {
    body: { salesOrderID: sale.salesOrderID, lines: [{ salesOrderLineID: enc.encode('salesOrderLine', line.id), qty: 1, destination: 'stock' }], reason: 'Did not suit', settlement: 'refund' },
  });
  await chain.converge();

  const branchId = ho.server.deps.db.prepare('SELECT branch_id FROM sales_order WHERE id = ?').get(part.rowId) as { branch_id: number };
  for (const svc of [ho, other]) assert.deepEqual(drift(svc.server.deps.db), clean, `node at ${svc.url}`);
  for (const [table, sql] of Object.entries(TABLES)) {
    const mine = ho.server.deps.db.prepare(sql).all(branchId.branch_id);
    assert.ok(mine.length > 0, `${table} has the day at head office`);
    assert.deepEqual(other.server.deps.db.prepare(sql).all(branchId.branch_id), mine, `${table} at the other PC`);
  }
});

test('head office’s sales by branch for the chain equals each branch’s own report at its own PC, added up', async () => {
  const { ho, joined } = chain;
  // The joined PC sells at Surat (SRT1) as Surat's manager; head office sells at its own branch.
  const { enc, db } = ho.server.deps;
  const srt = (db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number }).id;
  const srtId = enc.encode('branch', srt);
  const amdId = enc.encode('branch', (db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id);
  const hoAdmin = await ho.as('admin');
  await hoAdmin.call(api.Users.create, { body: { userName: 'surat.manager', role: 'manager', branchIDs: [srtId], password: 'Temporary-1' } });
  const first = await ho.as('surat.manager', 'Temporary-1');
  await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Surat-2026-books' } });
  await chain.converge();
  const surat = await joined.as('surat.manager', 'Surat-2026-books');
  await openTillOnce(surat);
  await makeSale(joined, surat, { paid: 'all' });
  await makeSale(joined, surat, { paid: 30, qty: 2 });
  await makeSale(ho, hoAdmin, { paid: 'all' });
  await chain.converge();

  const day = new Date().toISOString().slice(0, 10);
  const query = (branchID?: string) => ({ from: day, to: day, ...(branchID ? { branchID } : {}) });
  const figures = (r: { total: Record<string, unknown> | null }) => ({ orders: r.total?.orders, sales: r.total?.sales, received: r.total?.received });
  const whole = await hoAdmin.call(api.Reports.run, { params: { report: 'sales-by-branch' }, query: query() });
  const atSurat = await surat.call(api.Reports.run, { params: { report: 'sales-by-branch' }, query: query(srtId) });
  const atHo = await hoAdmin.call(api.Reports.run, { params: { report: 'sales-by-branch' }, query: query(amdId) });
  const sum = (k: 'orders' | 'sales' | 'received') => Math.round((Number(figures(atSurat)[k]) + Number(figures(atHo)[k])) * 100) / 100;
  assert.ok(Number(figures(atSurat).orders) >= 2, 'Surat’s own report has its two sales');
  assert.deepEqual(figures(whole), { orders: sum('orders'), sales: sum('sales'), received: sum('received') });
});
