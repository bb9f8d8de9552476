/**
 * Issue 14, hostile input: search text is capped (a 400 naming the field, where a 50,000-character
 * LIKE pattern used to be a 500), bodies past 1 MiB are refused, a request still arriving after the
 * time-out is cut off, and connections past the cap are closed at once.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { callAs, startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
});
after(() => svc.close());

test('search text past 100 characters is a 400 naming the field on every list; 100 is fine', async () => {
  const long = 'a'.repeat(50_000);
  const cases: Array<[SignedIn, string, Record<string, unknown>, string]> = [
    [cashier, 'Receipts/list-paged', { searchTerm: long }, 'searchTerm'],
    [cashier, 'Receipts/list-paged', { receiptNo: long }, 'receiptNo'],
    [cashier, 'Invoice/List', { customerName: long }, 'customerName'],
    [cashier, 'Orders/search', { customerName: long }, 'customerName'],
    [manager, 'Customer/list', { firstName: long }, 'firstName'],
    [cashier, 'Common/SearchItems', { searchTerm: long }, 'searchTerm'],
  ];
  for (const [who, path, body, field] of cases) {
    const answer = await callAs(svc, who, path, body);
    assert.equal(answer.status, 400, `${path} ${field}: ${answer.text.slice(0, 200)}`);
    assert.equal(answer.json.code, 'SEARCH_TOO_LONG');
    assert.deepEqual(Object.keys(answer.json.errors as object), [field]);
  }
  assert.equal((await callAs(svc, cashier, 'Receipts/list-paged', { searchTerm: 'a'.repeat(100) })).status, 200);
});

test('a body past 1 MiB is refused with 413 before it is read', async () => {
  const answer = await callAs(svc, cashier, 'Receipts/list-paged', { searchTerm: 'x', padding: 'p'.repeat(1024 * 1024) });
  assert.equal(answer.status, 413);
});

/** Opens a raw connection to the service. */
function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the server sent before it closed, and how long it took to close. */
function untilClosed(socket: net.Socket, limitMs: number): Promise<{ text: string; ms: number; closed: boolean }> {
  const started = performance.now();
  let text = '';
  socket.on('data', (d) => (text += d.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ text, ms: performance.now() - started, closed: false }), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: performance.now() - started, closed: true });
    });
  });
}

test('a request whose body trickles in is cut off at the time-out; connections past the cap are closed at once', async () => {
  const limited = await startTestService({ limits: { requestTimeoutMs: 400, maxConnections: 3 } });
  try {
    const slow = await connect(limited.url);
    slow.write(`POST /api-v1/api/Auth/login HTTP/1.1\r\nHost: ${new URL(limited.url).host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`);
    const cut = await untilClosed(slow, 5_000);
    assert.ok(cut.closed, 'the slow request was cut off');
    assert.match(cut.text, /^HTTP\/1\.1 408/);

    const held = await Promise.all([connect(limited.url), connect(limited.url), connect(limited.url)]);
    const extra = await connect(limited.url);
    const refused = await untilClosed(extra, 2_000);
    assert.ok(refused.closed && refused.text === '', 'the fourth connection is closed without an answer');
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const answered = await fetch(`${limited.url}/api-v1/api/quickSale/app-version`);
    assert.equal(answered.status, 401, 'room again once the others closed: answered (no token)');
  } finally {
    await limited.close();
  }
});

/** Auth/login sent from a given loopback address (Linux answers on all of 127.0.0.0/8). */
function loginFrom(address: string, userName: string, password: string): Promise<number> {
  const { hostname, port, host } = new URL(svc.url);
  const body = JSON.stringify({ userName, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port: Number(port), localAddress: address, method: 'POST', path: '/api-v1/api/Auth/login', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('wrong passwords from one machine slow that machine down, not the real user at her own till', { skip: process.platform !== 'linux' }, async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push(await loginFrom('127.0.0.2', 'optometrist', 'not-her-password'));
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
  assert.equal(await loginFrom('127.0.0.2', 'optometrist', 'demo1234'), 429, 'that machine waits, even with the right password');
  assert.equal(await loginFrom('127.0.0.1', 'optometrist', 'demo1234'), 200, 'her own till signs her in');
});
