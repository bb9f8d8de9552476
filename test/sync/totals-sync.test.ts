/**
 * The daily totals at a PC that only pulled the business: a hub over a real embedded PostgreSQL,
 * head office's PC (node 1) and a PC that joined with a code. Node 1 sells (one sale part paid and
 * paid more later, one cancelled), takes a frame back for a refund; after sync the other PC's
 * totals, kept by its own triggers from the pulled rows, equal a recount there and equal node 1's
 * figures for that branch. Then the hub's current rows (row_state) equal each PC's own rows, table
 * by table and column by column, after both PCs sold, edited one customer while apart and deleted.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { DERIVED_COLUMNS, LOCAL_SETTINGS, TABLE_CLASSES } from '../../shared/sync-rules.js';
import { allRows } from '../../hub/store/row-state.js';
import { buildRowState } from '../../hub/sync/row-state.js';
import type { RowsResponse } from '../../shared/sync.js';
import type { TestService } from '../helpers/service.js';
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

/** A PC's rows of every synced table as the hub keys and writes them: key → column → value (a BLOB as the journal's 'hex:…'). */
function pcRows(svc: TestService): Map<string, Map<string, Record<string, unknown>>> {
  const { db } = svc.server.deps;
  const tables = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [tbl, cls] of Object.entries(TABLE_CLASSES)) {
    if (cls === 'local') continue;
    const columns = db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(tbl) as Array<{ name: string; type: string; pk: number }>;
    const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const byId = key.length === 1 && /^INTEGER$/i.test(key[0]!.type);
    const rows = new Map<string, Record<string, unknown>>();
    for (const row of db.prepare(`SELECT * FROM ${tbl}`).all() as Array<Record<string, unknown>>) {
      const rowKey = byId ? String(row[key[0]!.name]) : JSON.stringify((key.length ? key : columns).map((c) => row[c.name]));
      if (tbl === 'setting' && LOCAL_SETTINGS.has(String(row.key))) continue;
      const values: Record<string, unknown> = {};
      for (const c of columns) {
        if (DERIVED_COLUMNS[tbl]?.includes(c.name)) continue;
        const value = row[c.name];
        values[c.name] = Buffer.isBuffer(value) ? `hex:${value.toString('hex').toUpperCase()}` : value;
      }
      rows.set(rowKey, values);
    }
    tables.set(tbl, rows);
  }
  return tables;
}

