import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError } from '../../shared/client.js';
import { api, endpointList } from '../../shared/endpoints/index.js';
import { yearSpan } from '../../shared/domain/financial-year.js';
import { localDate } from '../../shared/domain/calendar.js';
import { http, startTestService, type TestService } from '../helpers/service.js';
import { handlers } from '../../main/service/endpoints/index.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff());
});
after(() => svc.close());

test('GetYears lists the current financial year, the one the login carried', async () => {
  const login = await svc.anon.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  const years = await cashier.call(api.Common.years, {});
  const current = years.find((y) => y.isCurrent);
  assert.ok(current);
  assert.equal(current.yearID, login.yearId);
  assert.equal(current.yearName, yearSpan(localDate(new Date())).name);
});

test('a sign-in after 1 April opens the new financial year by itself', async () => {
  const local = await startTestService();
  try {
    const now = local.clock.now;
    const nextApril = new Date(now.getMonth() >= 3 ? now.getFullYear() + 1 : now.getFullYear(), 3, 1, 10, 0, 0);
    local.clock.advance(nextApril.getTime() - now.getTime());
    const client = await local.as('manager');
    const years = await client.call(api.Common.years, {});
    assert.equal(years.length, 2);
    assert.equal(years[0]!.isCurrent, true);
    assert.equal(years[0]!.fromDate, localDate(nextApril));
  } finally {
    await local.close();
  }
});

test('GetCountries then GetStates: an ENC id round-trips through a path', async () => {
  const countries = await cashier.call(api.Common.countries, {});
  const india = countries.find((c) => c.isoCode === 'IN');
  assert.ok(india);
  const states = await cashier.call(api.Common.states, { params: { countryId: india.countryID } });
  assert.equal(states.find((s) => s.stateName === 'Gujarat')?.gstStateCode, '24');
  assert.equal(states.length, 37);
});

test('a tampered, wrong-kind or unknown id is a clean 400 or 404, never a 500', async () => {
  const [india] = await cashier.call(api.Common.countries, {});
  const id = india!.countryID;
  const auth = { authorization: `Bearer ${cashier.token}` };
  const url = (countryId: string) => `${svc.url}/api-v1/api/Common/GetStates/${encodeURIComponent(countryId)}`;

  for (let i = 4; i < id.length; i++) {
    const changed = id.slice(0, i) + (id[i] === 'A' ? 'B' : 'A') + id.slice(i + 1);
    const res = await http(url(changed), { headers: auth });
    assert.equal(res.status, 400, changed);
    assert.ok((res.json.errors as Record<string, string[]>).countryId, 'names the field');
  }
  const login = await svc.anon.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  const wrongKind = await http(url(login.branchID), { headers: auth });
  assert.equal(wrongKind.status, 400);
  assert.match(String((wrongKind.json.errors as Record<string, string[]>).countryId), /Not a country id/);
  assert.equal((await http(url('42'), { headers: auth })).status, 400, 'raw numeric ids are not accepted');
  const unknown = svc.server.deps.enc.encode('country', 999);
  await assert.rejects(
    cashier.call(api.Common.states, { params: { countryId: unknown } }),
    (e: unknown) => e instanceof ApiError && e.status === 404,
  );
});

test('the OpenAPI document lists the 80 spec operations and the extensions, and marks the built ones', async () => {
  const doc = await http(`${svc.url}/api-v1/openapi.json`);
  const paths = doc.json.paths as Record<string, Record<string, { 'x-implemented'?: boolean; 'x-extension'?: string }>>;
  const operations = Object.values(paths).flatMap((p) => Object.values(p));
  assert.equal(operations.filter((o) => !o['x-extension']).length, 80);
  assert.equal(operations.length, endpointList.length);
  assert.equal(paths['/api/Common/GetYears']?.get?.['x-implemented'], true);
  const built = operations.filter((o) => o['x-implemented']).length;
  // Every registered handler and nothing else: the count grows as issues land, so it is not hard-coded.
  assert.equal(built, handlers.length);
  assert.ok(built >= 46, 'at least auth, account, the 14 Customer endpoints, and the 29 catalog and look-up endpoints');
});

test('a path outside the endpoint table is absent: 404, not a fake answer', async () => {
  // Every row of the table is built now (the OpenAPI test above holds routes to handlers).
  const res = await http(`${svc.url}/api-v1/api/Common/statement/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cashier.token}`, 'content-type': 'application/json' },
    body: '""',
  });
  assert.equal(res.status, 404);
});
