/**
 * Issue 14, hostile input: search text is capped (a 400 naming the field, where a 50,000-character
 * LIKE pattern used to be a 500), every text field of every request has a length (one character
 * more is a 400 naming the field, and nothing is written), bodies past 1 MiB are refused, a request
 * still arriving after the time-out is cut off, and connections past the cap are closed at once.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { atMost, maxLengthOf } from '../../shared/contract/lengths.js';
import { endpointList } from '../../shared/endpoints/index.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { callAs, startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
before(async () => {
  ({ svc, cashier, manager, admin } = await storeWithStaff());
});
after(() => svc.close());

test('search text past 100 characters is a 400 naming the field on every list; 100 is fine', async () => {
  // Refused by the contract's length (TEXT_TOO_LONG) before the service's own search cap (SEARCH_TOO_LONG) is reached.
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
    assert.equal(answer.json.code, 'TEXT_TOO_LONG');
    assert.deepEqual(Object.keys(answer.json.errors as object), [field]);
  }
  assert.equal((await callAs(svc, cashier, 'Receipts/list-paged', { searchTerm: 'a'.repeat(100) })).status, 200);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated JSON Schema, walked by hand
type Json = Record<string, any>;
const types = (s: Json): string[] => (Array.isArray(s.type) ? s.type : [s.type]);

/** Every text leaf of a JSON Schema with its path (array items as `0`) and its maxLength. */
function textLeaves(s: Json, path: string[] = []): Array<{ path: string[]; max: number | undefined }> {
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])] as Json[];
  const out = branches.flatMap((b) => textLeaves(b, path));
  if (types(s).includes('object') && s.properties) for (const [k, v] of Object.entries(s.properties as Json)) out.push(...textLeaves(v as Json, [...path, k]));
  if (types(s).includes('array') && s.items) out.push(...textLeaves(s.items as Json, [...path, '0']));
  if (types(s).includes('string') && !s.enum && s.const === undefined) out.push({ path, max: s.maxLength as number | undefined });
  return out;
}

/** A value with `leaf` set at `path`: objects by key, arrays of one element. */
function placed(path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  return head === '0' ? [placed(rest, leaf)] : { [head]: placed(rest, leaf) };
}

const changes = () => (svc.server.deps.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

test('every text field of every request body and query has a length: one character more is a 400 naming the field in words, and nothing is written', { timeout: 300_000 }, async (t) => {
  let checked = 0;
  const unbounded: string[] = [];
  for (const e of endpointList) {
    const route = e.path.replace(/^\/api\//, '').replace(/\{[^}]+\}/g, '1');
    for (const part of ['body', 'query'] as const) {
      const schema = e[part];
      if (!schema) continue;
      const seen = new Set<string>();
      for (const { path, max } of textLeaves(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json)) {
        const key = path.join('.');
        if (seen.has(key)) continue;
        seen.add(key);
        if (max === undefined) {
          unbounded.push(`${e.name} ${part} ${key || '(the body)'}`);
          continue;
        }
        const long = 'x'.repeat(max + 1);
        const before = changes();
        const answer =
          part === 'body'
            ? await callAs(svc, admin, route, path.length === 0 ? JSON.stringify(long) : placed(path, long), e.method)
            : await callAs(svc, admin, `${route}?${key}=${long}`, e.method === 'GET' ? undefined : {}, e.method);
        const field = key || part;
        assert.equal(answer.status, 400, `${e.name} ${field}: ${answer.text.slice(0, 200)}`);
        const errors = answer.json.errors as Record<string, string[]>;
        assert.ok(errors[field]?.includes(atMost(max)), `${e.name} ${field}: ${answer.text.slice(0, 300)}`);
        if (Object.keys(errors).length === 1 && errors[field]!.length === 1) {
          assert.equal(answer.json.code, 'TEXT_TOO_LONG', `${e.name} ${field}`);
          assert.match(String(answer.json.message), /^Too long: .+ \(at most [\d,]+ characters\)$/);
        }
        assert.equal(changes(), before, `${e.name} ${field} answered 400 but wrote`);
        checked++;
      }
    }
  }
  assert.deepEqual(unbounded, [], 'text fields without a length');
  t.diagnostic(`${checked} text fields refused one character past their length`);
});

test('the fields an independent fuzzing run stored at 50,000 characters: refused with the length of their kind, in words', async () => {
  const long = 'x'.repeat(50_000);
  const cases: Array<[string, Record<string, unknown>, string, string, number]> = [
    ['quickSale/SaveReceipt', { nameOnCard: long }, 'nameOnCard', 'name on card', maxLengthOf('nameOnCard')],
    ['quickSale/SaveReceipt', { bankName: long }, 'bankName', 'bank name', 100],
    ['quickSale/SaveReceipt', { chequeNo: long }, 'chequeNo', 'cheque number', 30],
    ['quickSale/SaveReceipt', { chequeDateString: long }, 'chequeDateString', 'cheque date', 40],
    ['quickSale/SaveReceipt', { referenceNo: long }, 'referenceNo', 'reference number', 30],
    ['quickSale/SaveReceipt', { remarks: long }, 'remarks', 'remarks', 500],
    ['quickSale/SaveSalesOrderTemp', { batchNo: long }, 'batchNo', 'batch number', 30],
    ['quickSale/SaveSalesOrderTemp', { pairNo: long }, 'pairNo', 'pair number', 30],
    ['quickSale/SaveSalesOrderTemp', { near: long }, 'near', 'near', 20],
    ['quickSale/SaveSalesOrderTemp', { prescriptionRemarks: long }, 'prescriptionRemarks', 'prescription remarks', 500],
    ['quickSale/SaveSale', { salesorderModel: { sessionId: long } }, 'salesorderModel.sessionId', 'session ID', 64],
  ];
  for (const [path, body, field, words, max] of cases) {
    const before = changes();
    const answer = await callAs(svc, cashier, path, body);
    assert.equal(answer.status, 400, `${field}: ${answer.text.slice(0, 200)}`);
    assert.equal(answer.json.code, 'TEXT_TOO_LONG');
    assert.equal(answer.json.message, `Too long: ${words} (at most ${max} characters)`);
    assert.deepEqual(answer.json.errors, { [field]: [`At most ${max} characters`] });
    assert.equal(changes(), before, `${field}: nothing written`);
  }
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
