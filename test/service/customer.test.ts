import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { z } from 'zod';
import type { Client } from '../../shared/client.js';
import type { EncryptedCustomerModel } from '../../shared/models/customer.js';
import { api } from '../../shared/endpoints/index.js';
import { gstinCheckChar } from '../../shared/domain/gstin.js';
import { customers } from '../../main/service/store/customer.js';
import { failure, freshMobile, freshName, otherCompany } from '../helpers/customers.js';
import { http, type TestService } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let manager: SignedIn;
let cashier: SignedIn;
before(async () => {
  ({ svc, manager, cashier } = await storeWithStaff());
});
after(() => svc.close());

const upsert = (c: Client, body: z.input<typeof EncryptedCustomerModel>) => c.call(api.Customer.upsert, { body });

test('upsert creates a customer; detail answers the full record with who created it', async () => {
  const mobile = freshMobile();
  const created = await upsert(manager, {
    firstName: '  Meera ', lastName: 'Raval', mobile, emailId: 'meera.raval@example.in', city: 'Ahmedabad',
    birthDate: '1990-05-17', isMember: true, bloodGroup: 'B+',
  });
  assert.match(created.customerID, /^ENC_/);
  const record = await manager.call(api.Customer.detail, { body: { customerID: created.customerID } });
  assert.equal(record.id, created.customerID);
  assert.equal(record.firstName, 'Meera', 'trimmed');
  assert.equal(record.mobile, mobile, 'a manager sees the full number');
  assert.equal(record.birthDate, '1990-05-17');
  assert.equal(record.createdBy, 'manager');
  assert.equal(record.modifiedBy, null);
  assert.equal(record.isActive, true);
  assert.equal(record.isMember, true);
  assert.equal(record.bloodGroup, 'B+');
  assert.equal(typeof record.age, 'number');
  assert.equal(record.righT_SphericalWithSign, null, 'no prescription yet');
});

test('update keeps createdBy/createdDate, sets modifiedBy/modifiedDate, and keeps fields left out', async () => {
  const { customerID } = await upsert(manager, { firstName: 'Tushar', lastName: 'Dave', mobile: freshMobile(), bloodGroup: 'O+' });
  const before = await manager.call(api.Customer.detail, { body: { customerID } });
  svc.clock.advance(60_000);
  const optometrist = await svc.as('optometrist');
  const res = await upsert(optometrist, { id: customerID, firstName: 'Tushar', lastName: 'Dave-Shah', city: 'Surat' });
  assert.equal(res.customerID, customerID);
  const after = await manager.call(api.Customer.detail, { body: { customerID } });
  assert.equal(after.lastName, 'Dave-Shah');
  assert.equal(after.city, 'Surat');
  assert.equal(after.bloodGroup, 'O+', 'a field the request left out is kept');
  assert.equal(after.mobile, before.mobile);
  assert.equal(after.createdBy, 'manager');
  assert.equal(after.createdDate, before.createdDate);
  assert.equal(after.modifiedBy, 'optometrist');
  assert.ok(after.modifiedDate && after.modifiedDate > before.createdDate!);
  await upsert(manager, { id: customerID, firstName: 'Tushar', lastName: 'Dave-Shah', bloodGroup: null });
  assert.equal((await manager.call(api.Customer.detail, { body: { customerID } })).bloodGroup, null, 'null clears');
});

