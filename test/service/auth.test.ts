import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeJwt, SignJWT } from 'jose';
import { ApiError } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { LoginResponse } from '../../shared/models/auth.js';
import { TOKEN_LIFETIME_SECONDS } from '../../main/service/auth/token.js';
import { guard } from '../../main/service/auth/guard.js';
import { http, startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(() => svc.close());

const loginUrl = () => `${svc.url}/api-v1/api/Auth/login`;
const post = (body: unknown, type = 'application/json') =>
  http(loginUrl(), { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });

describe('POST /api/Auth/login', () => {
  test('each demo user signs in and gets the full login response with an 8-hour JWT', async () => {
    for (const [userName, role] of [
      ['admin', 'Admin'],
      ['manager', 'Store Manager'],
      ['cashier', 'Cashier'],
      ['optometrist', 'Optometrist'],
    ] as const) {
      const res = await post({ userName, password: 'demo1234' });
      assert.equal(res.status, 200);
      const body = LoginResponse.parse(res.json);
      assert.equal(body.userName, userName);
      assert.equal(body.userRole, role);
      assert.equal(body.branchName, 'Navrangpura');
      assert.equal(body.companyName, 'Drishti Opticals (Demo)');
      for (const id of [body.id, body.companyID, body.branchID, body.yearId]) assert.match(id, /^ENC_[A-Za-z0-9_-]{22}$/);
      const claims = decodeJwt(body.token);
      assert.equal(claims.exp! - claims.iat!, TOKEN_LIFETIME_SECONDS);
      assert.equal(claims.sub, body.id);
      assert.ok(body.modules.some((m) => m.moduleName === 'Optical' && m.isActive));
    }
  });

  test('a cashier sees masked mobiles, a manager full ones', async () => {
    assert.equal((await post({ userName: 'cashier', password: 'demo1234' })).json.maskCustomerMobileNumber, true);
    assert.equal((await post({ userName: 'manager', password: 'demo1234' })).json.maskCustomerMobileNumber, false);
  });

  test('user names are not case-sensitive, passwords are', async () => {
    assert.equal((await post({ userName: 'Cashier', password: 'demo1234' })).status, 200);
    assert.equal((await post({ userName: 'cashier', password: 'DEMO1234' })).status, 401);
  });

  test('a wrong password and an unknown user get the same 401 {message}', async () => {
    const wrong = await post({ userName: 'manager', password: 'nope-nope' });
    const unknown = await post({ userName: 'nobody-here', password: 'nope-nope' });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.json, { message: 'Wrong user name or password', code: 'LOGIN_FAILED' });
    assert.deepEqual(unknown.json, wrong.json);
  });

  test('missing fields are a 400 naming each field', async () => {
    const res = await post({});
    assert.equal(res.status, 400);
    const errors = res.json.errors as Record<string, string[]>;
    assert.deepEqual(Object.keys(errors).sort(), ['password', 'userName']);
    assert.match(String(res.json.message), /userName/);
  });

  test('text/json and application/*+json bodies are accepted', async () => {
    assert.equal((await post({ userName: 'cashier', password: 'demo1234' }, 'text/json')).status, 200);
    assert.equal((await post({ userName: 'cashier', password: 'demo1234' }, 'application/problem+json')).status, 200);
  });

  test('malformed JSON is a 400 {message}, and an unsupported media type a 415, never a 500', async () => {
    const bad = await http(loginUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userName":' });
    assert.equal(bad.status, 400);
    assert.equal(typeof bad.json.message, 'string');
    assert.doesNotMatch(bad.text, /at \w+ \(|node_modules/);
    const xml = await http(loginUrl(), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    assert.equal(xml.status, 415);
    assert.equal(typeof xml.json.message, 'string');
  });

  test('repeated failures for one user name lock it out with 429, then time frees it', async () => {
    const local = await startTestService();
    try {
      for (let i = 0; i < 5; i++) {
        assert.equal((await http(`${local.url}/api-v1/api/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: `guess-${i}` }) })).status, 401);
      }
      const locked = await http(`${local.url}/api-v1/api/Auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: 'demo1234' }),
      });
      assert.equal(locked.status, 429, 'even the right password waits out the lock');
      assert.ok(Number(locked.headers.get('retry-after')) > 0);
      // Other users are not affected.
      await local.as('cashier');
      local.clock.advance(31_000);
      await local.as('admin');
    } finally {
      await local.close();
    }
  });
});

describe('bearer tokens', () => {
  const userDetails = () => `${svc.url}/api-v1/api/Account/user-details`;

  test('a missing token is 401 {message}', async () => {
    const res = await http(userDetails());
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { message: 'Missing bearer token', code: 'NOT_SIGNED_IN' });
  });

  test('a malformed Authorization header is 401', async () => {
    for (const header of ['Bearer', 'Basic YWRtaW46ZGVtbzEyMzQ=', 'Bearer not-a-jwt', 'Bearer a.b']) {
      const res = await http(userDetails(), { headers: { authorization: header } });
      assert.equal(res.status, 401, header);
      assert.equal(typeof res.json.message, 'string');
    }
  });

  test('a forged token (changed payload, or signed with another key) is 401', async () => {
    const { token } = await svc.as('cashier');
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const tampered = await http(userDetails(), { headers: { authorization: `Bearer ${head}.${elevated}.${signature}` } });
    assert.equal(tampered.status, 401);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-key-this-installation-never-had-00000'));
    assert.equal((await http(userDetails(), { headers: { authorization: `Bearer ${otherKey}` } })).status, 401);
  });

  test('a token from another installation is 401 there', async () => {
    const other = await startTestService();
    try {
      const { token } = await other.as('cashier');
      assert.equal((await http(userDetails(), { headers: { authorization: `Bearer ${token}` } })).status, 401);
    } finally {
      await other.close();
    }
  });

  test('an expired token is 401, and the client hears about it', async () => {
    const local = await startTestService();
    try {
      const client = await local.as('cashier');
      await client.call(api.Account.userDetails, {});
      local.clock.advance(TOKEN_LIFETIME_SECONDS * 1000 + 1000);
      const res = await http(`${local.url}/api-v1/api/Account/user-details`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
      assert.equal(res.status, 401);
      assert.match(String(res.json.message), /expired/i);
      await assert.rejects(client.call(api.Account.userDetails, {}), (err: unknown) => err instanceof ApiError && err.status === 401);
    } finally {
      await local.close();
    }
  });

  test('a user switched off after signing in is refused at once', async () => {
    const local = await startTestService();
    try {
      const client = await local.as('optometrist');
      local.server.deps.db.prepare("UPDATE app_user SET is_active = 0 WHERE user_name = 'optometrist'").run();
      await assert.rejects(client.call(api.Account.userDetails, {}), (err: unknown) => err instanceof ApiError && err.status === 401);
    } finally {
      await local.close();
    }
  });

  test('a role the endpoint does not list is 403', async () => {
    const { token } = await svc.as('cashier');
    const authenticate = guard(svc.server.deps);
    await assert.rejects(authenticate(`Bearer ${token}`, ['admin', 'manager']), (err: { kind?: string; code?: string }) => err.kind === 'forbidden' && err.code === 'ROLE_NOT_ALLOWED');
    const user = await authenticate(`Bearer ${token}`, ['cashier']);
    assert.equal(user.role, 'cashier');
  });
});

describe('Account', () => {
  test('user-details names the signed-in user, company and branch', async () => {
    const client = await svc.as('manager');
    const login = await svc.anon.call(api.Auth.login, { body: { userName: 'manager', password: 'demo1234' } });
    const me = await client.call(api.Account.userDetails, {});
    assert.deepEqual(me, {
      userID: login.id,
      userName: 'manager',
      userEmail: null,
      userRole: 'Store Manager',
      companyID: login.companyID,
      branchID: login.branchID,
    });
  });

  test('get-profile lists the company with its GSTIN and both branches', async () => {
    const client = await svc.as('cashier');
    const { profile } = await client.call(api.Account.getProfile, {});
    assert.equal(profile.companyName, 'Drishti Opticals (Demo)');
    assert.match(profile.taxNO ?? '', /^24[A-Z]{5}\d{4}[A-Z]\dZ[0-9A-Z]$/);
    assert.deepEqual(
      profile.branches.map((b) => b.branchName),
      ['Navrangpura', 'Adajan'],
    );
  });
});
