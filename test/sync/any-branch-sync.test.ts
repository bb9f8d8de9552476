/**
 * Any branch serves any customer, across two PCs and a real hub (embedded PostgreSQL): head
 * office's PC (node 1) works as branch A, a PC that joined with a code works as branch B. Each story
 * acts at both PCs with no sync in between (apart), then syncs, and both PCs must end on the same
 * order, row for row:
 *  - booked at A for collection at B; paid, made ready and handed over at B;
 *  - A cancels while B hands over: the cancel wins the status everywhere, the handing-over stays,
 *    and the order is on Orders/to-settle at both PCs;
 *  - both take the last payment: both receipts count, the order shows the excess and is on
 *    Orders/to-settle at both PCs.
 * B's PC is a branch PC (join-code --branch): it holds B's orders and stock movements, the customers
 * and master data, the other branches' stock as the hub adds it up, fetches another branch's order
 * when its counter asks for it, and holds only B's users' password hashes; head office's PC holds
 * everything.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { createClient, type Client } from '../../shared/client.js';
import { HASH_NOT_SENT } from '../../shared/sync.js';
import { openTillOnce, type TestService } from '../helpers/service.js';
import { frameAtEveryBranch } from '../helpers/items.js';
import { sellFrameAndPair } from '../helpers/sales.js';
import { startTwoPcs, type TwoPcs } from '../helpers/two-pcs.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { FOLD_LOCK } from '../../hub/sync/row-state.js';

let chain: TwoPcs;
const nodes: TestService[] = [];
/** A's manager at node 1, B's manager at node 2. */
let atA: Client;
let atB: Client;
let branchB: string;
let codeB: string;

const admins = new Map<TestService, Awaited<ReturnType<TestService['as']>>>();
const admin = async (svc: TestService) => {
  if (!admins.has(svc)) admins.set(svc, await svc.as('admin'));
  return admins.get(svc)!;
};

const converge = () => chain.converge();
const row = (svc: TestService, table: string, where: string, ...args: unknown[]) => chain.rows(svc, table, where, ...args);
const deadLetters = (svc: TestService) => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sync_dead_letter').get() as { n: number }).n;

before(async () => {
  // B's manager is made at head office (users are its master data) and travels with the join.
  chain = await startTwoPcs('any-branch-sync', {
    joinedAs: 'Branch B till',
    joinedBranches: () => [codeB],
    atHeadOffice: async (ho) => {
      const { db, enc } = ho.server.deps;
      const { id: b, code } = db.prepare("SELECT id, code FROM branch WHERE code <> 'AMD1' AND is_active = 1 ORDER BY id LIMIT 1").get() as { id: number; code: string };
      branchB = enc.encode('branch', b);
      codeB = code;
      await (await admin(ho)).call(api.Users.create, { body: { userName: 'bmanager', role: 'manager', branchIDs: [branchB], password: 'Temporary-1' } });
      const first = await ho.as('bmanager', 'Temporary-1');
      await first.call(api.Users.changePassword, { body: { currentPassword: 'Temporary-1', newPassword: 'Own-pass-2026' } });
      // Head office's admin works at B too: a PC holds the password hashes of its branches' users only.
      const a = enc.encode('branch', (db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id);
      const adminId = enc.encode('user', (db.prepare("SELECT id FROM app_user WHERE user_name = 'admin'").get() as { id: number }).id);
      await (await admin(ho)).call(api.Users.update, { body: { userID: adminId, fullName: 'Asha Mehta', email: null, role: 'admin', branchIDs: [branchB, a] } });
      admins.delete(ho);
    },
  });
  nodes.push(chain.ho, chain.joined);
  atA = await chain.ho.as('manager');
  const login = await chain.joined.anon.call(api.Auth.login, { body: { userName: 'bmanager', password: 'Own-pass-2026' } });
  atB = createClient({ baseUrl: chain.joined.url, getToken: () => login.token });
  await openTillOnce(atB);
  await converge();
});

after(async () => {
  await chain?.close();
});

/** A lens order booked at A (node 1) for collection at B, 100 paid; synced to B. */
async function bookedForB(lastName: string) {
  return booked(atA, lastName, branchB);
}

/** A lens order booked by `who` (for collection at `collectAt`, else where booked), 100 paid; synced. */
async function booked(who: Client, lastName: string, collectAt?: string) {
  const ho = nodes[0]!;
  const { enc, db } = ho.server.deps;
  const { customerID } = await who.call(api.Customer.upsert, { body: { firstName: 'Any', lastName } });
  const lens = (db.prepare('SELECT id FROM item WHERE item_type_id = 3 AND is_active = 1 AND add_from IS NULL ORDER BY code LIMIT 1').get() as { id: number }).id;
  const { sessionID } = await who.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', lens) } });
  const net = (await who.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } })).netAmount ?? 0;
  const sale = await who.call(api.QuickSale.saveSale, {
    body: { sessionID, ...(collectAt ? { collectBranchID: collectAt } : {}), salesorderModel: { customerId: customerID }, receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: 100 } },
  });
  await converge();
  return { id: sale.salesOrderID, no: sale.salesOrderNo, rowId: enc.decode('salesOrder', sale.salesOrderID), due: net - 100 };
}

