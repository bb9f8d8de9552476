/**
 * The change journal (issue 14): every row a counter day changes has its entry, and replaying the
 * day's entries over the tables as they were gives the tables as they are; entries carry who and
 * which till; the journal refuses to be edited; sign-ins and refusals are events; the order page's
 * history and the manager's Audit screen read it, each within its role and branch.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { TILL_HEADER } from '../../shared/contract/till.js';
import { api } from '../../shared/endpoints/index.js';
import { JOURNALED_TABLES, REDACTED_COLUMNS, UNJOURNALED_TABLES } from '../../main/service/db/journal.js';
import { failure } from '../helpers/customers.js';
import { frameInStock, makeSale, sellFrameAndPair } from '../helpers/sales.js';
import { callAs, openTillOnce, type TestService } from '../helpers/service.js';
import { singleVisionLens, storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
});
after(() => svc.close());

type Row = Record<string, unknown>;
const db = () => svc.server.deps.db;
// Plain tables: an FTS index is 'virtual' and its storage 'shadow' (db/journal.ts lists the index).
const tables = () => (db().prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite!_%' ESCAPE '!'").all() as Array<{ name: string }>).map((r) => r.name);

/** A table's key as the journal names the row: its integer id, or the key's values as a JSON array. */
function keyOf(table: string): (row: Row) => string {
  const columns = db().prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; type: string; pk: number }>;
  const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  if (key.length === 1 && key[0]!.type === 'INTEGER') return (row) => String(row[key[0]!.name]);
  return (row) => JSON.stringify(key.map((c) => row[c.name]));
}
const withoutNulls = (row: Row, table: string): Row =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => v !== null && !(REDACTED_COLUMNS[table] ?? []).includes(k)));

function snapshot(): Map<string, Map<string, Row>> {
  const out = new Map<string, Map<string, Row>>();
  for (const table of JOURNALED_TABLES) {
    const key = keyOf(table);
    out.set(table, new Map((db().prepare(`SELECT * FROM ${table}`).all() as Row[]).map((r) => [key(r), withoutNulls(r, table)])));
  }
  return out;
}

interface Entry {
  seq: number;
  user_id: number | null;
  till: string;
  source: string;
  tbl: string;
  row_id: number | null;
  row_key: string | null;
  op: string;
  old_values: string | null;
  new_values: string | null;
}
const entriesAfter = (seq: number) => db().prepare('SELECT * FROM journal WHERE seq > ? ORDER BY seq').all(seq) as Entry[];
const lastSeq = () => (db().prepare('SELECT coalesce(max(seq), 0) AS s FROM journal').get() as { s: number }).s;
const userId = (name: string) => (db().prepare('SELECT id FROM app_user WHERE user_name = ?').get(name) as { id: number }).id;

