/**
 * Issue 14, first pieces: the store's files are private to the user the service runs as (made so
 * and repaired at start), and a fault of the disk — full, read-only — answers a coded 503 a cashier
 * understands, writes nothing, is logged, and the service serves again once the fault is gone.
 * A log that cannot be written (a full disk) never takes a request down: its lines are dropped,
 * counted, and reported in the next line that can be written.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { singleVisionLens } from '../helpers/items.js';
import { callAs, startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
before(async () => {
  ({ svc, cashier } = await storeWithStaff({ logToFile: true }));
});
after(() => svc.close());

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const orders = () => (svc.server.deps.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;

/** A cart with one made-to-order lens, and the SaveSale body that books it to a new customer. */
async function cartToSave(service = svc, who = cashier) {
  const { enc } = service.server.deps;
  const { sessionID } = await who.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: enc.encode('item', singleVisionLens(service).id) } });
  const customer = await who.call(api.Customer.upsert, { body: { firstName: 'Disk', lastName: `Full${Date.now() % 100000}` } });
  return {
    sessionID,
    salesorderModel: { sessionId: sessionID, customerId: customer.customerID },
    receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: 100 },
  };
}

test('the data folder is 0700 and the store, its WAL and shared memory 0600, repaired at start', { skip: process.platform === 'win32' }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-modes-'));
  try {
    chmodSync(dataDir, 0o755);
    let service = await startTestService({ dataDir });
    const file = path.join(dataDir, 'demo.sqlite');
    assert.deepEqual([mode(dataDir), mode(file), mode(`${file}-wal`), mode(`${file}-shm`)], ['700', '600', '600', '600']);
    await service.close();
    // As an older version (or a copy) left them: readable by every user of the PC.
    for (const f of [dataDir, file]) chmodSync(f, 0o755);
    service = await startTestService({ dataDir });
    assert.deepEqual([mode(dataDir), mode(file)], ['700', '600']);
    await service.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a disk that fills during the day: the sale that finds it full answers 503 STORE_FULL in words, writes nothing, and goes through once there is room', async () => {
  const carts = [];
  for (let i = 0; i < 60; i++) carts.push(await cartToSave());
  const { db } = svc.server.deps;
  db.exec('VACUUM'); // no free pages inside the file: the day's sales must grow it
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  let refused: { body: Awaited<ReturnType<typeof cartToSave>>; answer: Awaited<ReturnType<typeof callAs>>; before: number } | null = null;
  try {
    for (const body of carts) {
      const before = orders();
      const answer = await callAs(svc, cashier, 'quickSale/SaveSale', body);
      if (answer.status === 200) continue;
      refused = { body, answer, before };
      break;
    }
  } finally {
    db.pragma('max_page_count = 4294967294');
  }
  assert.ok(refused, 'the file filled up before 60 sales');
  assert.equal(refused.answer.status, 503);
  assert.equal(refused.answer.json.code, 'STORE_FULL');
  assert.match(String(refused.answer.json.message), /disk is full: nothing was saved/);
  assert.equal(orders(), refused.before, 'nothing half-written');
  // Space is back: the same sale goes through, once.
  const saved = await callAs(svc, cashier, 'quickSale/SaveSale', refused.body);
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  assert.equal(orders(), refused.before + 1);
  const logFile = path.join(svc.dataDir, 'logs', 'service.log');
  const log = readFileSync(logFile, 'utf8');
  // The start says where its time went: loading the code, and opening (and upgrading) the store.
  assert.match(log, /"processMs":\d+,"openStoreMs":\d+,"msg":"service starting"/);
  const line = log.split('\n').find((l) => l.includes('"STORE_FULL"'));
  assert.ok(line, 'the fault is in the log');
  assert.match(line, /"route":"POST \/api-v1\/api\/quickSale\/SaveSale"/i);
  assert.match(line, /SQLITE_FULL/, 'with what SQLite said');
  assert.ok(!log.includes(cashier.token), 'no token in the log');
  assert.equal(mode(logFile), '600');
});

/** No free page left in the store's file: the next sale that must grow it finds the disk full. */
function fillStore(service: TestService): () => void {
  const { db } = service.server.deps;
  db.exec('VACUUM');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  return () => db.pragma('max_page_count = 4294967294');
}

const hasDevFull = existsSync('/dev/full');

