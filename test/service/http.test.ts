import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../../main/service/server.js';
import { http, startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(() => svc.close());

test('an unknown route is 404 {message}', async () => {
  const res = await http(`${svc.url}/api-v1/api/Nope/nothing`);
  assert.equal(res.status, 404);
  assert.deepEqual(res.json, { message: 'No such endpoint: GET /api-v1/api/Nope/nothing', code: 'NO_SUCH_ENDPOINT' });
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
});

test('paths match regardless of case, as the original service did', async () => {
  const res = await http(`${svc.url}/api-v1/api/auth/LOGIN`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
  });
  assert.equal(res.status, 200);
});

test('typed responses honour Accept: text/json and text/plain', async () => {
  const { token } = await svc.as('cashier');
  for (const type of ['text/json', 'text/plain', 'application/json']) {
    const res = await http(`${svc.url}/api-v1/api/Account/user-details`, {
      headers: { authorization: `Bearer ${token}`, accept: type },
    });
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('content-type')?.startsWith(type), `${type} → ${res.headers.get('content-type')}`);
    assert.equal(res.json.userName, 'cashier');
  }
});

test("a signed-in call says the service's own time (Server-Timing); sign-in and refusals do not", async () => {
  const login = await http(`${svc.url}/api-v1/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
  });
  assert.equal(login.status, 200);
  assert.equal(login.headers.get('server-timing'), null);
  const token = (login.json as { token: string }).token;
  const timed = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    http(`${svc.url}/api-v1/api/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  // Answered here, answered by a read worker (Orders/search), and a refusal.
  for (const res of [await timed('Account/user-details'), await timed('Orders/search', { method: 'POST', body: JSON.stringify({ pageSize: 5 }) })]) {
    assert.equal(res.status, 200);
    const match = /^app;dur=(\d+\.\d{2})$/.exec(res.headers.get('server-timing') ?? '');
    assert.ok(match, `server-timing: ${res.headers.get('server-timing')}`);
    assert.ok(Number(match[1]) >= 0 && Number(match[1]) < 10_000);
  }
  const refused = await timed('Orders/search', { method: 'POST', body: JSON.stringify({ pageSize: 'many' }) });
  assert.equal(refused.status, 400);
  assert.equal(refused.headers.get('server-timing'), null);
  const signedOut = await http(`${svc.url}/api-v1/api/Account/user-details`);
  assert.equal(signedOut.status, 401);
  assert.equal(signedOut.headers.get('server-timing'), null);
});

test('query strings are validated against the contract too', async () => {
  const { token } = await svc.as('cashier');
  const res = await http(`${svc.url}/api-v1/api/Account/user-details?date=2026-11-22`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200);
});

test('the OpenAPI 3.1 document and its docs page are served', async () => {
  const doc = await http(`${svc.url}/api-v1/openapi.json`);
  assert.equal(doc.status, 200);
  assert.equal(doc.json.openapi, '3.1.0');
  const paths = doc.json.paths as Record<string, Record<string, { 'x-implemented'?: boolean }>>;
  assert.equal(paths['/api/Auth/login']?.post?.['x-implemented'], true);
  const docs = await http(`${svc.url}/api-v1/docs/`);
  assert.equal(docs.status, 200);
  assert.match(docs.text, /<html/i);
});

test('listening beyond loopback without TLS is refused', async () => {
  await assert.rejects(startServer({ dataDir: svc.dataDir, host: '0.0.0.0', port: 0 }), /without TLS/);
});

test('with a key and certificate the service speaks TLS', async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { request } = await import('node:https');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    const tls = await startServer({ dataDir: dir, port: 0, https: { key: readFileSync(path.join(dir, 'key.pem')), cert } });
    try {
      assert.match(tls.url, /^https:/);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${tls.url}/api-v1/openapi.json`, { ca: cert, checkServerIdentity: () => undefined }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      assert.equal(status, 200);
    } finally {
      await tls.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