test('upsert refuses missing names, bad mobile, bad e-mail, long taxNO, bad GSTIN, impossible dates', async () => {
  const e1 = await failure(upsert(manager, { firstName: ' ', lastName: '' } as never), 400);
  assert.ok(e1.fieldErrors('firstName').length > 0);
  assert.ok(e1.fieldErrors('lastName').length > 0);
  for (const mobile of ['12345', '98250123456', '98-250-1234x']) {
    const e = await failure(upsert(manager, { firstName: 'A', lastName: 'B', mobile }), 400);
    assert.match(e.fieldErrors('mobile').join(), /10-digit/, mobile);
  }
  const e2 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', mobile: '1234567890' }), 400);
  assert.match(e2.fieldErrors('mobile').join(), /starts with 6, 7, 8 or 9/);
  const e3 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', emailId: 'not-an-email' }), 400);
  assert.ok(e3.fieldErrors('emailId').length > 0);
  const e4 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', taxNO: '1234567890123456' }), 400);
  assert.ok(e4.fieldErrors('taxNO').length > 0);
  const e5 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', taxNO: '24AAHCD4821K1ZA' }), 400);
  assert.match(e5.fieldErrors('taxNO').join(), /check character/);
  const gstin = '24AAHCD4821K1Z' + gstinCheckChar('24AAHCD4821K1Z');
  await upsert(manager, { firstName: 'A', lastName: 'B', taxNO: gstin });
  const e6 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', birthDate: '2025-02-30' }), 400);
  assert.ok(e6.fieldErrors('birthDate').length > 0);
  const e7 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', birthDate: '2999-01-01' }), 400);
  assert.match(e7.fieldErrors('birthDate').join(), /between 1900 and today/);
  const e8 = await failure(upsert(manager, { firstName: 'A', lastName: 'B', zipCode: '38000' }), 400);
  assert.ok(e8.fieldErrors('zipCode').length > 0);
  const res = await http(`${svc.url}/api-v1/api/Customer/upsert`, {
    method: 'POST', headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' }, body: '{"firstName": 5}',
  });
  assert.equal(res.status, 400, 'wrong types are a 400, never a 500');
});

test('tampered, wrong-kind and other-company ids: 400 naming the field, or 404 — never a leak', async () => {
  const { customerID } = await upsert(manager, { firstName: 'Ila', lastName: 'Kapoor', mobile: freshMobile() });
  const tampered = customerID.slice(0, -2) + (customerID.endsWith('AA') ? 'BB' : 'AA');
  const e1 = await failure(manager.call(api.Customer.detail, { body: { customerID: tampered } }), 400);
  assert.ok(e1.fieldErrors('customerID').length > 0);
  const doctor = await manager.call(api.Customer.saveDoctor, { body: { name: 'Dr. Wrong Kind' } });
  const e2 = await failure(manager.call(api.Customer.detail, { body: { customerID: doctor.doctorID } }), 400);
  assert.match(e2.fieldErrors('customerID').join(), /customer/i);
  await failure(upsert(manager, { id: tampered, firstName: 'X', lastName: 'Y' }), 400);

  const other = otherCompany(svc);
  const foreign = svc.server.deps.enc.encode('customer', other.customerId);
  await failure(manager.call(api.Customer.detail, { body: { customerID: foreign } }), 404);
  await failure(manager.call(api.Customer.existingForQuickSale, { params: { customerId: foreign } }), 404);
  await failure(upsert(manager, { id: foreign, firstName: 'Hijack', lastName: 'Attempt' }), 404);
  const listed = await manager.call(api.Customer.list, { body: { firstName: 'Secret', fromPage: 1, toPage: 50 } });
  assert.equal(listed.totalRows, 0, 'another company’s customer is not listed');
  const dup = await manager.call(api.Customer.checkDuplicate, { body: { mobile: '9000000001' } });
  assert.equal(dup.length, 0, 'nor found as a duplicate');
  const stillThere = svc.server.deps.db.prepare('SELECT last_name FROM customer WHERE id = ?').get(other.customerId) as { last_name: string };
  assert.equal(stillThere.last_name, 'Elsewhere');
});

