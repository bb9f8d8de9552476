/**
 * One record per person (customer/merge.ts) over HTTP: likely duplicates across branches, a
 * merge that moves every order and prescription and whose old id opens the survivor, refusals that
 * write nothing, and an undo while nothing new was written to the survivor.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import { CUSTOMER_TABLES } from '../../main/service/store/customer-merge.js';
import { nameWord, sameFirstName } from '../../main/service/customer/duplicates.js';
import { failure, freshMobile, freshName, otherCompany } from '../helpers/customers.js';
import { branchUser, mumbaiBranch } from '../helpers/branches.js';
import type { TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let manager: SignedIn;
let cashier: SignedIn;
let optometrist: SignedIn;
let mumbai: SignedIn;
before(async () => {
  ({ svc, manager, cashier, optometrist } = await storeWithStaff());
  mumbaiBranch(svc);
  branchUser(svc, 'mumbai.manager', 'manager', 'MUM1');
  mumbai = await svc.as('mumbai.manager');
});
after(() => svc.close());

const db = () => svc.server.deps.db;
const rowId = (enc: string) => svc.server.deps.enc.decode('customer', enc);
const count = (sql: string, ...args: unknown[]) => (db().prepare(sql).get(...args) as { n: number }).n;

/** A customer registered at the caller's branch, with one order and one prescription. */
async function personWithHistory(who: SignedIn, firstName: string, lastName: string, mobile: string, birthDate?: string) {
  const { customerID } = await who.call(api.Customer.upsert, { body: { firstName, lastName, mobile, birthDate, emailId: `${firstName.toLowerCase()}@${lastName.toLowerCase()}.in` } });
  await makeSale(svc, who, { paid: 100, customerID });
  const rx = await who.call(api.Customer.savePrescription, {
    body: { customerID, firstName, lastName, visitingDate: '2026-01-10', presripionTypeID: '1', prescriptionList: [{ lensTypeID: lensTypeId('distance', 'right'), sph: '-1.25' }] },
  });
  return { customerID, eyeInfoID: rx.eyeInfoID };
}

test('every table with a customer_id column is one a merge moves', () => {
  const tables = (db().prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>)
    .map((t) => t.name)
    .filter((t) => (db().prepare('SELECT count(*) AS n FROM pragma_table_info(?) WHERE name = ?').get(t, 'customer_id') as { n: number }).n > 0);
  assert.deepEqual([...tables].sort(), [...CUSTOMER_TABLES, 'cart'].sort(), 'a new table naming a customer must be one a merge moves');
});

test('names compare as spelling varies: case, spaces, doubled letters, ee/i, initials', () => {
  assert.equal(nameWord('  MEENAA '), nameWord('meena'));
  assert.equal(nameWord('Shaah'), nameWord('Shah'));
  assert.equal(nameWord('Deepak'), nameWord('Dipak'));
  assert.equal(nameWord('Mehtah'), nameWord('mehta'));
  assert.notEqual(nameWord('Shah'), nameWord('Shaw'));
  assert.ok(sameFirstName('M.', 'Meena'));
  assert.ok(sameFirstName('Meena', 'm'));
  assert.ok(!sameFirstName('Meena', 'Mohan'));
  assert.ok(!sameFirstName('', 'Meena'));
});