test('a log on a full disk (/dev/full answers ENOSPC to every write) never takes a request down: many SaveSales on a full store answer 503, none 500, and the service keeps answering', { skip: !hasDevFull }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-log-full-'));
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  symlinkSync('/dev/full', path.join(dataDir, 'logs', 'service.log'));
  const store = await storeWithStaff({ dataDir, logToFile: true });
  try {
    const carts = [];
    for (let i = 0; i < 25; i++) carts.push(await cartToSave(store.svc, store.cashier));
    const statuses: number[] = [];
    const codes = new Set<unknown>();
    const room = fillStore(store.svc);
    try {
      // Each refusal is logged, and each log line meets a full disk.
      for (const body of carts) {
        const answer = await callAs(store.svc, store.cashier, 'quickSale/SaveSale', body);
        statuses.push(answer.status);
        if (answer.status !== 200) codes.add(answer.json.code);
        // A refusal (4xx) is logged too: it stays a 400.
        const bad = await callAs(store.svc, store.cashier, 'quickSale/SaveSale', { salesorderModel: { deliveryDate: 'soon' } });
        statuses.push(bad.status);
      }
    } finally {
      room();
    }
    assert.ok(!statuses.some((s) => s >= 500 && s !== 503), `no 500: ${statuses.join(' ')}`);
    assert.ok(statuses.filter((s) => s === 503).length >= 20, `the full store answered 503: ${statuses.join(' ')}`);
    assert.deepEqual([...codes], ['STORE_FULL']);
    // The service keeps answering, and the sale goes through once there is room.
    const saved = await callAs(store.svc, store.cashier, 'quickSale/SaveSale', carts.at(-1));
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await callAs(store.svc, store.cashier, 'Account/user-details')).status, 200);
  } finally {
    await store.svc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const canMount = process.platform === 'linux' && process.getuid?.() === 0;

test('a log whose disk fills and then has room again: the lines it could not write are counted and reported in the next line written', { skip: !canMount && 'needs root on Linux to mount a small tmpfs' }, async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-log-room-'));
  const logs = path.join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true, mode: 0o700 });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', logs]);
  const filler = path.join(logs, 'filler');
  try {
    assert.throws(() => writeFileSync(filler, Buffer.alloc(1024 * 1024)), { code: 'ENOSPC' });
    const store = await storeWithStaff({ dataDir, logToFile: true });
    try {
      for (let i = 0; i < 5; i++) {
        assert.equal((await callAs(store.svc, store.cashier, 'quickSale/SaveSale', { salesorderModel: { deliveryDate: 'soon' } })).status, 400);
      }
      assert.equal(readFileSync(path.join(logs, 'service.log'), 'utf8'), '', 'nothing fitted');
      unlinkSync(filler);
      assert.equal((await callAs(store.svc, store.cashier, 'quickSale/SaveSale', { salesorderModel: { deliveryDate: 'later' } })).status, 400);
      const lines = readFileSync(path.join(logs, 'service.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      // The start and the five refusals were dropped; the notice comes first, then the line that fitted.
      assert.equal(lines[0]!.msg, 'log lines dropped: the log file could not be written');
      assert.equal(lines[0]!.reason, 'ENOSPC');
      assert.ok(Number(lines[0]!.droppedLines) >= 6, JSON.stringify(lines[0]));
      assert.equal(lines[1]!.msg, 'refused');
      assert.equal(lines.length, 2);
    } finally {
      await store.svc.close();
    }
  } finally {
    execFileSync('umount', ['-l', logs]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a route that writes a file to a full disk (staging a restore: its note meets ENOSPC) answers 503 DISK_FULL in words and logs it, never a 500', { skip: !hasDevFull }, async () => {
  const manager = await svc.as('manager');
  const admin = await svc.as('admin');
  const taken = await manager.call(api.Backup.now, { body: {} });
  assert.ok(taken.file, taken.message);
  const note = path.join(svc.dataDir, 'restore-staged.json');
  symlinkSync('/dev/full', note);
  try {
    const answer = await callAs(svc, admin, 'Backup/stage-restore', { file: taken.file });
    assert.equal(answer.status, 503, answer.text);
    assert.equal(answer.json.code, 'DISK_FULL');
    assert.match(String(answer.json.message), /^The disk is full\. Free some space/);
  } finally {
    unlinkSync(note);
    await admin.call(api.Backup.cancelRestore, { body: {} });
  }
  const line = readFileSync(path.join(svc.dataDir, 'logs', 'service.log'), 'utf8').split('\n').find((l) => l.includes('"DISK_FULL"'));
  assert.ok(line, 'the fault is in the log');
  assert.match(line, /ENOSPC/, 'with what the disk said');
});

test('a read-only store: adding to a cart answers 503 STORE_READ_ONLY, and works again once writable', async () => {
  const { db, enc } = svc.server.deps;
  const itemID = enc.encode('item', singleVisionLens(svc).id);
  db.pragma('query_only = ON');
  try {
    const refused = await callAs(svc, cashier, 'quickSale/SaveSalesOrderTemp', { itemID });
    assert.equal(refused.status, 503);
    assert.equal(refused.json.code, 'STORE_READ_ONLY');
  } finally {
    db.pragma('query_only = OFF');
  }
  assert.equal((await callAs(svc, cashier, 'quickSale/SaveSalesOrderTemp', { itemID })).status, 200);
});

test('tokens are signed with a key kept outside the store, 0600; a new key signs everyone out', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-key-'));
  try {
    let service = await startTestService({ dataDir });
    const keyFile = path.join(dataDir, 'token.key');
    if (process.platform !== 'win32') assert.equal(mode(keyFile), '600');
    const signedIn = await service.as('cashier');
    await signedIn.call(api.Account.userDetails, {});
    await service.close();
    // The same key after a restart: still signed in.
    service = await startTestService({ dataDir });
    assert.equal((await callAs(service, signedIn, 'Account/user-details')).status, 200);
    await service.close();
    // A new key (the file removed): everyone signs in again.
    rmSync(keyFile);
    service = await startTestService({ dataDir });
    assert.equal((await callAs(service, signedIn, 'Account/user-details')).status, 401);
    await service.as('cashier');
    await service.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