test('list: mobile and name prefixes, paging by fromPage/toPage, ordering, 400 for an unknown column', async () => {
  const family = freshName('Vyas');
  const first = ['Aakash', 'Bina', 'Chirag', 'Disha', 'Esha'];
  const mobiles: string[] = [];
  for (const f of first) {
    const m = freshMobile();
    mobiles.push(m);
    await upsert(manager, { firstName: f, lastName: family, mobile: m });
  }
  const all = await manager.call(api.Customer.list, { body: { firstName: family.toLowerCase() } });
  assert.equal(all.totalRows, 5, 'one word matches a last name too, without regard to case');
  assert.deepEqual(all.data.map((d) => d.name.split(' ')[0]), first, 'default order: by name');

  const page2 = await manager.call(api.Customer.list, { body: { lastName: family, fromPage: 2, toPage: 3 } });
  assert.equal(page2.totalRows, 5);
  assert.deepEqual(page2.data.map((d) => d.name.split(' ')[0]), ['Bina', 'Chirag'], 'rows 2..3, both inclusive');
  const desc = await manager.call(api.Customer.list, { body: { lastName: family, orderBy: 'firstName desc', fromPage: 1, toPage: 2 } });
  assert.deepEqual(desc.data.map((d) => d.name.split(' ')[0]), ['Esha', 'Disha']);

  const both = await manager.call(api.Customer.list, { body: { firstName: `chi ${family.slice(0, 6)}` } });
  assert.deepEqual(both.data.map((d) => d.name.split(' ')[0]), ['Chirag'], '"first last" prefixes');

  const byMobile = await manager.call(api.Customer.list, { body: { mobile: mobiles[3]!.slice(0, 9) } });
  assert.ok(byMobile.data.some((d) => d.mobile === mobiles[3]));
  assert.ok(byMobile.data.every((d) => d.mobile!.startsWith(mobiles[3]!.slice(0, 9))));
  const exact = await manager.call(api.Customer.list, { body: { mobile: `${mobiles[3]!.slice(0, 5)} ${mobiles[3]!.slice(5)}` } });
  assert.equal(exact.totalRows, 1, 'spaces in the typed number do not matter');

  for (const orderBy of ['password', 'firstName; DROP TABLE customer', 'firstName sideways']) {
    const e = await failure(manager.call(api.Customer.list, { body: { orderBy } }), 400);
    assert.ok(e.fieldErrors('orderBy').length > 0, orderBy);
  }
  const e1 = await failure(manager.call(api.Customer.list, { body: { fromPage: 5, toPage: 2 } }), 400);
  assert.ok(e1.fieldErrors('toPage').length > 0);
  await failure(manager.call(api.Customer.list, { body: { fromPage: 0, toPage: 2 } }), 400);
  await failure(manager.call(api.Customer.list, { body: { fromPage: 1, toPage: 1000 } }), 400);
  await failure(manager.call(api.Customer.list, { body: { isActive: 'maybe' } }), 400);
});

test('lists are per branch: a Surat customer is not in the Ahmedabad list, but detail still opens it', async () => {
  const login = await svc.anon.call(api.Auth.login, { body: { userName: 'manager', password: 'demo1234' } });
  const surat = svc.server.deps.db.prepare("SELECT id FROM branch WHERE code = 'SRT1'").get() as { id: number };
  const family = freshName('Surti');
  const { customerID } = await upsert(manager, {
    firstName: 'Ketan', lastName: family, mobile: freshMobile(), branchID: svc.server.deps.enc.encode('branch', surat.id),
  });
  assert.notEqual(login.branchID, svc.server.deps.enc.encode('branch', surat.id));
  assert.equal((await manager.call(api.Customer.list, { body: { lastName: family } })).totalRows, 0);
  assert.equal((await manager.call(api.Customer.detail, { body: { customerID } })).lastName, family);
});

test('cashiers see masked mobiles (98XXXXXX10 form), managers full ones; a cashier edit keeps the number', async () => {
  const mobile = freshMobile();
  const { customerID } = await upsert(manager, { firstName: 'Rupal', lastName: freshName('Nair'), mobile });
  const masked = `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`;
  assert.equal((await cashier.call(api.Customer.detail, { body: { customerID } })).mobile, masked);
  assert.equal((await cashier.call(api.Customer.existingForQuickSale, { params: { customerId: customerID } })).mobile, masked);
  const listed = await cashier.call(api.Customer.list, { body: { mobile } });
  assert.deepEqual(listed.data.map((d) => d.mobile), [masked], 'a cashier can still find by the full number');
  assert.equal((await manager.call(api.Customer.list, { body: { mobile } })).data[0]!.mobile, mobile);
  await upsert(cashier, { id: customerID, firstName: 'Rupal', lastName: 'Nair', mobile: '' });
  assert.equal((await manager.call(api.Customer.detail, { body: { customerID } })).mobile, mobile, 'blank from a masked view keeps it');
});

