/**
 * One record per person across two PCs that meet only through a real hub (embedded PostgreSQL):
 * Navrangpura's PC (head office's, node 1) and Adajan's PC (joined with a code). The same woman is
 * registered at both branches while they are apart, each with a prescription and an order. After a
 * sync the duplicate is found and merged at Navrangpura; before that merge reaches Adajan, Adajan
 * edits its own (now merged-away) record and books another order for it. After the next syncs both
 * PCs show one customer with both histories, the edit and the late order on the survivor, and the
 * same rows naming her.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import { CUSTOMER_TABLES } from '../../main/service/store/customer-merge.js';
import { branchUser } from '../helpers/branches.js';
import { makeSale } from '../helpers/sales.js';
import type { TestService } from '../helpers/service.js';
import { startTwoPcs, type TwoPcs } from '../helpers/two-pcs.js';

let chain: TwoPcs;
let navrangpura: TestService;
let adajan: TestService;

const syncNow = (svc: TestService) => chain.syncNow(svc);
const converge = () => chain.converge();

/** Who each row naming a customer names, on one PC: the same on every PC once they converge. */
function customerRows(svc: TestService): string {
  const db = svc.server.deps.db;
  const rows = CUSTOMER_TABLES.map((t) => db.prepare(`SELECT '${t}' AS t, id, customer_id FROM ${t} ORDER BY id`).all());
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * The hub's current rows (row_state) say the same as a PC that replayed the log: every row naming a
 * customer names the same one, and the two records' person fields and merged_into are the same.
 */
async function hubAgrees(svc: TestService, ids: string[]): Promise<void> {
  const db = svc.server.deps.db;
  const { rows } = await chain.hub.pool.query<{ tbl: string; row_key: string; customer_id: number }>(
    "SELECT tbl, row_key, (row_values->>'customer_id')::bigint AS customer_id FROM row_state WHERE tbl = ANY($1) AND NOT deleted",
    [[...CUSTOMER_TABLES]],
  );
  const atHub = rows.map((r) => `${r.tbl} ${r.row_key} ${r.customer_id}`).sort();
  const atPc = CUSTOMER_TABLES.flatMap((t) => (db.prepare(`SELECT id, customer_id FROM ${t}`).all() as Array<{ id: number; customer_id: number }>).map((r) => `${t} ${r.id} ${r.customer_id}`)).sort();
  assert.deepEqual(atHub, atPc, 'the hub’s rows name the same customers as the PC’s');
  const cols = ['first_name', 'last_name', 'mobile', 'email', 'city', 'area', 'merged_into'];
  for (const enc of ids) {
    const id = svc.server.deps.enc.decode('customer', enc);
    const pc = db.prepare(`SELECT ${cols.join(', ')} FROM customer WHERE id = ?`).get(id) as Record<string, unknown>;
    const hub = (await chain.hub.pool.query<{ v: Record<string, unknown> }>("SELECT row_values AS v FROM row_state WHERE tbl = 'customer' AND row_key = $1", [String(id)])).rows[0]!.v;
    assert.deepEqual(Object.fromEntries(cols.map((c) => [c, hub[c] ?? null])), pc, `customer ${id} at the hub`);
  }
}

before(async () => {
  chain = await startTwoPcs('merge', { joinedAs: 'Adajan till 1', atHeadOffice: async (ho) => branchUser(ho, 'manager.srt', 'manager', 'SRT1') });
  ({ ho: navrangpura, joined: adajan } = chain);
  await syncNow(adajan);
});

after(async () => {
  await chain?.close();
});

test('registered twice while apart, merged at one PC: both PCs show one customer with both histories and the other PC’s late edit', { timeout: 180_000 }, async () => {
  const ho = await navrangpura.as('manager');
  const srt = await adajan.as('manager.srt');
  await converge();

  // Apart: each branch registers Meena Shah with a prescription and an order.
  const register = async (svc: TestService, who: typeof ho, firstName: string, emailId: string) => {
    const { customerID } = await who.call(api.Customer.upsert, { body: { firstName, lastName: 'Shah', mobile: '9876543210', emailId } });
    const rx = await who.call(api.Customer.savePrescription, {
      body: { customerID, firstName, lastName: 'Shah', visitingDate: '2026-03-01', presripionTypeID: '1', prescriptionList: [{ lensTypeID: lensTypeId('distance', 'right'), sph: '-2.00' }] },
    });
    const sale = await makeSale(svc, who, { paid: 200, customerID });
    return { customerID, eyeInfoID: rx.eyeInfoID, order: sale.salesOrderNo };
  };
  const atHo = await register(navrangpura, ho, 'Meena', 'meena@example.in');
  const atSrt = await register(adajan, srt, 'Meenaa', 'meena.shah@example.in');
  await converge();

  // Found at head office, across the two branches.
  const { pairs } = await ho.call(api.CustomerMerge.candidates, {});
  const pair = pairs.find((p) => [p.a.customerID, p.b.customerID].sort().join() === [atHo.customerID, atSrt.customerID].sort().join());
  assert.ok(pair, 'the duplicate is found');
  assert.ok(pair.reasons.includes('mobile'));
  assert.deepEqual(new Set([pair.a.branch, pair.b.branch]).size, 2);

  // Merged at Navrangpura, keeping Adajan's e-mail. Adajan has not heard of it yet: it edits its
  // record of Meena and books another order for her.
  const merged = await ho.call(api.CustomerMerge.merge, { body: { survivorCustomerId: atHo.customerID, mergedCustomerId: atSrt.customerID, keep: { email: 'merged' } } });
  await syncNow(navrangpura);
  adajan.clock.advance(60_000);
  await srt.call(api.Customer.upsert, { body: { id: atSrt.customerID, firstName: 'Meenaa', lastName: 'Shah', city: 'Surat', area: 'Adajan' } });
  const late = await makeSale(adajan, srt, { paid: 100, customerID: atSrt.customerID });
  await converge();

  for (const [name, svc, who] of [['Navrangpura', navrangpura, ho], ['Adajan', adajan, srt]] as const) {
    // The company-wide look-up (the counter's duplicate check) finds one customer by her mobile.
    const found = await who.call(api.Customer.checkDuplicate, { body: { mobile: '9876543210' } });
    assert.deepEqual(found.map((r) => r.customerID), [atHo.customerID], `${name}: one customer`);
    const record = await who.call(api.Customer.detail, { body: { customerID: atSrt.customerID } });
    assert.equal(record.customerID, atHo.customerID, `${name}: the merged-away id opens the survivor`);
    assert.equal(record.emailId, 'meena.shah@example.in', `${name}: the chosen e-mail`);
    assert.equal(record.city, 'Surat', `${name}: Adajan's edit made before the merge arrived lands on the survivor`);
    assert.equal(record.area, 'Adajan');
    const history = await who.call(api.Customer.prescriptionList, { body: { customerID: atHo.customerID } });
    assert.deepEqual(new Set(history.map((h) => h.id)), new Set([atHo.eyeInfoID, atSrt.eyeInfoID]), `${name}: both prescriptions`);
    const survivorId = svc.server.deps.enc.decode('customer', atHo.customerID);
    const orders = svc.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE customer_id = ? ORDER BY order_no').all(survivorId) as Array<{ order_no: string }>;
    assert.deepEqual(orders.map((o) => o.order_no).sort(), [atHo.order, atSrt.order, late.salesOrderNo].sort(), `${name}: every order, the late one too`);
    const goneId = svc.server.deps.enc.decode('customer', atSrt.customerID);
    for (const t of CUSTOMER_TABLES) {
      assert.equal((svc.server.deps.db.prepare(`SELECT count(*) AS n FROM ${t} WHERE customer_id = ?`).get(goneId) as { n: number }).n, 0, `${name}: no ${t} names the merged-away record`);
    }
  }
  assert.equal(customerRows(navrangpura), customerRows(adajan), 'every row names the same customer on both PCs');
  // The hub applied the merge as the PCs did: the late order made at Adajan names the survivor there too.
  await hubAgrees(adajan, [atHo.customerID, atSrt.customerID]);
  const person = (svc: TestService) => svc.server.deps.db.prepare('SELECT first_name, last_name, mobile, email, city, area, merged_into FROM customer WHERE id IN (?, ?) ORDER BY id').all(
    svc.server.deps.enc.decode('customer', atHo.customerID),
    svc.server.deps.enc.decode('customer', atSrt.customerID),
  );
  assert.deepEqual(person(adajan), person(navrangpura));

  // The late order was booked for the merged-away record: not new work on the survivor, so the
  // merge can still be undone, and the undo gives it back to her Adajan record on both PCs.
  const listed = (await ho.call(api.CustomerMerge.list, {})).merges.find((m) => m.mergeId === merged.mergeId);
  assert.equal(listed?.undoBlocked, null);
  await ho.call(api.CustomerMerge.undo, { body: { mergeId: merged.mergeId } });
  await converge();
  for (const svc of [navrangpura, adajan]) {
    const ordersOf = (enc: string) =>
      (svc.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE customer_id = ? ORDER BY order_no').all(svc.server.deps.enc.decode('customer', enc)) as Array<{ order_no: string }>)
        .map((o) => o.order_no)
        .sort();
    assert.deepEqual(ordersOf(atHo.customerID), [atHo.order]);
    assert.deepEqual(ordersOf(atSrt.customerID), [atSrt.order, late.salesOrderNo].sort());
  }
  assert.equal(customerRows(navrangpura), customerRows(adajan));
  await hubAgrees(navrangpura, [atHo.customerID, atSrt.customerID]);
});

test('an undo made at the merging PC puts both records back on both PCs', { timeout: 120_000 }, async () => {
  const ho = await navrangpura.as('manager');
  const srt = await adajan.as('manager.srt');
  const a = await ho.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Undo', mobile: '9876500001' } });
  const b = await srt.call(api.Customer.upsert, { body: { firstName: 'Ravi', lastName: 'Undo', mobile: '9876500001' } });
  const bSale = await makeSale(adajan, srt, { paid: 100, customerID: b.customerID });
  await converge();
  const { mergeId } = await ho.call(api.CustomerMerge.merge, { body: { survivorCustomerId: a.customerID, mergedCustomerId: b.customerID } });
  await converge();
  assert.equal((await srt.call(api.Customer.detail, { body: { customerID: b.customerID } })).customerID, a.customerID);
  await ho.call(api.CustomerMerge.undo, { body: { mergeId } });
  await converge();
  for (const [svc, who] of [[navrangpura, ho], [adajan, srt]] as const) {
    assert.equal((await who.call(api.Customer.detail, { body: { customerID: b.customerID } })).customerID, b.customerID);
    const bId = svc.server.deps.enc.decode('customer', b.customerID);
    const orders = svc.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE customer_id = ?').all(bId) as Array<{ order_no: string }>;
    assert.deepEqual(orders.map((o) => o.order_no), [bSale.salesOrderNo]);
  }
  assert.equal(customerRows(navrangpura), customerRows(adajan));

  // Two people after all: Adajan says so, and the pair is proposed at neither PC; Adajan's undo
  // (only there) brings it back at both.
  const proposed = async (who: typeof ho) => (await who.call(api.CustomerMerge.candidates, {})).pairs.some((p) => [p.a.customerID, p.b.customerID].sort().join() === [a.customerID, b.customerID].sort().join());
  assert.ok(await proposed(ho));
  const { notSameId } = await srt.call(api.CustomerMerge.notSame, { body: { customerAId: a.customerID, customerBId: b.customerID } });
  await converge();
  assert.equal(await proposed(ho), false, 'Navrangpura no longer proposes the pair Adajan marked');
  assert.equal(await proposed(srt), false);
  await srt.call(api.CustomerMerge.undoNotSame, { body: { notSameId } });
  await converge();
  assert.ok(await proposed(ho), 'the undo reaches Navrangpura');
});