test('likely duplicates across branches: same mobile, same name and birth date, a similar name; different birth dates are not', async () => {
  const last = freshName('Shah');
  const mobile = freshMobile();
  const adajan = await manager.call(api.Customer.upsert, { body: { firstName: 'Meena', lastName: last, mobile } });
  const andheri = await mumbai.call(api.Customer.upsert, { body: { firstName: 'MEENAA', lastName: ` ${last} `, mobile } });
  const patel = freshName('Patel');
  const raj1 = await manager.call(api.Customer.upsert, { body: { firstName: 'Raj', lastName: patel, birthDate: '1980-04-01', mobile: freshMobile() } });
  const raj2 = await mumbai.call(api.Customer.upsert, { body: { firstName: 'Raj', lastName: patel, birthDate: '1980-04-01', mobile: freshMobile() } });
  const joshi = freshName('Joshi');
  const k1 = await manager.call(api.Customer.upsert, { body: { firstName: 'K.', lastName: joshi } });
  const k2 = await mumbai.call(api.Customer.upsert, { body: { firstName: 'Kiran', lastName: joshi } });
  const desai = freshName('Desai');
  await manager.call(api.Customer.upsert, { body: { firstName: 'Asha', lastName: desai, birthDate: '1990-01-01' } });
  await mumbai.call(api.Customer.upsert, { body: { firstName: 'Asha', lastName: desai, birthDate: '1991-01-01' } });

  const { pairs } = await manager.call(api.CustomerMerge.candidates, {});
  const find = (x: string, y: string) => pairs.find((p) => new Set([p.a.customerID, p.b.customerID]).has(x) && new Set([p.a.customerID, p.b.customerID]).has(y));
  const meena = find(adajan.customerID, andheri.customerID);
  assert.ok(meena, 'the same mobile, written two ways');
  assert.deepEqual(meena.reasons.sort(), ['mobile', 'similar_name']);
  assert.deepEqual(new Set([meena.a.branch, meena.b.branch]).size, 2, 'found across branches, each side naming its branch');
  assert.deepEqual(find(raj1.customerID, raj2.customerID)?.reasons.sort(), ['name_birth_date', 'similar_name']);
  assert.deepEqual(find(k1.customerID, k2.customerID)?.reasons, ['similar_name']);
  assert.equal(pairs.filter((p) => p.a.fields.name?.endsWith(desai)).length, 0, 'two birth dates are two people');
  await failure(cashier.call(api.CustomerMerge.candidates, {}), 403);
});

test('a merge moves every order and prescription to the survivor, with the chosen fields; the old id opens the survivor', async () => {
  const last = freshName('Mehta');
  const mobile = freshMobile();
  const kept = await personWithHistory(manager, 'Nisha', last, mobile, '1985-06-01');
  const gone = await personWithHistory(mumbai, 'Nisha', last, freshMobile(), '1985-06-01');
  const seqBefore = count('SELECT max(seq) AS n FROM journal');
  const keptId = rowId(kept.customerID);
  const goneId = rowId(gone.customerID);

  const res = await manager.call(api.CustomerMerge.merge, {
    body: { survivorCustomerId: kept.customerID, mergedCustomerId: gone.customerID, keep: { mobile: 'merged', email: 'merged', name: 'survivor' } },
  });
  assert.equal(res.survivorCustomerId, kept.customerID);
  assert.ok(res.moved >= 3, `the order, its receipt and the prescription moved (${res.moved})`);
  for (const t of CUSTOMER_TABLES) assert.equal(count(`SELECT count(*) AS n FROM ${t} WHERE customer_id = ?`, goneId), 0, `${t} keeps nothing of the merged-away record`);
  assert.equal(count('SELECT count(*) AS n FROM sales_order WHERE customer_id = ?', keptId), 2, 'both orders are the survivor’s');

  const record = await manager.call(api.Customer.detail, { body: { customerID: kept.customerID } });
  assert.equal(record.emailId, 'nisha@' + last.toLowerCase() + '.in');
  assert.notEqual(record.mobile, mobile, 'the merged-away record’s mobile was chosen');
  const viaOldId = await manager.call(api.Customer.detail, { body: { customerID: gone.customerID } });
  assert.equal(viaOldId.customerID, kept.customerID, 'the old ENC id opens the survivor');
  const history = await manager.call(api.Customer.prescriptionList, { body: { customerID: kept.customerID } });
  assert.deepEqual(new Set(history.map((h) => h.id)), new Set([kept.eyeInfoID, gone.eyeInfoID]));
  const listed = await manager.call(api.Customer.list, { body: { lastName: last, fromPage: 1, toPage: 10 } });
  assert.deepEqual(listed.data.map((r) => r.customerID), [kept.customerID], 'one customer in the list');
  const warned = await cashier.call(api.Customer.checkDuplicate, { body: { firstName: 'Nisha', lastName: last, birthDate: '1985-06-01' } });
  assert.deepEqual(warned.map((w) => w.customerID), [kept.customerID], 'the counter’s warning names the survivor only');
  const { pairs } = await manager.call(api.CustomerMerge.candidates, {});
  assert.ok(!pairs.some((p) => p.a.customerID === gone.customerID || p.b.customerID === gone.customerID), 'no longer a candidate');

  // One operation travels: the survivor's chosen fields and the merge row, never the re-pointed rows.
  const journaled = db().prepare('SELECT tbl, op FROM journal WHERE seq > ? ORDER BY seq').all(seqBefore) as Array<{ tbl: string; op: string }>;
  assert.deepEqual(journaled, [{ tbl: 'customer', op: 'update' }, { tbl: 'customer_merge', op: 'insert' }]);
  // A sale or a prescription made with the old id (a cart or a screen opened before the merge) is the survivor's.
  const stale = await makeSale(svc, cashier, { paid: 10, customerID: gone.customerID });
  assert.equal(stale.customerRowId, keptId);
  const staleRx = await optometrist.call(api.Customer.savePrescription, {
    body: { customerID: gone.customerID, firstName: 'Nisha', lastName: last, visitingDate: '2026-01-11', presripionTypeID: '1', prescriptionList: [{ lensTypeID: lensTypeId('distance', 'left'), sph: '-1.00' }] },
  });
  assert.equal(staleRx.customerID, kept.customerID);
  assert.equal(count('SELECT count(*) AS n FROM customer_eye_info WHERE customer_id = ?', goneId), 0);
  // An edit through the old id edits the survivor.
  await manager.call(api.Customer.upsert, { body: { id: gone.customerID, firstName: 'Nisha', lastName: last, city: 'Surat' } });
  assert.equal((await manager.call(api.Customer.detail, { body: { customerID: kept.customerID } })).city, 'Surat');
});