test('check-duplicate finds the same mobile, e-mail, or name with birth date, company-wide', async () => {
  const mobile = freshMobile();
  const last = freshName('Pandya');
  const { customerID } = await upsert(manager, { firstName: 'Gopal', lastName: last, mobile, emailId: `${last}@example.in`, birthDate: '1980-01-02' });
  const byMobile = await cashier.call(api.Customer.checkDuplicate, { body: { mobile: `(${mobile.slice(0, 3)}) ${mobile.slice(3, 6)}-${mobile.slice(6)}` } });
  assert.deepEqual(byMobile.map((d) => d.customerID), [customerID]);
  const byEmail = await cashier.call(api.Customer.checkDuplicate, { body: { email: `${last.toUpperCase()}@EXAMPLE.IN` } });
  assert.deepEqual(byEmail.map((d) => d.customerID), [customerID]);
  const byName = await cashier.call(api.Customer.checkDuplicate, { body: { firstName: 'gopal', lastName: last, birthDate: '1980-01-02' } });
  assert.deepEqual(byName.map((d) => d.customerID), [customerID]);
  assert.equal((await cashier.call(api.Customer.checkDuplicate, { body: { firstName: 'Gopal', lastName: last, birthDate: '1980-01-03' } })).length, 0);
  assert.equal((await cashier.call(api.Customer.checkDuplicate, { body: { firstName: 'Gopal', lastName: last } })).length, 0, 'a name alone is not enough');
  assert.equal((await cashier.call(api.Customer.checkDuplicate, { body: { mobile, customerID } })).length, 0, 'editing: itself is not a duplicate');
  assert.equal((await cashier.call(api.Customer.checkDuplicate, { body: {} })).length, 0);
});

test('existing-for-quicksale answers the list item with the latest prescription', async () => {
  const { customerID } = await upsert(manager, { firstName: 'Omkar', lastName: freshName('Kulkarni'), mobile: freshMobile() });
  const before = await manager.call(api.Customer.existingForQuickSale, { params: { customerId: customerID } });
  assert.equal(before.prescriptionID, null);
  const saved = await manager.call(api.Customer.savePrescription, {
    body: { customerID, visitingDate: '2025-01-10', prescriptionList: [{ lensTypeID: '1', sph: '-1.00' }] },
  });
  const item = await manager.call(api.Customer.existingForQuickSale, { params: { customerId: customerID } });
  assert.equal(item.prescriptionID, saved.eyeInfoID);
  assert.equal(item.visitingDate, '2025-01-10');
  assert.equal(item.isActive, 'true');
});

test('the demo store comes with customers who have prescription history', async () => {
  const admin = await svc.as('admin');
  const patels = await admin.call(api.Customer.list, { body: { firstName: 'Rajesh Patel' } });
  assert.equal(patels.totalRows, 1);
  const history = await admin.call(api.Customer.prescriptionList, { body: { customerID: patels.data[0]!.customerID } });
  assert.ok(history.length >= 2);
  assert.ok((await admin.call(api.Customer.doctorList, { body: {} })).length >= 3);
});

test('prefix searches on 500 000 rows stay index range scans (EXPLAIN QUERY PLAN)', () => {
  const store = customers(svc.server.deps.db);
  const base = { companyId: 1, branchId: 2, orderBy: 'c.id', offset: 0, limit: 20 };
  const plans = {
    mobile: store.plan({ ...base, mobileDigits: '98250' }),
    name: store.plan({ ...base, name: 'raj' }),
    firstLast: store.plan({ ...base, name: 'raj pat' }),
    duplicateMobile: store.plan({ companyId: 1, mobileDigits: '9825012345', orderBy: 'c.id', offset: 0, limit: 20 }),
  };
  for (const [name, plan] of Object.entries(plans)) {
    const text = plan.join(' | ');
    assert.doesNotMatch(text, /SCAN c(?! USING)/, `${name} must not scan the table: ${text}`);
    assert.match(text, /USING (COVERING )?INDEX customer_\w+ \([^)]*[<>]\?/, `${name} is a range on an index: ${text}`);
  }
  assert.match(plans.mobile.join(), /mobile_digits>\? AND mobile_digits<\?/);
  assert.match(plans.name.join(), /customer_branch_first_name \(company_id=\? AND branch_id=\? AND first_name>\? AND first_name<\?\)/);
  assert.match(plans.name.join(), /customer_branch_last_name \(company_id=\? AND branch_id=\? AND last_name>\? AND last_name<\?\)/, 'one word: both name indexes, by range');
});
