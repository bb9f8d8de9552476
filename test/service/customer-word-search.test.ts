/**
 * The counter's one customer search box (searchTerm, issue 16): any part of a name, mobile or
 * phone, the "starts with" matches first in the list's order, then the "contains" ones newest first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { customers } from '../../main/service/store/customer.js';
import { failure } from '../helpers/customers.js';
import type { TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
const people: Record<string, string> = {};

before(async () => {
  let manager: SignedIn;
  ({ svc, manager, cashier } = await storeWithStaff());
  // Names no demo customer has, so the counts below are exact.
  const add = async (key: string, firstName: string, lastName: string, mobile: string, phoneNO?: string) => {
    people[key] = (await manager.call(api.Customer.upsert, { body: { firstName, lastName, mobile, ...(phoneNO ? { phoneNO } : {}) } })).customerID;
    svc.clock.advance(1000);
  };
  await add('starts', 'Quorvik', 'Mehta', '9000011122');
  await add('inside', 'Aquorvi', 'Shah', '9000022233');
  await add('last', 'Nisha', 'Quorvikar', '9000033344', '079 2656 7788');
  await add('two', 'Quorvik', 'Palanpuri', '9000044455');
});
after(() => svc.close());

const find = (searchTerm: string, extra: Record<string, unknown> = {}) =>
  cashier.call(api.Customer.list, { body: { searchTerm, ...extra } });
const ids = (r: Awaited<ReturnType<typeof find>>) => r.data.map((c) => c.customerID);

test('a word finds names starting with it first (by name), then names containing it (newest first)', async () => {
  const r = await find('quorvi');
  assert.equal(r.totalRows, 4);
  assert.equal(r.totalExact, true);
  // Starts: Quorvik Mehta, Quorvik Palanpuri (first name), Nisha Quorvikar (last name), by first then last name.
  assert.deepEqual(ids(r), [people.last, people.starts, people.two, people.inside]);
});

test('every word must match; a second word narrows to the last name', async () => {
  assert.deepEqual(ids(await find('quorvik pal')), [people.two], 'two words: first and last name prefixes');
  assert.deepEqual(ids(await find('quorvik palanpuri')), [people.two]);
  assert.deepEqual(ids(await find('orvik mehta')), [people.starts], 'inside the first name, and the last name');
  assert.equal((await find('quorvik nobodyxyz')).totalRows, 0);
});

test('digits find the start of the mobile first, then any part of the mobile or the phone', async () => {
  assert.deepEqual(ids(await find('90000111')), [people.starts]);
  assert.deepEqual(ids(await find('11122')), [people.starts], 'the end of a mobile');
  assert.deepEqual(ids(await find('+91 90000 22233')), [people.inside], 'written with the country code');
  assert.deepEqual(ids(await find('2656 77')), [people.last], 'part of the landline');
});

test('paging runs on from the "starts with" part into the "contains" part', async () => {
  const all = ids(await find('quorvi'));
  const pages = [];
  for (let row = 1; row <= 4; row++) pages.push(...ids(await find('quorvi', { fromPage: row, toPage: row })));
  assert.deepEqual(pages, all, 'one row per page');
  assert.deepEqual(ids(await find('quorvi', { fromPage: 3, toPage: 4 })), all.slice(2), 'a page across both parts');
  assert.deepEqual(ids(await find('quorvi', { fromPage: 4, toPage: 5 })), all.slice(3), 'a page past the "starts with" part');
});

test('short words match as "starts with" only; the other filters still apply', async () => {
  assert.deepEqual(ids(await find('qu me')), [people.starts], 'two short words: first and last name prefixes');
  assert.equal((await find('rvi')).data.some((c) => c.customerID === people.inside), true, 'three letters inside');
  assert.equal((await find('rv')).data.some((c) => c.customerID === people.inside), false, 'two letters: starts with only');
  assert.equal((await find('quorvi', { isActive: 'false' })).totalRows, 0);
});

test('an edit is found by its new name at once', async () => {
  const manager = await svc.as('manager');
  await manager.call(api.Customer.upsert, { body: { id: people.inside, firstName: 'Zelphira', lastName: 'Shah' } });
  assert.equal(ids(await find('quorvi')).includes(people.inside!), false);
  assert.deepEqual(ids(await find('elphir')), [people.inside]);
  await failure(cashier.call(api.Customer.list, { body: { searchTerm: 'x'.repeat(500) } }), 400);
});

test('the "contains" part walks the trigram index, not the customer table', () => {
  const db = svc.server.deps.db;
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN SELECT c.id FROM customer_search f JOIN customer c ON c.id = f.rowid
              WHERE customer_search MATCH '"quorvi"' AND c.company_id = 1 ORDER BY f.rowid DESC LIMIT 10`)
    .all()
    .map((r) => (r as { detail: string }).detail)
    .join(' | ');
  assert.match(plan, /VIRTUAL TABLE INDEX/, plan);
  assert.doesNotMatch(plan, /TEMP B-TREE/, `no sort of all matches: ${plan}`);
  assert.ok(customers(db));
});