test('bad input: into itself, a customer of another company, a merged-away record, a cashier — each refused naming the field, nothing written', async () => {
  const a = await manager.call(api.Customer.upsert, { body: { firstName: 'Self', lastName: freshName('Merge') } });
  const other = otherCompany(svc);
  const seq = count('SELECT max(seq) AS n FROM journal');
  const merges = count('SELECT count(*) AS n FROM customer_merge');
  const self = await failure(manager.call(api.CustomerMerge.merge, { body: { survivorCustomerId: a.customerID, mergedCustomerId: a.customerID } }), 400);
  assert.match(self.message, /itself/);
  assert.ok((self.body as { errors?: Record<string, unknown> }).errors?.mergedCustomerId);
  const foreign = await failure(
    manager.call(api.CustomerMerge.merge, { body: { survivorCustomerId: a.customerID, mergedCustomerId: svc.server.deps.enc.encode('customer', other.customerId) } }),
    400,
  );
  assert.match(foreign.message, /not a customer of your company/);
  assert.ok((foreign.body as { errors?: Record<string, unknown> }).errors?.mergedCustomerId);
  const notAnId = await failure(manager.call(api.CustomerMerge.merge, { body: { survivorCustomerId: 'nonsense', mergedCustomerId: a.customerID } }), 400);
  assert.ok((notAnId.body as { errors?: Record<string, unknown> }).errors?.survivorCustomerId);
  await failure(cashier.call(api.CustomerMerge.merge, { body: { survivorCustomerId: a.customerID, mergedCustomerId: a.customerID } }), 403);
  assert.equal(count('SELECT max(seq) AS n FROM journal'), seq, 'nothing journaled');
  assert.equal(count('SELECT count(*) AS n FROM customer_merge'), merges);
});

test('an undo puts both records back while nothing new was written to the survivor', async () => {
  const last = freshName('Iyer');
  const kept = await personWithHistory(manager, 'Anil', last, freshMobile());
  const gone = await personWithHistory(manager, 'Anil', last, freshMobile());
  const keptBefore = await manager.call(api.Customer.detail, { body: { customerID: kept.customerID } });
  const { mergeId } = await manager.call(api.CustomerMerge.merge, {
    body: { survivorCustomerId: kept.customerID, mergedCustomerId: gone.customerID, keep: { email: 'merged', mobile: 'merged' } },
  });
  const listed = (await manager.call(api.CustomerMerge.list, {})).merges.find((m) => m.mergeId === mergeId);
  assert.equal(listed?.undoBlocked, null, 'undoable: the survivor’s own older order does not count as new');
  await failure(optometrist.call(api.CustomerMerge.undo, { body: { mergeId } }), 403);
  const other = await failure(mumbai.call(api.CustomerMerge.undo, { body: { mergeId } }), 403);
  assert.equal(other.body.code, 'OTHER_BRANCH');

  const undone = await manager.call(api.CustomerMerge.undo, { body: { mergeId } });
  assert.ok(undone.movedBack >= 3);
  assert.equal(count('SELECT count(*) AS n FROM sales_order WHERE customer_id = ?', rowId(gone.customerID)), 1, 'its order is its own again');
  assert.equal(count('SELECT count(*) AS n FROM customer_eye_info WHERE customer_id = ?', rowId(gone.customerID)), 1);
  const back = await manager.call(api.Customer.detail, { body: { customerID: gone.customerID } });
  assert.equal(back.customerID, gone.customerID, 'its own id opens itself again');
  const keptAfter = await manager.call(api.Customer.detail, { body: { customerID: kept.customerID } });
  assert.equal(keptAfter.emailId, keptBefore.emailId, 'the survivor’s own e-mail is back');
  assert.equal(keptAfter.mobile, keptBefore.mobile);
  const again = await failure(manager.call(api.CustomerMerge.undo, { body: { mergeId } }), 409);
  assert.equal(again.body.code, 'MERGE_UNDONE');
});

