/**
 * `npm run bench`: speed and memory, measured (never asserted by tests). Runs a real service
 * on loopback against a fresh SQLite file and prints one line per measurement.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { encIds } from '../main/service/ids/enc-id.js';
import { startServer } from '../main/service/server.js';
import { benchCatalog } from './catalog.js';
import { benchCustomers } from './customers.js';
import { benchDocuments } from './documents.js';
import { benchOrders } from './orders.js';

function report(name: string, count: number, ms: number) {
  console.log(`${name.padEnd(42)} ${String(count).padStart(7)} ops  ${(ms / count).toFixed(3).padStart(9)} ms/op  ${Math.round((count / ms) * 1000).toString().padStart(8)} ops/s`);
}

async function timed(name: string, count: number, work: (i: number) => unknown | Promise<unknown>) {
  const start = performance.now();
  for (let i = 0; i < count; i++) await work(i);
  report(name, count, performance.now() - start);
}

const enc = encIds({ cipherKey: randomBytes(32), macKey: randomBytes(32) });
const tokens = Array.from({ length: 20_000 }, (_, i) => enc.encode('customer', 2 ** 32 + i));
await timed('ENC encode (uncached ids)', 20_000, (i) => enc.encode('salesOrder', 2 ** 33 + i));
await timed('ENC decode', 20_000, (i) => enc.decode('customer', tokens[i]!));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-bench-'));
const server = await startServer({ dataDir, port: 0 });
try {
  const login = () =>
    fetch(`${server.url}/api-v1/api/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
    }).then((r) => r.json() as Promise<{ token: string }>);
  const { token } = await login();
  await timed('POST Auth/login (scrypt N=2^15)', 20, login);
  await timed('GET Account/user-details (sequential)', 2_000, () =>
    fetch(`${server.url}/api-v1/api/Account/user-details`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text()),
  );
  const start = performance.now();
  const parallel = 2_000;
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < parallel) {
        await fetch(`${server.url}/api-v1/api/Account/get-profile`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
      }
    }),
  );
  report('POST Account/get-profile (16 in flight)', parallel, performance.now() - start);
  // Before the bulk inserts below: documents on the fresh demo store.
  await benchDocuments(server, token, report);
  await benchCustomers(server, token, report);
  await benchCatalog(server, token, report);
  // Last: orders go to the customers and items the two benches above added.
  await benchOrders(server, report);
  const mem = process.memoryUsage();
  console.log(`memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
