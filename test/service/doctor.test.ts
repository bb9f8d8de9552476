import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { failure, freshName, otherCompany } from '../helpers/customers.js';
import { type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let manager: SignedIn;
before(async () => {
  ({ svc, manager } = await storeWithStaff());
});
after(() => svc.close());

test('save-doctor creates and updates; get-doctor answers the save model', async () => {
  const [india] = await manager.call(api.Common.countries, {});
  const gujarat = (await manager.call(api.Common.states, { params: { countryId: india!.countryID } })).find((s) => s.stateName === 'Gujarat')!;
  const created = await manager.call(api.Customer.saveDoctor, {
    body: { name: ' Dr. Hetal Vora ', mobile: '079-2640 1234', email: 'hetal@example.in', city: 'Ahmedabad', stateID: gujarat.stateID, countryID: india!.countryID },
  });
  const doctor = await manager.call(api.Customer.getDoctor, { params: { id: created.doctorID } });
  assert.deepEqual(doctor, {
    id: created.doctorID, name: 'Dr. Hetal Vora', mobile: '079-2640 1234', email: 'hetal@example.in', address: null, city: 'Ahmedabad',
    stateID: gujarat.stateID, countryID: india!.countryID, zipCode: null, remarks: null, isActive: true,
  });
  const updated = await manager.call(api.Customer.saveDoctor, { body: { id: created.doctorID, name: 'Dr. Hetal Vora', isActive: false } });
  assert.equal(updated.doctorID, created.doctorID);
  const again = await manager.call(api.Customer.getDoctor, { params: { id: created.doctorID } });
  assert.equal(again.isActive, false);
  assert.equal(again.city, null, 'the save model is the whole doctor');
});

test('save-doctor refuses a missing name, bad e-mail and phone; cashiers may not edit doctors', async () => {
  const e1 = await failure(manager.call(api.Customer.saveDoctor, { body: { name: '  ' } }), 400);
  assert.ok(e1.fieldErrors('name').length > 0);
  const e2 = await failure(manager.call(api.Customer.saveDoctor, { body: { name: 'Dr. X', email: 'x@', mobile: 'call me' } }), 400);
  assert.ok(e2.fieldErrors('email').length > 0);
  assert.ok(e2.fieldErrors('mobile').length > 0);
  const cashier = await svc.as('cashier');
  await failure(cashier.call(api.Customer.saveDoctor, { body: { name: 'Dr. Cashier' } }), 403);
  assert.ok((await cashier.call(api.Customer.doctorList, { body: {} })).length > 0, 'but may list them');
});

test('doctor lists: name prefix, active filter, paging, ordering; another company is invisible', async () => {
  const family = freshName('Doshi');
  for (const [first, active] of [['Amit', true], ['Bela', false], ['Chetan', true]] as const) {
    await manager.call(api.Customer.saveDoctor, { body: { name: `${family} ${first}`, isActive: active } });
  }
  const all = await manager.call(api.Customer.doctorList, { body: { firstName: family.toLowerCase() } });
  assert.deepEqual(all.map((d) => d.doctorName.split(' ')[1]), ['Amit', 'Bela', 'Chetan']);
  assert.deepEqual(all.map((d) => d.isActive), ['true', 'false', 'true']);
  const active = await manager.call(api.Customer.doctorList, { body: { firstName: family, isActive: 'true' } });
  assert.equal(active.length, 2);
  const page = await manager.call(api.Customer.doctorListPage, { body: { firstName: family, fromPage: 2, toPage: 3, orderBy: 'name desc' } });
  assert.equal(page.totalRows, 3);
  assert.deepEqual(page.data.map((d) => d.doctorName.split(' ')[1]), ['Bela', 'Amit']);
  await failure(manager.call(api.Customer.doctorListPage, { body: { orderBy: 'remarks' } }), 400);

  const other = otherCompany(svc);
  const theirs = svc.server.deps.enc.encode('doctor', other.doctorId);
  await failure(manager.call(api.Customer.getDoctor, { params: { id: theirs } }), 404);
  await failure(manager.call(api.Customer.saveDoctor, { body: { id: theirs, name: 'Dr. Mine Now' } }), 404);
  assert.equal((await manager.call(api.Customer.doctorList, { body: { firstName: 'Dr. Elsewhere' } })).length, 0);
  const e = await failure(manager.call(api.Customer.getDoctor, { params: { id: 'ENC_AAAAAAAAAAAAAAAAAAAAAA' } }), 400);
  assert.ok(e.fieldErrors('id').length > 0);
});