test('"nothing new": a sale or a prescription for the survivor after the merge, or an edit of its details, stops the undo', async () => {
  const tryUndo = async (after: (survivorId: string) => Promise<unknown>) => {
    const last = freshName('Nair');
    const kept = await manager.call(api.Customer.upsert, { body: { firstName: 'Lata', lastName: last } });
    const gone = await manager.call(api.Customer.upsert, { body: { firstName: 'Lata', lastName: last } });
    const { mergeId } = await manager.call(api.CustomerMerge.merge, { body: { survivorCustomerId: kept.customerID, mergedCustomerId: gone.customerID } });
    svc.clock.advance(60_000);
    await after(kept.customerID);
    const refused = await failure(manager.call(api.CustomerMerge.undo, { body: { mergeId } }), 409);
    assert.equal(refused.body.code, 'MERGE_HAS_NEW_WORK');
    const listed = (await manager.call(api.CustomerMerge.list, {})).merges.find((m) => m.mergeId === mergeId);
    assert.match(listed?.undoBlocked ?? '', /new work since the merge/);
    return refused.message;
  };
  assert.match(await tryUndo((customerID) => makeSale(svc, cashier, { paid: 50, customerID })), /1 orders.*1 receipts/);
  assert.match(
    await tryUndo((customerID) =>
      optometrist.call(api.Customer.savePrescription, {
        body: { customerID, firstName: 'Lata', lastName: 'x', visitingDate: '2026-02-01', presripionTypeID: '1', prescriptionList: [{ lensTypeID: lensTypeId('distance', 'left'), sph: '-0.5' }] },
      }),
    ),
    /prescriptions/,
  );
  assert.match(await tryUndo((customerID) => manager.call(api.Customer.upsert, { body: { id: customerID, firstName: 'Lata', lastName: 'Nair', city: 'Kochi' } })), /an edit of the details/);
});