test('every table is journaled or left out with a reason, and each journaled one has its three triggers', () => {
  for (const table of tables()) {
    assert.ok((JOURNALED_TABLES as readonly string[]).includes(table) || table in UNJOURNALED_TABLES, `${table} is in neither list of db/journal.ts`);
  }
  const triggers = new Set((db().prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger'").all() as Array<{ name: string }>).map((r) => r.name));
  for (const table of JOURNALED_TABLES) for (const op of ['insert', 'update', 'delete']) assert.ok(triggers.has(`journal_${table}_${op}`), `journal_${table}_${op}`);
});

test('a full counter day: every changed row has its entries, and replaying them over the morning gives the evening', async (t) => {
  const till = 'COUNTER-1';
  const login = await svc.anon.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  const atTill = Object.assign(createClient({ baseUrl: svc.url, getToken: () => login.token, headers: { [TILL_HEADER]: till } }), { token: login.token });
  const morning = snapshot();
  const from = lastSeq();
  await openTillOnce(atTill, 1500);

  // The day: the till opened with a float, a new customer, a frame and lens pair part paid, through the lab, the balance, the
  // invoice; a second sale cancelled into a credit note; a delivery promise moved.
  const customerID = (await atTill.call(api.Customer.upsert, { body: { firstName: 'Journal', lastName: 'Day', mobile: '9876501234' } })).customerID;
  const sale = await sellFrameAndPair(svc, atTill, { customerID, paid: 1000, frameId: frameInStock(svc, 'cashier', 1) });
  const params = { salesOrderId: sale.salesOrderID };
  for (const statusId of [2, 3, 4] as const) await atTill.call(api.Orders.status, { params, body: { statusId } });
  const due = (await atTill.call(api.Orders.advanceReceiptData, { params })).balance;
  await atTill.call(api.QuickSale.saveReceipt, { body: { salesOrderID: sale.salesOrderID, receiptTypeId: svc.server.deps.enc.encode('paymentKind', 1), amount: due } });
  await atTill.call(api.QuickSale.saveInvoiceOnly, { body: { salesOrderID: sale.salesOrderID, customerID } });
  const second = await makeSale(svc, atTill, { paid: 300 });
  const tomorrow = new Date(svc.clock.now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  await atTill.call(api.Orders.delivery, { params: { salesOrderId: second.salesOrderID }, body: { deliveryDate: tomorrow, deliveryTime: null } });
  await manager.call(api.Orders.cancel, { params: { salesOrderId: second.salesOrderID }, body: { receiptStatusId: 4 } });

  const evening = snapshot();
  const entries = entriesAfter(from).filter((e) => e.op !== 'event');
  // Replay the entries over the morning.
  const replayed = new Map([...morning].map(([t, rows]) => [t, new Map([...rows].map(([k, r]) => [k, { ...r }]))]));
  for (const e of entries) {
    const rows = replayed.get(e.tbl)!;
    assert.ok(rows, `an entry for ${e.tbl}, which is journaled`);
    const key = e.row_id !== null ? String(e.row_id) : e.row_key!;
    if (e.op === 'insert') rows.set(key, withoutNulls(JSON.parse(e.new_values!) as Row, e.tbl));
    if (e.op === 'insert' && e.tbl === 'credit_note_movement') {
      // As applying a pulled movement does (its trigger): what is left on the note is kept from its movements.
      const m = JSON.parse(e.new_values!) as { credit_note_id: number; amount: number };
      const note = replayed.get('credit_note')!.get(String(m.credit_note_id))!;
      note.balance = (note.balance as number) + m.amount;
    }
    if (e.op === 'insert') continue;
    if (e.op === 'delete') rows.delete(key);
    else {
      const row = rows.get(key) ?? {};
      for (const [column, value] of Object.entries(JSON.parse(e.new_values!) as Row)) {
        if (value === null) delete row[column];
        else if (!(REDACTED_COLUMNS[e.tbl] ?? []).includes(column)) row[column] = value;
      }
      rows.set(key, row);
    }
  }
  // The sale and the balance paid moved the orders' figures without an entry of their own.
  for (const e of entries.filter((x) => x.tbl === 'sales_order' && x.op === 'update')) {
    const columns = Object.keys(JSON.parse(e.new_values!) as Row);
    assert.ok(!columns.includes('received') && !columns.includes('item_count'), `a kept figure journaled: ${e.new_values}`);
  }
  // As every node's own triggers do (migration 014): an order's received total and line count
  // are kept from its receipts and lines, not journaled (DERIVED_COLUMNS).
  for (const [key, order] of replayed.get('sales_order')!) {
    const lines = [...replayed.get('sales_order_line')!.values()].filter((l) => String(l.sales_order_id) === key);
    const received = [...replayed.get('receipt')!.values()].filter((r) => String(r.sales_order_id) === key && r.status_id === 1);
    order.item_count = lines.length;
    order.received = received.reduce((sum, r) => sum + (r.amount as number), 0);
  }
  let changedRows = 0;
  for (const table of JOURNALED_TABLES) {
    const was = morning.get(table)!;
    const is = evening.get(table)!;
    for (const [key, row] of is) if (JSON.stringify(was.get(key)) !== JSON.stringify(row)) changedRows++;
    for (const key of was.keys()) if (!is.has(key)) changedRows++;
    assert.deepEqual(replayed.get(table), is, `${table}: the journal replays to the table as it is`);
  }
  assert.ok(changedRows >= 20, `a real day changes many rows (${changedRows})`);
  t.diagnostic(`${changedRows} rows changed, ${entries.length} entries, ${new Set(entries.map((e) => e.tbl)).size} tables`);
  for (const table of ['till_session', 'customer', 'sales_order', 'sales_order_line', 'receipt', 'invoice', 'credit_note', 'credit_note_movement', 'stock_movement', 'number_series']) {
    assert.ok(entries.some((e) => e.tbl === table), `the day wrote ${table}`);
  }
  // Who and where: the cashier's writes from her till, the manager's cancel as his.
  const cashierId = userId('cashier');
  const saleEntries = entries.filter((e) => e.tbl === 'sales_order' && e.op === 'insert');
  assert.equal(saleEntries.length, 2);
  for (const e of saleEntries) assert.deepEqual([e.user_id, e.till, e.source], [cashierId, till, 'app']);
  assert.ok(entries.some((e) => e.tbl === 'credit_note' && e.op === 'insert' && e.user_id === userId('manager')), 'the credit note is the manager’s');
});

test('the journal cannot be edited or emptied, even from inside the service', () => {
  assert.throws(() => db().prepare('UPDATE journal SET user_id = NULL').run(), /append-only/);
  assert.throws(() => db().prepare('DELETE FROM journal').run(), /append-only/);
  assert.ok(lastSeq() > 0);
});

test('sign-ins, failed sign-ins and refused approvals are events with who and from where; no password is kept', async () => {
  const from = lastSeq();
  await failure(svc.anon.call(api.Auth.login, { body: { userName: 'manager', password: 'not-it' } }), 401);
  await failure(svc.anon.call(api.Auth.login, { body: { userName: 'nobody-here', password: 'x' } }), 401);
  await svc.as('optometrist');
  const lens = svc.server.deps.enc.encode('item', singleVisionLens(svc).id);
  const refused = await callAs(svc, cashier, 'quickSale/price-approval', { userName: 'manager', password: 'wrong', reason: 'Regular', itemID: lens, qty: 1, discountRate: 25 });
  assert.equal(refused.status, 403);
  const events = entriesAfter(from).filter((e) => e.op === 'event');
  assert.deepEqual(
    events.map((e) => [e.tbl, e.user_id, e.row_id]),
    [
      ['sign_in_failed', userId('manager'), userId('manager')],
      ['sign_in_failed', null, null],
      ['sign_in', userId('optometrist'), userId('optometrist')],
      // Asked by the cashier, refused for the manager's name.
      ['price_approval_refused', userId('cashier'), userId('manager')],
    ],
  );
  assert.equal((JSON.parse(events[1]!.new_values!) as { userName: string }).userName, 'nobody-here');
  assert.ok(!JSON.stringify(events).includes('not-it'));
  // Password hashes are hidden in row changes too.
  const users = db().prepare("SELECT new_values FROM journal WHERE tbl = 'app_user' AND new_values LIKE '%password_hash%'").all() as Array<{ new_values: string }>;
  for (const u of users) assert.equal((JSON.parse(u.new_values) as { password_hash: string }).password_hash, '(hidden)');
});

test('an order’s history: booked, paid, moved, cancelled, with who did it; another company’s order is a 404', async () => {
  const sale = await makeSale(svc, cashier, { paid: 200 });
  const params = { salesOrderId: sale.salesOrderID };
  await cashier.call(api.Orders.status, { params, body: { statusId: 2 } });
  await manager.call(api.Orders.cancel, { params, body: { receiptStatusId: 4 } });
  const { data } = await cashier.call(api.Orders.history, { params });
  const lines = data.map((e) => `${e.userName}: ${e.what}`);
  assert.match(lines[0]!, new RegExp(`^cashier: Order ${sale.salesOrderNo.replace(/\//g, '\\/')} booked, net ₹`));
  assert.ok(lines.some((l) => /^cashier: Receipt .* for ₹200\.00 \(Cash\)$/.test(l)), lines.join('\n'));
  assert.ok(lines.includes('cashier: Status Booked → In lab'), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('manager: Status In lab → Cancelled')), lines.join('\n'));
  assert.ok(lines.some((l) => /^manager: Credit note .* issued for ₹200\.00$/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /^manager: Receipt \S+: Received → Moved to credit note$/.test(l)), lines.join('\n'));
  assert.ok(data.every((e) => !Number.isNaN(Date.parse(e.at))));
  await failure(cashier.call(api.Orders.history, { params: { salesOrderId: sale.salesOrderID.slice(0, -2) + 'AA' } }), 400);
});

test('Audit: managers and admins only; a manager sees the branch, an admin every branch; filters by user, day, record and kind', async () => {
  await failure(cashier.call(api.Audit.search, { body: {} }), 403);
  const sale = await makeSale(svc, cashier, { paid: 100 });
  const mine = await manager.call(api.Audit.search, { body: { pageSize: 200 } });
  assert.ok(mine.data.length > 0);
  const branches = new Set(mine.data.map((e) => e.branchName));
  assert.equal(branches.size, 1, `a manager sees one branch: ${[...branches].join(', ')}`);
  const all = await admin.call(api.Audit.search, { body: { pageSize: 200 } });
  assert.ok(all.data.some((e) => e.source === 'setup' || e.branchName !== [...branches][0]), 'an admin sees beyond the branch');

  const byCashier = await manager.call(api.Audit.search, { body: { userId: svc.server.deps.enc.encode('user', userId('cashier')) } });
  assert.ok(byCashier.data.length > 0 && byCashier.data.every((e) => e.userName === 'cashier'));
  const order = await manager.call(api.Audit.search, { body: { table: 'sales_order', recordId: sale.salesOrderID } });
  assert.equal(order.data.at(-1)!.op, 'insert');
  assert.equal(order.data.at(-1)!.what, `Order ${sale.salesOrderNo} added`);
  assert.ok(order.data.every((e) => e.recordId === sale.salesOrderID));
  const status = order.data.at(-1)!.changes.find((c) => c.column === 'status_id')!;
  assert.equal(status.after, 'Booked');
  const customer = order.data.at(-1)!.changes.find((c) => c.column === 'customer_id')!;
  assert.ok(customer.after && !/^\d+$/.test(customer.after), `a reference is named, not a raw id: ${customer.after}`);
  const net = order.data.at(-1)!.changes.find((c) => c.column === 'net_amount')!;
  assert.match(net.after!, /^₹[\d,]+\.\d\d$/);

  const today = new Date(svc.clock.now).toLocaleDateString('en-CA');
  const day = await manager.call(api.Audit.search, { body: { fromDate: today, toDate: today, table: 'sign_in' } });
  assert.ok(day.data.length > 0 && day.data.every((e) => e.table === 'sign_in' && e.op === 'event'));
  const yesterday = new Date(svc.clock.now.getTime() - 86_400_000).toLocaleDateString('en-CA');
  assert.equal((await manager.call(api.Audit.search, { body: { fromDate: yesterday, toDate: yesterday } })).data.length, 0);

  // Paging: newest first, `next` goes on where the page stopped.
  const first = await manager.call(api.Audit.search, { body: { pageSize: 5 } });
  assert.equal(first.data.length, 5);
  const second = await manager.call(api.Audit.search, { body: { pageSize: 5, before: first.next! } });
  assert.ok(second.data[0]!.seq < first.data[4]!.seq);

  // Bad filters are a 400 naming the field, in words.
  const bad = async (body: Record<string, unknown>, field: string) => {
    const res = await callAs(svc, manager, 'Audit/search', body);
    assert.equal(res.status, 400, JSON.stringify(res.json));
    assert.ok(JSON.stringify(res.json).includes(field), `${field}: ${JSON.stringify(res.json)}`);
  };
  await bad({ fromDate: '2026-02-30' }, 'fromDate');
  await bad({ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'toDate');
  await bad({ table: 'sqlite_schema' }, 'table');
  await bad({ recordId: sale.salesOrderID }, 'table');
  await bad({ table: 'sales_order', recordId: 'ENC_nope' }, 'recordId');
  await bad({ userName: 'nobody-at-all' }, 'userName');
  const byName = await manager.call(api.Audit.search, { body: { userName: 'CASHIER', pageSize: 3 } });
  assert.ok(byName.data.length > 0 && byName.data.every((e) => e.userName === 'cashier'));
});

test('a backup’s result is journaled as whoever asked for it', async () => {
  const from = lastSeq();
  const result = await manager.call(api.Backup.now, { body: {} });
  assert.equal(result.ok, true, result.message);
  const [event] = entriesAfter(from).filter((e) => e.tbl === 'backup');
  assert.ok(event, 'a backup event');
  assert.equal(event.user_id, userId('manager'));
  assert.deepEqual((({ reason, ok }) => ({ reason, ok }))(JSON.parse(event.new_values!) as { reason: string; ok: boolean }), { reason: 'manual', ok: true });
});