const cash = () => nodes[0]!.server.deps.enc.encode('paymentKind', 1);
const sameOrder = (rowId: number) => {
  for (const table of ['sales_order', 'receipt']) {
    const where = table === 'sales_order' ? 'id = ?' : 'sales_order_id = ?';
    assert.deepEqual(row(nodes[1]!, table, where, rowId), row(nodes[0]!, table, where, rowId), `${table} the same at both PCs`);
  }
};

test('booked at A, paid, made ready and handed over at B while apart: both PCs end on the same order, delivered at B', async () => {
  const order = await bookedForB('Collected');
  const seenAtB = await atB.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
  assert.equal(seenAtB.collectBranchID, branchB, 'B knows it collects it');
  for (const statusId of [2, 3] as const) await atB.call(api.Orders.status, { params: { salesOrderId: order.id }, body: { statusId } });
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash(), amount: order.due } });
  await atB.call(api.Orders.status, { params: { salesOrderId: order.id }, body: { statusId: 4 } });
  const owingBefore = await atA.call(api.Orders.withBalance, { query: {} });
  assert.ok(owingBefore.data.some((o) => o.fullSalesOrderNo === order.no), 'A still sees it owing before the sync');
  const atABefore = await atA.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
  assert.equal(atABefore.statusID, '1', 'A has not heard yet');
  await converge();
  sameOrder(order.rowId);
  const seenAtA = await atA.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
  assert.equal(seenAtA.statusID, '4');
  assert.equal(seenAtA.deliveredBranchName, seenAtB.collectBranchName);
  assert.deepEqual(seenAtA.toSettle, []);
  const owing = await atA.call(api.Orders.withBalance, { query: {} });
  assert.ok(!owing.data.some((o) => o.fullSalesOrderNo === order.no), 'the balance fell at A too');
  assert.equal(deadLetters(nodes[0]!) + deadLetters(nodes[1]!), 0);
});

/** The hub's current row of the order (row_state) has the status and branches both PCs ended on. */
const sameAtHub = async (rowId: number) => {
  const pc = nodes[0]!.server.deps.db.prepare('SELECT status_id, collect_branch_id, delivered_branch_id FROM sales_order WHERE id = ?').get(rowId) as Record<string, unknown>;
  const { rows } = await chain.hub.pool.query<{ row_values: Record<string, unknown> }>("SELECT row_values FROM row_state WHERE tbl = 'sales_order' AND row_key = $1", [String(rowId)]);
  assert.deepEqual(Object.fromEntries(Object.keys(pc).map((col) => [col, rows[0]?.row_values[col] ?? null])), pc, 'the hub holds the order as the PCs do');
};

