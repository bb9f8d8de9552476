/**
 * The loopback server is not open to every web page on the PC: the desktop app's per-launch
 * key, the Host check against DNS rebinding, the Origin check, no CORS, and the renderer's CSP.
 * Raw node:http requests, because fetch would not let a test forge Host the way a rebinding
 * page effectively does.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '../../shared/client.js';
import { SERVICE_KEY_HEADER } from '../../shared/desktop.js';
import { api } from '../../shared/endpoints/index.js';
import { startServer } from '../../main/service/server.js';
import { startTestService, type TestService } from '../helpers/service.js';

const KEY = 'k3y-for-this-launch-only-0123456789abcdef';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown>;
}

function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const login = (url: string, headers: Record<string, string> = {}) =>
  raw(`${url}/api-v1/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
  });

function assertNoCors(answer: Answer): void {
  const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
  assert.deepEqual(cors, [], 'no CORS header is ever sent');
}

describe('with the desktop app’s service key', () => {
  let svc: TestService;
  let staticDir: string;
  before(async () => {
    staticDir = mkdtempSync(path.join(os.tmpdir(), 'pos-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Optical POS</title>');
    writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'export {};');
    svc = await startTestService({ serviceKey: KEY, staticDir });
  });
  after(async () => {
    await svc.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('an API call without the key, or with a wrong one, is 401 {message} and runs nothing', async () => {
    for (const headers of [{} as Record<string, string>, { [SERVICE_KEY_HEADER]: 'not-the-key' }, { [SERVICE_KEY_HEADER]: KEY.slice(0, -1) }]) {
      const answer = await login(svc.url, headers);
      assert.equal(answer.status, 401);
      assert.deepEqual(Object.keys(answer.json), ['message']);
      assert.equal(answer.json.token, undefined);
    }
  });

  test('the key is demanded however the path is spelled (routes match regardless of case)', async () => {
    const answer = await raw(`${svc.url}/API-V1/api/auth/LOGIN/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
    });
    assert.equal(answer.status, 401);
  });

  test('with the key the shared client works as usual', async () => {
    const client = createClient({ baseUrl: svc.url, headers: { [SERVICE_KEY_HEADER]: KEY } });
    const session = await client.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
    assert.ok(session.token);
    const authed = createClient({ baseUrl: svc.url, headers: { [SERVICE_KEY_HEADER]: KEY }, getToken: () => session.token });
    const me = await authed.call(api.Account.userDetails, {});
    assert.equal(me.userName, 'cashier');
  });

  test('a bearer token alone is not enough: the key is checked before the token', async () => {
    const client = createClient({ baseUrl: svc.url, headers: { [SERVICE_KEY_HEADER]: KEY } });
    const { token } = await client.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
    const answer = await raw(`${svc.url}/api-v1/api/Account/user-details`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(answer.status, 401);
  });

  test('the renderer’s files and the API docs need no key (a page cannot send headers for its own scripts)', async () => {
    const page = await raw(`${svc.url}/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Optical POS/);
    assert.equal((await raw(`${svc.url}/assets/app.js`)).status, 200);
    assert.equal((await raw(`${svc.url}/api-v1/openapi.json`)).status, 200);
  });

  test('public files are read by any origin (a print window’s blank page loads fonts) but get no CORS grant', async () => {
    const script = await raw(`${svc.url}/assets/app.js`, { headers: { origin: 'null' } });
    assert.equal(script.status, 200);
    assertNoCors(script);
  });

  test('the renderer is served with a CSP that allows only the service’s own origin', async () => {
    for (const file of ['/', '/assets/app.js']) {
      const csp = String((await raw(`${svc.url}${file}`)).headers['content-security-policy'] ?? '');
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /connect-src 'self'(;|$)/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /https?:|\*|unsafe/, `only 'self', no other origin: ${csp}`);
    }
  });
});

describe('on loopback, with or without a key', () => {
  let svc: TestService;
  let port: string;
  before(async () => {
    svc = await startTestService();
    port = new URL(svc.url).port;
  });
  after(() => svc.close());

  test('`npm run serve` mode (no key) answers API calls without one', async () => {
    const answer = await login(svc.url);
    assert.equal(answer.status, 200);
    assert.ok(answer.json.token);
  });

  test('127.0.0.1 and localhost at our port are answered', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      assert.equal((await login(svc.url, { host })).status, 200, host);
    }
  });

  test('any other Host (a DNS-rebinding page, another port) is refused with 421 before anything runs', async () => {
    for (const host of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1', `127.0.0.2:${port}`, `localhost.evil.example:${port}`]) {
      const answer = await login(svc.url, { host });
      assert.equal(answer.status, 421, host);
      assert.deepEqual(Object.keys(answer.json), ['message']);
      assertNoCors(answer);
    }
    assert.equal((await raw(`${svc.url}/`, { headers: { host: `evil.example:${port}` } })).status, 421, 'the renderer too');
  });

  test('a request from another web page (Origin) is 403; the service’s own origin is fine', async () => {
    for (const origin of ['http://evil.example', `http://localhost:${Number(port) + 1}`, 'null', `https://127.0.0.1:${port}`]) {
      const answer = await login(svc.url, { origin });
      assert.equal(answer.status, 403, origin);
      assert.deepEqual(Object.keys(answer.json), ['message']);
      assertNoCors(answer);
    }
    const read = await raw(`${svc.url}/api-v1/api/quickSale/app-version`, { headers: { origin: 'http://evil.example' } });
    assert.equal(read.status, 403, 'an API read from another origin too');
    const docsWrite = await raw(`${svc.url}/api-v1/docs/`, { method: 'POST', headers: { origin: 'http://evil.example' } });
    assert.equal(docsWrite.status, 403, 'any write from another origin, API or not');
    assert.equal((await login(svc.url, { origin: `http://127.0.0.1:${port}` })).status, 200);
    assert.equal((await login(svc.url, { origin: `http://localhost:${port}`, host: `localhost:${port}` })).status, 200);
  });

  test('a cross-site request without Origin (an <img> GET) is refused by its Sec-Fetch-Site', async () => {
    const answer = await raw(`${svc.url}/api-v1/api/quickSale/app-version`, { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.equal(answer.status, 403);
  });

  test('preflights are never granted and no answer carries CORS headers', async () => {
    const preflight = await raw(`${svc.url}/api-v1/api/Auth/login`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.ok(preflight.status >= 400, `preflight answered ${preflight.status}`);
    assertNoCors(preflight);
    assertNoCors(await login(svc.url));
  });
});

test('a service key shorter than 16 characters is refused at start', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-key-'));
  try {
    await assert.rejects(startServer({ dataDir, port: 0, serviceKey: 'short' }), /at least 16/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
