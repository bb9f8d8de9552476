/** The counter's other look-ups over HTTP: dropdowns, memberships, branch details and logo, app version, insurance companies. */
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { logoFolder } from '../../main/service/catalog/logo-file.js';
import { settings } from '../../main/service/store/setting.js';
import { migrations } from '../../main/service/db/migrations/index.js';
import { failure, otherCompany } from '../helpers/customers.js';
import { type TestService, callAs } from '../helpers/service.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let branchId: number;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
  branchId = (svc.server.deps.db.prepare("SELECT id FROM branch WHERE code = 'AMD1'").get() as { id: number }).id;
});
after(() => svc.close());

const get = (url: string, token = cashier.token) => callAs(svc, { token }, `quickSale/${url}`);

test('getSources and getMemberships page with page/pageSize defaults 1 and 20', async () => {
  const sources = await cashier.call(api.QuickSale.getSources, { query: {} });
  assert.equal(sources[0]!.name, 'Walk-in');
  assert.equal(sources.length, 8);
  const second = await cashier.call(api.QuickSale.getSources, { query: { page: 2, pageSize: 3 } });
  assert.deepEqual(second, sources.slice(3, 6));
  assert.deepEqual(await cashier.call(api.QuickSale.getSources, { query: { page: 9 } }), []);

  const plans = await cashier.call(api.QuickSale.getMemberships, { query: {} });
  assert.deepEqual(plans.map((m) => [m.name, m.discountRate]), [['Silver', 5], ['Gold', 10], ['Senior Citizen', 10], ['Platinum', 15]]);
  assert.deepEqual(await cashier.call(api.QuickSale.getMemberships, { query: { page: 2, pageSize: 2 } }), plans.slice(2, 4));

  for (const q of ['page=0', 'pageSize=0', 'pageSize=501', 'page=x']) {
    const res = await get(`getMemberships?${q}`);
    assert.equal(res.status, 400, q);
  }
  assert.equal((await get('getSources?page=&pageSize=')).status, 200, 'empty values take the defaults');
});

test('the fixed dropdowns: genders, payment kinds, card types, priorities', async () => {
  assert.deepEqual((await cashier.call(api.QuickSale.getGenders, {})).map((g) => g.name), ['Male', 'Female', 'Other']);
  assert.deepEqual((await cashier.call(api.QuickSale.receiptTypes, {})).map((k) => k.name), ['Cash', 'Card', 'UPI', 'Cheque', 'Credit Note', 'Bank Transfer']);
  assert.deepEqual((await cashier.call(api.QuickSale.allCard, {})).map((c) => c.name), ['Visa', 'Mastercard', 'RuPay', 'American Express', 'Diners Club']);
  assert.deepEqual((await cashier.call(api.QuickSale.priorityDropdown, {})).map((p) => p.name), ['Normal', 'Urgent', 'Same Day']);
  const [cash] = await cashier.call(api.QuickSale.receiptTypes, {});
  assert.equal(svc.server.deps.enc.decode('paymentKind', cash!.id), 1);
});

test('suppliers, fitters and doctors dropdowns: the company’s active ones, by name', async () => {
  assert.deepEqual((await cashier.call(api.QuickSale.suppliersDropdown, {})).map((s) => s.name), ['Essilor Rx Lab', 'GKB Rx Lens', 'Hoya Lens India', 'Zeiss Vision Centre Lab']);
  assert.deepEqual((await cashier.call(api.QuickSale.fittersDropdown, {})).map((f) => f.name), ['In-house fitting desk', 'Ramesh Fitting Works']);
  const doctors = await cashier.call(api.QuickSale.doctorsDropdown, {});
  assert.deepEqual(doctors.map((d) => d.name), ['Dr. Anjali Parikh', 'Dr. Meera Joshi', 'Dr. Nilesh Trivedi'], 'the inactive doctor is not offered');
  otherCompany(svc);
  assert.equal((await cashier.call(api.QuickSale.doctorsDropdown, {})).length, 3, 'another company’s doctor stays out');
});

test('app-version: the service’s version, the schema as build number, update flags from settings', async () => {
  const v = await cashier.call(api.QuickSale.appVersion, {});
  assert.equal(v.version, svc.server.deps.version);
  // The schema number: the migration the store is at (the last one, here).
  assert.equal(v.buildNumber, String(migrations.length));
  assert.deepEqual([v.forceUpdate, v.updateMessage], [false, null]);
  settings(svc.server.deps.db).set('client.forceUpdate', '1');
  settings(svc.server.deps.db).set('client.updateMessage', 'Please update');
  const forced = await cashier.call(api.QuickSale.appVersion, {});
  assert.deepEqual([forced.forceUpdate, forced.updateMessage], [true, 'Please update']);
  settings(svc.server.deps.db).set('client.forceUpdate', '0');
});

