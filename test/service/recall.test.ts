/**
 * The recall list (issue 16): customers of the branch due for their eye check-up in a date range,
 * with last visit, last Rx and phone; each call (contacted / booked / not interested, a note)
 * recorded at the recall's own branch and journaled; keyset pages; roles; words for bad input.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { lensTypeId } from '../../shared/domain/rx.js';
import type { RecallListItem } from '../../shared/models/recall.js';
import { failure, freshMobile, freshName } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import type { TestService } from '../helpers/service.js';

let svc: TestService;
let optometrist: SignedIn;
let manager: SignedIn;
let cashier: SignedIn;
before(async () => {
  ({ svc, optometrist, manager, cashier } = await storeWithStaff());
});
after(() => svc.close());

const DR = lensTypeId('distance', 'right');
const DL = lensTypeId('distance', 'left');

/** A customer examined today whose next check-up is `recall` (a range no demo row reaches). */
async function examined(recall: string, last = freshName('Recall')) {
  const mobile = freshMobile();
  const saved = await optometrist.call(api.Customer.savePrescription, {
    body: {
      firstName: 'Asha', lastName: last, mobile, eyeCheckupRecallDate: recall,
      prescriptionList: [
        { lensTypeID: DR, sph: '-1.50', cyl: '-0.75', axis: '90' },
        { lensTypeID: DL, sph: '-1.25' },
      ],
    },
  });
  return { ...saved, last, mobile };
}

const list = (body: { from: string; to: string; status?: 'open' | 'all'; after?: string | null; pageSize?: number }, who: SignedIn = optometrist) =>
  who.call(api.Customer.recallList, { body });

test('a saved examination puts its customer on the recall list with last visit, last Rx and phone', async () => {
  const one = await examined('2031-03-10');
  const { rows, nextPage } = await list({ from: '2031-03-01', to: '2031-03-31' });
  const row = rows.find((r) => r.customerID === one.customerID);
  assert.ok(row, 'listed');
  assert.equal(row.customerName, `Asha ${one.last}`);
  assert.equal(row.recallDate, '2031-03-10');
  assert.equal(row.lastVisit, svc.clock.now.toISOString().slice(0, 10));
  assert.equal(row.lastRx, 'R -1.50 / -0.75 × 90, L -1.25');
  assert.equal(row.lastRxID, one.eyeInfoID);
  // The phone follows the company's masking rule, as everywhere: whoever sees full numbers gets one to call.
  assert.ok(row.mobile?.endsWith(one.mobile.slice(-2)), `the phone: ${row.mobile}`);
  const full = (await list({ from: '2031-03-01', to: '2031-03-31' }, manager)).rows.find((r) => r.customerID === one.customerID);
  assert.equal(full?.mobile, one.mobile);
  assert.equal(row.outcome, null);
  assert.equal(nextPage, null);
  // Outside the range: not listed.
  assert.ok(!(await list({ from: '2031-04-01', to: '2031-04-30' })).rows.some((r) => r.customerID === one.customerID));
});

test('marking contacted / booked / not interested is kept with its note and journaled; open leaves marked ones out', async () => {
  const one = await examined('2031-05-12');
  const find = async (status: 'open' | 'all') => (await list({ from: '2031-05-01', to: '2031-05-31', status })).rows.find((r) => r.customerID === one.customerID);
  const row = (await find('open'))!;
  const { db, enc } = svc.server.deps;
  const seq = (db.prepare('SELECT coalesce(max(seq), 0) AS s FROM journal').get() as { s: number }).s;
  const marked = await optometrist.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'contacted', note: 'Will call back after Diwali' } });
  assert.equal(marked.outcome, 'contacted');
  assert.equal(marked.markedBy, 'optometrist');
  assert.equal(await find('open'), undefined, 'a marked recall leaves the open list');
  const seen = (await find('all'))!;
  assert.deepEqual([seen.outcome, seen.outcomeNote, seen.markedBy], ['contacted', 'Will call back after Diwali', 'optometrist']);

  await manager.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'booked' } });
  assert.deepEqual([(await find('all'))!.outcome, (await find('all'))!.outcomeNote], ['booked', null], 'the latest call shows');

  const entries = db.prepare("SELECT tbl, op, user_id, new_values FROM journal WHERE seq > ? AND tbl IN ('recall_contact', 'eye_checkup_recall') ORDER BY seq").all(seq) as Array<{ tbl: string; op: string; user_id: number; new_values: string }>;
  const calls = entries.filter((e) => e.tbl === 'recall_contact');
  assert.equal(calls.length, 2, 'each call is a journaled row');
  assert.match(calls[0]!.new_values, /"outcome":"contacted"/);
  assert.match(calls[0]!.new_values, /Diwali/);
  assert.match(calls[1]!.new_values, /"outcome":"booked"/);
  assert.ok(entries.some((e) => e.tbl === 'eye_checkup_recall' && e.op === 'update' && /notified_at/.test(e.new_values)), 'the recall counts as notified');
  const recallId = enc.decode('recall', row.recallID);
  assert.equal((db.prepare('SELECT count(*) AS n FROM recall_contact WHERE recall_id = ?').get(recallId) as { n: number }).n, 2);
});