test('A cancels while B hands over: Cancelled at both PCs, the handing-over kept, on Orders/to-settle at both', async () => {
  const order = await bookedForB('Conflicted');
  await atB.call(api.Orders.status, { params: { salesOrderId: order.id }, body: { statusId: 3 } });
  await converge();
  // Apart: A cancels (the advance onto a credit note), B takes the balance and hands the order over.
  await atA.call(api.Orders.cancel, { params: { salesOrderId: order.id }, body: { receiptStatusId: 4 } });
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash(), amount: order.due } });
  await atB.call(api.Orders.status, { params: { salesOrderId: order.id }, body: { statusId: 4 } });
  await converge();
  sameOrder(order.rowId);
  await sameAtHub(order.rowId);
  for (const who of [atA, atB]) {
    const seen = await who.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
    assert.equal(seen.statusID, '5', 'the cancel wins');
    assert.deepEqual(seen.toSettle.map((r) => r.kind).sort(), ['delivered_and_cancelled', 'paid_after_cancel']);
    assert.equal(seen.toSettle.find((r) => r.kind === 'paid_after_cancel')!.amount, order.due, 'B’s payment is not lost');
    const list = await who.call(api.Orders.toSettle, {});
    assert.ok(list.rows.some((r) => r.salesOrderNo === order.no), 'listed for a person at both branches');
  }
});

test('both take the last payment while apart: both receipts count, the excess is shown and listed at both PCs', async () => {
  const order = await bookedForB('PaidTwice');
  await atA.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash(), amount: order.due } });
  await atB.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash(), amount: order.due } });
  await converge();
  sameOrder(order.rowId);
  for (const [svc, who] of [[nodes[0]!, atA], [nodes[1]!, atB]] as const) {
    const received = (svc.server.deps.db.prepare('SELECT received FROM sales_order WHERE id = ?').get(order.rowId) as { received: number }).received;
    const seen = await who.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
    assert.equal(received, Math.round((seen.patientAmount + order.due) * 100), 'both receipts counted');
    assert.deepEqual(seen.toSettle.map((r) => [r.kind, r.amount]), [['overpaid', order.due]]);
    assert.ok((await who.call(api.Orders.toSettle, {})).rows.some((r) => r.salesOrderNo === order.no));
  }
});

test('where it is collected, moved apart by A and by head office at B’s PC: the later move wins at both PCs', async () => {
  const order = await bookedForB('Moved');
  const { db, enc } = nodes[0]!.server.deps;
  const a = enc.encode('branch', (db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id);
  // Apart: A takes it back home; later an admin at B's PC (head office's role) takes it home too,
  // then sends it back to B: two moves there, the last one the latest of all.
  await atA.call(api.Orders.collectAt, { params: { salesOrderId: order.id }, body: { branchID: a } });
  const headOffice = await admin(nodes[1]!);
  for (const to of [a, branchB]) {
    nodes[1]!.clock.advance(60_000);
    await headOffice.call(api.Orders.collectAt, { params: { salesOrderId: order.id }, body: { branchID: to } });
  }
  await converge();
  sameOrder(order.rowId);
  await sameAtHub(order.rowId);
  for (const who of [atA, atB]) assert.equal((await who.call(api.Orders.detail, { params: { salesOrderNo: order.no } })).collectBranchID, branchB, 'the later move');
});

/** A branch's stock rows (item, batch, expiry, on hand) at a PC. */
const stockAt = (svc: TestService, branch: number) =>
  svc.server.deps.db.prepare('SELECT item_id, batch_no, expiry_date, on_hand FROM stock WHERE branch_id = ? ORDER BY item_id, batch_no').all(branch);

const held = (svc: TestService, table: string, where: string, ...args: unknown[]) =>
  (svc.server.deps.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...args) as { n: number }).n;