test('get-branch-details: the signed-in branch, for print headers', async () => {
  const login = await svc.anon.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  const b = await cashier.call(api.QuickSale.branchDetails, {});
  assert.equal(b.branchID, login.branchID);
  assert.equal(b.branchName, 'Navrangpura');
  assert.equal(b.branchState, 'Gujarat');
  assert.equal(b.branchCountry, 'India');
  assert.equal(b.companyName, 'Drishti Opticals (Demo)');
  assert.match(b.branchTaxNO!, /^24/);
  assert.equal(b.branchLogo, 'logo.png');
  assert.equal(login.logo, 'logo.png');
});

test('get-branch-logo: the image with its content type; absent files and other companies 404', async () => {
  const png = await get(`get-branch-logo/${branchId}/logo.png`);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get('content-type'), 'image/png');
  const bytes = new Uint8Array(await (await fetch(`${svc.url}/api-v1/api/quickSale/get-branch-logo/${branchId}/logo.png`, { headers: { authorization: `Bearer ${cashier.token}` } })).arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

  writeFileSync(path.join(logoFolder(svc.dataDir, branchId), 'stamp.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
  assert.equal((await get(`get-branch-logo/${branchId}/stamp.jpg`)).headers.get('content-type'), 'image/jpeg');
  writeFileSync(path.join(logoFolder(svc.dataDir, branchId), 'notes.png'), 'not an image');
  assert.equal((await get(`get-branch-logo/${branchId}/notes.png`)).status, 404, 'a file is served only when its bytes are an image');

  assert.equal((await get(`get-branch-logo/${branchId}/missing.png`)).status, 404);
  assert.equal((await get(`get-branch-logo/999/logo.png`)).status, 404);
  const other = otherCompany(svc);
  mkdirSync(logoFolder(svc.dataDir, other.branchId), { recursive: true });
  writeFileSync(path.join(logoFolder(svc.dataDir, other.branchId), 'logo.png'), png.text);
  assert.equal((await get(`get-branch-logo/${other.branchId}/logo.png`)).status, 404, 'another company’s branch');
  assert.equal((await get(`get-branch-logo/abc/logo.png`)).status, 400);
  assert.equal((await get(`get-branch-logo/${branchId}/logo.png`, '')).status, 401);
});

test('get-branch-logo: no path ever leaves the branch’s logo folder', async () => {
  const secret = path.join(svc.dataDir, 'secret.png');
  writeFileSync(secret, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  symlinkSync(secret, path.join(logoFolder(svc.dataDir, branchId), 'link.png'));
  const attempts = [
    '..%2F..%2Fsecret.png', '..%2Fsecret.png', '..', '.', '..%5C..%5Csecret.png', '%2Fetc%2Fpasswd', '....%2F%2Fsecret.png',
    '%2E%2E%2F%2E%2E%2Fsecret.png', 'logo.png%00.png', 'link.png', '.hidden.png', '..secret.png',
  ];
  for (const name of attempts) {
    const res = await get(`get-branch-logo/${branchId}/${name}`);
    assert.ok(res.status === 400 || res.status === 404, `${name}: ${res.status}`);
    assert.notEqual(res.headers.get('content-type'), 'image/png', name);
  }
  // Unencoded dot-segments are resolved by the URL itself before they reach the service.
  const raw = await get(`get-branch-logo/${branchId}/../../secret.png`);
  assert.equal(raw.status, 404);
});

test('insurance-companies: active ones by default, all with activeOnly=false', async () => {
  const active = await cashier.call(api.QuickSale.insuranceCompanies, { query: {} });
  assert.ok(active.length >= 4 && active.every((c) => c.isActive));
  const all = await cashier.call(api.QuickSale.insuranceCompanies, { query: { activeOnly: false } });
  assert.ok(all.some((c) => c.name === 'Care Health Insurance' && !c.isActive));
  assert.equal(all.length, active.length + 1);
  assert.equal((await get('insurance-companies?activeOnly=maybe')).status, 400);
});

test('POST insurance-companies: managers only; the name is unique per company without regard to case; clean 400s', async () => {
  const added = await manager.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: '  Bajaj Allianz   General ' } });
  assert.match(added.message, /Bajaj Allianz General added/);
  const list = await cashier.call(api.QuickSale.insuranceCompanies, { query: {} });
  assert.equal(list.find((c) => c.id === added.id)?.name, 'Bajaj Allianz General');

  for (const name of ['Bajaj Allianz General', 'bajaj  allianz general', 'STAR HEALTH AND ALLIED INSURANCE', 'Care Health Insurance']) {
    const dup = await failure(manager.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: name } }), 400);
    assert.ok(dup.fieldErrors('insuranceCompanyName').length > 0, name);
  }
  const inactive = await manager.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: 'Go Digit', isActive: false } });
  assert.ok(!(await cashier.call(api.QuickSale.insuranceCompanies, { query: {} })).some((c) => c.id === inactive.id));

  const blank = await failure(manager.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: '   ' } }), 400);
  assert.ok(blank.fieldErrors('insuranceCompanyName').length > 0);
  await failure(cashier.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: 'Cashier Insurance' } }), 403);
  const optometrist = await svc.as('optometrist');
  await failure(optometrist.call(api.QuickSale.addInsuranceCompany, { body: { insuranceCompanyName: 'Optom Insurance' } }), 403);
});