test('"not the same person": the pair is no longer proposed at either branch, journaled; refused twice, undone only where it was said', async () => {
  const last = freshName('Mehta');
  const mobile = freshMobile();
  const mother = await manager.call(api.Customer.upsert, { body: { firstName: 'Nisha', lastName: last, mobile } });
  const daughter = await mumbai.call(api.Customer.upsert, { body: { firstName: 'Nishaa', lastName: last, mobile } });
  const listed = async (who: SignedIn) =>
    (await who.call(api.CustomerMerge.candidates, {})).pairs.some((p) => new Set([p.a.customerID, p.b.customerID, mother.customerID, daughter.customerID]).size === 2);
  assert.ok(await listed(manager), 'proposed: the same mobile, a similar name');

  const seq = count('SELECT max(seq) AS n FROM journal');
  const { notSameId } = await manager.call(api.CustomerMerge.notSame, { body: { customerAId: daughter.customerID, customerBId: mother.customerID } });
  assert.equal(await listed(manager), false, 'not proposed again here');
  assert.equal(await listed(mumbai), false, 'nor at the other branch');
  const journaled = db().prepare("SELECT op, new_values FROM journal WHERE seq > ? AND tbl = 'customer_distinct'").all(seq) as Array<{ op: string; new_values: string }>;
  assert.equal(journaled.length, 1, 'one journaled change travels');
  assert.deepEqual([JSON.parse(journaled[0]!.new_values).customer_a_id, JSON.parse(journaled[0]!.new_values).customer_b_id], [rowId(mother.customerID), rowId(daughter.customerID)].sort((x, y) => x - y));
  // Both records stay as they were: nothing merged.
  assert.equal((await manager.call(api.Customer.detail, { body: { customerID: daughter.customerID } })).customerID, daughter.customerID);

  const marks = () => count('SELECT count(*) AS n FROM customer_distinct');
  const before = marks();
  const again = await failure(mumbai.call(api.CustomerMerge.notSame, { body: { customerAId: mother.customerID, customerBId: daughter.customerID } }), 409);
  assert.match(again.message, /different people already/);
  assert.equal(again.body.code, 'ALREADY_NOT_SAME');
  const self = await failure(manager.call(api.CustomerMerge.notSame, { body: { customerAId: mother.customerID, customerBId: mother.customerID } }), 400);
  assert.ok((self.body as { errors?: Record<string, unknown> }).errors?.customerBId);
  const foreign = await failure(manager.call(api.CustomerMerge.notSame, { body: { customerAId: mother.customerID, customerBId: svc.server.deps.enc.encode('customer', otherCompany(svc).customerId) } }), 400);
  assert.ok((foreign.body as { errors?: Record<string, unknown> }).errors?.customerBId);
  await failure(cashier.call(api.CustomerMerge.notSame, { body: { customerAId: mother.customerID, customerBId: daughter.customerID } }), 403);
  assert.equal(marks(), before, 'nothing written by a refusal');

  // Listed with who and where; the other branch may not undo it.
  const mark = (await mumbai.call(api.CustomerMerge.notSameList, {})).marks.find((m) => m.notSameId === notSameId);
  assert.ok(mark);
  assert.deepEqual([mark.by, mark.undoneAt], ['manager', null]);
  assert.match(mark.undoBlocked ?? '', /can be undone only there/);
  const elsewhere = await failure(mumbai.call(api.CustomerMerge.undoNotSame, { body: { notSameId } }), 403);
  assert.equal(elsewhere.body.code, 'OTHER_BRANCH');
  assert.equal(await listed(manager), false);

  // Undone where it was said: proposed again at both branches; a second undo is refused.
  await manager.call(api.CustomerMerge.undoNotSame, { body: { notSameId } });
  assert.ok(await listed(manager));
  assert.ok(await listed(mumbai));
  assert.equal((await failure(manager.call(api.CustomerMerge.undoNotSame, { body: { notSameId } }), 409)).body.code, 'NOT_SAME_UNDONE');
  assert.ok((await manager.call(api.CustomerMerge.notSameList, {})).marks.find((m) => m.notSameId === notSameId)?.undoneAt);
});

test('the counter’s warning: who of the company may be the person about to be created, with their branch', async () => {
  const last = freshName('Kapadia');
  const mobile = freshMobile();
  const atMumbai = await mumbai.call(api.Customer.upsert, { body: { firstName: 'Meena', lastName: last, mobile, birthDate: '1979-09-09' } });
  const bySameMobile = await cashier.call(api.CustomerMerge.likelySame, { body: { firstName: 'Rita', lastName: 'Somebody', mobile } });
  assert.deepEqual(bySameMobile.matches.map((m) => [m.customerID, m.branch, m.reasons]), [[atMumbai.customerID, 'Andheri', ['mobile']]]);
  const bySpelling = await cashier.call(api.CustomerMerge.likelySame, { body: { firstName: 'meenaa', lastName: ` ${last.toUpperCase()}` } });
  assert.deepEqual(bySpelling.matches.map((m) => [m.name, m.reasons]), [[`Meena ${last}`, ['similar_name']]]);
  const twoPeople = await cashier.call(api.CustomerMerge.likelySame, { body: { firstName: 'Meena', lastName: last, birthDate: '1980-01-01' } });
  assert.deepEqual(twoPeople.matches, [], 'another birth date is another person');
  const exact = await cashier.call(api.CustomerMerge.likelySame, { body: { firstName: 'Meena', lastName: last, birthDate: '1979-09-09' } });
  assert.deepEqual(exact.matches[0]?.reasons, ['name_birth_date', 'similar_name']);
  const bad = await failure(cashier.call(api.CustomerMerge.likelySame, { body: { firstName: 'A', lastName: 'B', birthDate: '31-31-2020' } }), 400);
  assert.ok((bad.body as { errors?: Record<string, unknown> }).errors?.birthDate);
});