test('B’s PC holds B’s orders, the customers and master data, not A’s own orders; it fetches one at the counter and then follows it', async () => {
  const order = await booked(atA, 'OnlyAtA');
  const [ho, b] = [nodes[0]!, nodes[1]!];
  const customer = (ho.server.deps.db.prepare('SELECT customer_id FROM sales_order WHERE id = ?').get(order.rowId) as { customer_id: number }).customer_id;
  assert.equal(held(b, 'customer', 'id = ?', customer), 1, 'the customer is the chain’s: at B too');
  assert.deepEqual(chain.rows(b, 'item'), chain.rows(ho, 'item'), 'master data at B as at head office');
  assert.equal(held(b, 'sales_order', 'id = ?', order.rowId), 0, 'A’s own order is not at B');
  assert.equal(held(b, 'receipt', 'sales_order_id = ?', order.rowId), 0);
  const amd = (ho.server.deps.db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id;
  assert.equal(held(b, 'till_session', 'branch_id = ?', amd), 0, 'A’s till days are not at B');
  assert.ok(held(ho, 'till_session', 'branch_id = ?', amd) > 0);
  assert.equal(held(b, 'stock_movement', 'branch_id = ? AND owner_branch_id = ?', amd, amd), 0, 'A’s own stock movements are not at B');
  assert.ok(held(ho, 'stock_movement', 'branch_id = ?', amd) > 0);
  assert.deepEqual(stockAt(b, amd), stockAt(ho, amd), 'A’s stock is, as the hub adds it up from A’s movements');

  // At B's counter the customer gives A's order number: fetched from the hub and kept.
  const seen = await atB.call(api.Orders.detail, { params: { salesOrderNo: order.no } });
  assert.equal(seen.salesOrderNO, order.no);
  sameOrder(order.rowId);
  assert.deepEqual(chain.rows(b, 'sales_order_line', 'sales_order_id = ?', order.rowId), chain.rows(ho, 'sales_order_line', 'sales_order_id = ?', order.rowId));
  await assert.rejects(atB.call(api.Orders.detail, { params: { salesOrderNo: 'AMD1/1999/999999' } }), /No such sales order/, 'an order nobody holds is still a 404');
  // A PC that cannot fetch (its sync stopped, the hub out of reach) says so at once, in words.
  const other = await booked(atA, 'NotFetched');
  b.server.deps.db.prepare("UPDATE sync_state SET stopped_reason = 'test'").run();
  await assert.rejects(atB.call(api.Orders.detail, { params: { salesOrderNo: other.no } }), (err: { status?: number; message: string }) => {
    assert.equal(err.status, 503);
    assert.match(err.message, /not on this PC, and the head-office hub cannot be reached/);
    return true;
  });
  b.server.deps.db.prepare('UPDATE sync_state SET stopped_reason = NULL').run();
  // A later payment at A reaches B, which now follows the order.
  await atA.call(api.QuickSale.saveReceipt, { body: { salesOrderID: order.id, receiptTypeId: cash(), amount: 50 } });
  await converge();
  sameOrder(order.rowId);
  assert.equal(held(b, 'receipt', 'sales_order_id = ?', order.rowId), 2);
  assert.equal(deadLetters(ho) + deadLetters(b), 0);
});

test('B’s PC holds B’s stock movements, not A’s: A’s sales reach B’s Stock screen and counter as the hub adds them up, and B’s own as its movements do', async () => {
  const [ho, b] = [nodes[0]!, nodes[1]!];
  const frame = frameAtEveryBranch(ho, 3);
  const itemId = ho.server.deps.enc.encode('item', frame.id);
  await converge();
  const screen = async (svc: TestService) => (await (await admin(svc)).call(api.Stock.itemAtBranches, { query: { itemId } })).branches.map((x) => [x.branchCode, x.sellable, x.onHand]);
  const before = await screen(ho);
  assert.deepEqual(await screen(b), before, 'every branch’s stock on B’s Stock screen as on head office’s');

  // Sold at A (head office's PC) twice, at B (B's PC) once; B's sale goes to the hub as a movement, A's as levels to B.
  const cashierA = await ho.as('cashier');
  for (const [svc, who, times] of [[ho, cashierA, 2], [b, atB, 1]] as const) {
    for (let i = 0; i < times; i++) {
      const { customerID } = await who.call(api.Customer.upsert, { body: { firstName: 'Stock', lastName: `Level${i}` } });
      await sellFrameAndPair(svc, who, { customerID, paid: 0, frameId: frame.id });
    }
  }
  await converge();
  const after = await screen(ho);
  const sold = (code: unknown) => (code === 'AMD1' ? 2 : code === codeB ? 1 : 0);
  assert.deepEqual(after, before.map(([code, sellable, onHand]) => [code, (sellable as number) - sold(code), (onHand as number) - sold(code)]), 'the sales counted at head office');
  assert.deepEqual(await screen(b), after, 'and at B, A’s from the hub’s levels');
  const amd = frame.branches.AMD1!;
  const counter = await atB.call(api.QuickSale.exactItemStock, { query: { itemId } });
  assert.equal(counter.stock, after.find(([code]) => code === codeB)![1], 'B’s counter: B’s own stock');
  assert.equal(held(b, 'stock_movement', 'item_id = ? AND branch_id = ?', frame.id, amd), 0, 'none of A’s movements of the frame at B');
  assert.deepEqual(stockAt(b, amd), stockAt(ho, amd));
  assert.deepEqual(stockAt(b, frame.branches[codeB]!), stockAt(ho, frame.branches[codeB]!), 'B’s own stock, from its movements, as head office adds them up');
  assert.equal(deadLetters(ho) + deadLetters(b), 0);
});

test('head office’s PC holds B’s own orders; users’ password hashes are only at their branches’ PCs', async () => {
  const order = await booked(atB, 'OnlyAtB');
  sameOrder(order.rowId);
  const hash = (svc: TestService, user: string) => (svc.server.deps.db.prepare('SELECT password_hash FROM app_user WHERE user_name = ?').get(user) as { password_hash: string }).password_hash;
  assert.equal(hash(nodes[1]!, 'manager'), HASH_NOT_SENT, 'A’s manager’s hash is not at B’s PC');
  assert.equal(hash(nodes[1]!, 'bmanager'), hash(nodes[0]!, 'bmanager'), 'B’s manager’s hash is');
  assert.match(hash(nodes[0]!, 'bmanager'), /^scrypt\$/, 'head office holds every hash');
  await assert.rejects(nodes[1]!.anon.call(api.Auth.login, { body: { userName: 'manager', password: 'demo1234' } }), /./, 'A’s manager cannot sign in at B’s PC');
});

test('a branch PC’s pull and a join code for a branch wait for the hub’s current rows: a user just made for B signs in at B’s PC, though the hub had not folded them yet', async () => {
  const [ho, b] = [nodes[0]!, nodes[1]!];
  const { pool } = chain.hub;
  // The hub's folder held up (as on a busy hub, just after a push): nothing is folded meanwhile.
  const holder = await pool.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [FOLD_LOCK]);
  let pulled: Promise<void> | undefined;
  let code: Promise<unknown> | undefined;
  try {
    await (await admin(ho)).call(api.Users.create, { body: { userName: 'bcashier', role: 'cashier', branchIDs: [branchB], password: 'Temporary-1' } });
    await chain.syncNow(ho);
    const settled = { pulled: false, code: false };
    pulled = chain.syncNow(b).then(() => void (settled.pulled = true));
    code = makeJoinCode(pool, 'Branch B second till', undefined, undefined, [codeB]).then(() => void (settled.code = true));
    pulled.catch(() => undefined);
    code.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(settled, { pulled: false, code: false }, 'both wait for the current rows');
  } finally {
    await holder.query('SELECT pg_advisory_unlock($1)', [FOLD_LOCK]);
    holder.release();
  }
  await pulled;
  await code;
  const login = await b.anon.call(api.Auth.login, { body: { userName: 'bcashier', password: 'Temporary-1' } });
  assert.ok(login.token, 'the new user’s hash reached B’s PC with the user');
});