test('not interested, and bad marks refused in words with nothing written', async () => {
  const one = await examined('2031-06-03');
  const row = (await list({ from: '2031-06-01', to: '2031-06-30' })).rows.find((r) => r.customerID === one.customerID)!;
  const { db } = svc.server.deps;
  const count = () => (db.prepare('SELECT count(*) AS n FROM recall_contact').get() as { n: number }).n;
  const before = count();
  const bad = await failure(optometrist.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'maybe' } }), 400);
  assert.deepEqual(bad.body.errors?.outcome, ['One of contacted, booked, notInterested']);
  const long = await failure(optometrist.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'booked', note: 'x'.repeat(501) } }), 400);
  assert.deepEqual(long.body.errors?.note, ['At most 500 characters']);
  await failure(optometrist.call(api.Customer.recallMark, { body: { recallID: 'ENC_nonsense', outcome: 'booked' } }), 400);
  assert.equal(count(), before, 'nothing written');
  const done = await optometrist.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'notInterested', note: 'Moved to Pune' } });
  assert.equal(done.outcome, 'notInterested');
});

test('dates are checked in words; the cashier has no recall list', async () => {
  const missing = await failure(list({ from: '', to: '2031-01-01' }), 400);
  assert.ok(missing.body.errors?.from);
  const backwards = await failure(list({ from: '2031-02-01', to: '2031-01-01' }), 400);
  assert.deepEqual(backwards.body.errors?.to, ['The end of the range cannot come before its start']);
  const wide = await failure(list({ from: '2031-01-01', to: '2033-01-01' }), 400);
  assert.deepEqual(wide.body.errors?.to, ['At most a year after the start']);
  await failure(list({ from: '2031-01-01', to: '2031-01-31' }, cashier), 403);
});

test('keyset pages walk the range in date order without repeats; a newer recall replaces the older one', async () => {
  const made: Awaited<ReturnType<typeof examined>>[] = [];
  for (const day of ['2031-08-05', '2031-08-01', '2031-08-20', '2031-08-05', '2031-08-11']) made.push(await examined(day));
  const seen: RecallListItem[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page = await list({ from: '2031-08-01', to: '2031-08-31', pageSize: 2, after });
    seen.push(...page.rows);
    after = page.nextPage ?? null;
    pages += 1;
  } while (after && pages < 10);
  const mine = seen.filter((r) => made.some((m) => m.customerID === r.customerID));
  assert.equal(mine.length, 5);
  assert.equal(new Set(seen.map((r) => r.recallID)).size, seen.length, 'no row twice');
  const dates = seen.map((r) => r.recallDate);
  assert.deepEqual(dates, [...dates].sort(), 'soonest first');

  // The customer comes back and is examined again: the old recall is no longer due, the new one is.
  const again = await optometrist.call(api.Customer.savePrescription, {
    body: { customerID: made[0]!.customerID, eyeCheckupRecallDate: '2031-09-15', prescriptionList: [{ lensTypeID: DR, sph: '-1.75' }] },
  });
  assert.ok(again.eyeInfoID);
  assert.ok(!(await list({ from: '2031-08-01', to: '2031-08-31' })).rows.some((r) => r.customerID === made[0]!.customerID));
  const newer = (await list({ from: '2031-09-01', to: '2031-09-30' })).rows.find((r) => r.customerID === made[0]!.customerID);
  assert.equal(newer?.lastRx, 'R -1.75');
});

test('a recall of another branch is listed there only, and marked there only (403 naming the branch)', async () => {
  const one = await examined('2031-10-07');
  const { db, enc } = svc.server.deps;
  const row = (await list({ from: '2031-10-01', to: '2031-10-31' })).rows.find((r) => r.customerID === one.customerID)!;
  const recallId = enc.decode('recall', row.recallID);
  const other = db.prepare('SELECT b.id, b.name FROM branch b WHERE b.id <> (SELECT branch_id FROM eye_checkup_recall WHERE id = ?) ORDER BY b.id LIMIT 1').get(recallId) as { id: number; name: string };
  const home = (db.prepare('SELECT b.name FROM branch b JOIN eye_checkup_recall r ON r.branch_id = b.id WHERE r.id = ?').get(recallId) as { name: string }).name;
  db.prepare('UPDATE eye_checkup_recall SET branch_id = ? WHERE id = ?').run(other.id, recallId);
  try {
    assert.ok(!(await list({ from: '2031-10-01', to: '2031-10-31' })).rows.some((r) => r.recallID === row.recallID), 'not on this branch’s list');
    const refused = await failure(optometrist.call(api.Customer.recallMark, { body: { recallID: row.recallID, outcome: 'contacted' } }), 403);
    assert.equal(refused.body.code, 'OTHER_BRANCH');
    assert.match(String(refused.body.message), new RegExp(`belongs to ${other.name}`));
    assert.equal((db.prepare('SELECT count(*) AS n FROM recall_contact WHERE recall_id = ?').get(recallId) as { n: number }).n, 0);
  } finally {
    db.prepare('UPDATE eye_checkup_recall SET branch_id = (SELECT id FROM branch WHERE name = ?) WHERE id = ?').run(home, recallId);
  }
});

test('the list reads the recall index, not the whole table', () => {
  const { db } = svc.server.deps;
  const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT r.id FROM eye_checkup_recall r INDEXED BY eye_checkup_recall_list
    WHERE r.branch_id = 1 AND r.recall_date BETWEEN '2031-01-01' AND '2031-02-01' ORDER BY r.recall_date, r.id`).all() as Array<{ detail: string }>).map((p) => p.detail).join('\n');
  assert.match(plan, /INDEX eye_checkup_recall_list/);
  assert.doesNotMatch(plan, /TEMP B-TREE/);
});