test('the hub’s current rows equal each PC’s own rows, table by table and column by column', async () => {
  const { ho, joined, hub } = chain;
  const hoAdmin = await ho.as('admin');
  const surat = await joined.as('surat.manager', 'Surat-2026-books');
  const shared = await makeSale(ho, hoAdmin, { paid: 'all', lastName: 'RowState' });
  await makeSale(joined, surat, { paid: 20 });
  await chain.converge();

  // Apart: the same customer edited at both PCs, head office's edit the later by its clock; each
  // also changes a field the other leaves alone. The hub receives head office's edit first.
  const edit = async (svc: TestService, changes: Record<string, string>) => {
    const who = await svc.as('admin');
    const detail = await who.call(api.Customer.detail, { body: { customerID: shared.customerID } } as never);
    await who.call(api.Customer.upsert, { body: { ...detail, ...changes } as never });
  };
  await edit(joined, { lastName: 'Surat-edit', remarks: 'asked for a call' });
  ho.clock.advance(joined.clock.now.getTime() - ho.clock.now.getTime() + 60_000);
  await edit(ho, { lastName: 'Head-office-edit', city: 'Vadodara' });
  // A delete: a user's second branch taken away at head office (user_branch rows go).
  const { db } = ho.server.deps;
  const [srt, amd] = ['SRT1', 'AMD1'].map((code) => ho.server.deps.enc.encode('branch', (db.prepare('SELECT id FROM branch WHERE code = ?').get(code) as { id: number }).id));
  const { userID } = (await hoAdmin.call(api.Users.list, {})).find((u: { userName: string }) => u.userName === 'surat.manager')!;
  await hoAdmin.call(api.Users.update, { body: { userID, role: 'manager', branchIDs: [srt!, amd!] } });
  await hoAdmin.call(api.Users.update, { body: { userID, role: 'manager', branchIDs: [srt!] } });
  await makeSale(joined, surat, { paid: 'all' });
  await chain.converge();

  const customer = (svc: TestService) => svc.server.deps.db.prepare('SELECT last_name, remarks, city FROM customer WHERE id = ?').get(shared.customerRowId);
  assert.deepEqual(customer(joined), { last_name: 'Head-office-edit', remarks: 'asked for a call', city: 'Vadodara' });

  const held = new Map<string, Map<string, Record<string, unknown>>>();
  for (const row of await allRows(hub.pool)) {
    if (row.deleted) continue;
    if (!held.has(row.tbl)) held.set(row.tbl, new Map());
    held.get(row.tbl)!.set(row.rowKey, row.values);
  }
  assert.ok((await hub.pool.query("SELECT 1 FROM row_state WHERE tbl = 'user_branch' AND deleted")).rowCount! > 0, 'the deleted user_branch row is a tombstone at the hub');
  // Every row a change named; rows the PCs' migrations made before the journal began (the reference
  // lists every PC makes itself) are in no change, and not at the hub.
  const named = new Set((await hub.pool.query<{ ref: string }>("SELECT DISTINCT tbl || ' ' || coalesce(row_id::text, row_key) AS ref FROM change")).rows.map((r) => r.ref));
  const differences: string[] = [];
  const compared = new Set<string>();
  for (const svc of [ho, joined]) {
    const at = svc === ho ? 'head office' : 'the joined PC';
    for (const [tbl, rows] of pcRows(svc)) {
      const hubRows = held.get(tbl) ?? new Map<string, Record<string, unknown>>();
      for (const key of hubRows.keys()) if (!rows.has(key)) differences.push(`${tbl} ${key}: at the hub, not at ${at}`);
      for (const [key, values] of rows) {
        const atHub = hubRows.get(key);
        if (!atHub) {
          if (named.has(`${tbl} ${key}`)) differences.push(`${tbl} ${key}: at ${at}, not at the hub`);
          continue;
        }
        compared.add(tbl);
        // A column the journal leaves out is null (an insert names only the columns it set).
        for (const [col, value] of Object.entries(values)) {
          if ((atHub[col] ?? null) !== value) differences.push(`${tbl} ${key} ${col}: ${JSON.stringify(atHub[col])} at the hub, ${JSON.stringify(value)} at ${at}`);
        }
      }
    }
  }
  assert.deepEqual(differences, []);
  for (const tbl of ['customer', 'sales_order', 'sales_order_line', 'receipt', 'stock_movement', 'app_user', 'user_branch', 'branch', 'item']) assert.ok(compared.has(tbl), `${tbl} compared`);

  // Head office reads them at the hub: one branch's orders, page by page; a branch PC may not.
  const srtId = ho.server.deps.enc.decode('branch', srt!);
  const read = (path: string) => fetch(`${chain.hubUrl}/hub/v1/rows/${path}`);
  const keys: string[] = [];
  for (let after = ''; ; ) {
    const page = (await (await read(`sales_order?nodeId=1&branch=${srtId}&limit=2&after=${encodeURIComponent(after)}`)).json()) as RowsResponse;
    assert.ok(page.rows.every((r) => r.branchId === srtId && r.values.branch_id === srtId));
    keys.push(...page.rows.map((r) => r.key));
    if (page.next === null) break;
    after = page.next;
  }
  const surats = joined.server.deps.db.prepare('SELECT id FROM sales_order WHERE branch_id = ?').all(srtId) as Array<{ id: number }>;
  assert.ok(surats.length >= 3);
  assert.deepEqual(keys.sort(), surats.map((r) => String(r.id)).sort());
  const customers = (await (await read('customer?nodeId=1&limit=2000')).json()) as RowsResponse;
  assert.equal(customers.rows.find((r) => r.key === String(shared.customerRowId))?.values.last_name, 'Head-office-edit');
  assert.equal((await read('customer?nodeId=2')).status, 403);
  assert.equal((await read('number_series?nodeId=1')).status, 400);

  // Built again from the log alone (a hub upgraded with changes held), the rows are the same.
  const before = await allRows(hub.pool);
  await hub.pool.query('DELETE FROM row_state; UPDATE row_state_mark SET cursor = 0');
  assert.ok((await buildRowState(hub.pool, 700)) > 1000);
  assert.deepEqual(await allRows(hub.pool), before);
});
