/**
 * Issue 14, backups a store can trust: a backup taken while two tills keep selling restores to a
 * consistent store holding every sale acknowledged before it began; an encrypted backup refuses a
 * wrong passphrase and any changed byte; a backup of another store, or from a newer app, is refused;
 * a restore refuses while the service runs; files 0600, folders 0700; the folder keeps N backups;
 * an existing store is backed up before a migration changes it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { backupsIn } from '../../main/service/backup/copy.js';
import { setPassphrase } from '../../main/service/backup/key.js';
import { lastGoodBackup, readRecord } from '../../main/service/backup/record.js';
import { restoreBackup, RestoreRefused } from '../../main/service/backup/restore.js';
import { dailyDue } from '../../main/service/backup/schedule.js';
import { backupStatus } from '../../main/service/backup/status.js';
import { backupBeforeMigration, takeBackup } from '../../main/service/backup/take.js';
import { openDatabase } from '../../main/service/db/database.js';
import { migrations } from '../../main/service/db/migrations/index.js';
import { addCustomers } from '../../main/service/setup/bulk-store.js';
import { backupSettings } from '../../main/service/store/backup-copy.js';
import { companies } from '../../main/service/store/company.js';
import { failure } from '../helpers/customers.js';
import { storeWithStaff, type SignedIn } from '../helpers/fixtures.js';
import { singleVisionLens } from '../helpers/items.js';
import { makeSale } from '../helpers/sales.js';
import { api } from '../../shared/endpoints/index.js';
import type { OMFastWizardModel } from '../../shared/models/sale.js';
import { startTestService, type TestService } from '../helpers/service.js';

let svc: TestService;
let cashier: SignedIn;
let manager: SignedIn;
const scratch: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `optical-pos-${name}-`));
  scratch.push(dir);
  return dir;
};

before(async () => {
  ({ svc, cashier, manager } = await storeWithStaff());
});
after(async () => {
  await svc.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const backup = () => takeBackup({ db: svc.server.deps.db, dataDir: svc.dataDir, now: () => new Date(), reason: 'manual' });
const useFolder = (folder: string, generations = 7) => backupSettings(svc.server.deps.db).write({ folder, hour: 21, generations });

/** Restores into a fresh data folder, as on a new PC (nothing there to compare or move aside). */
async function restoreElsewhere(file: string, passphrase?: string) {
  const dataDir = tempDir('restored');
  const target = path.join(dataDir, 'store.sqlite');
  const restored = await restoreBackup({ dataDir, target, file, ...(passphrase ? { passphrase } : {}) });
  return { dataDir, target, restored };
}

/** A restore into a fresh data folder that must be refused, leaving that folder empty. */
async function refusedElsewhere(file: string, passphrase?: string): Promise<RestoreRefused> {
  const dataDir = tempDir('refused');
  const err = await refusal(restoreBackup({ dataDir, target: path.join(dataDir, 'store.sqlite'), file, ...(passphrase ? { passphrase } : {}) }));
  assert.deepEqual(readdirSync(dataDir), [], `${err.code}: nothing written`);
  return err;
}

async function refusal(promise: Promise<unknown>): Promise<RestoreRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RestoreRefused) return err;
    throw err;
  }
  assert.fail('the restore was not refused');
}

test('a backup taken while two tills keep selling restores to a consistent store with every sale acknowledged before it began', { timeout: 120_000 }, async (t) => {
  // A store of its own, of some size (20,000 customers, 24 MB), so the copy spans many sales; the
  // file's other tests back up and restore the small demo store, a few times each.
  const { svc, cashier, manager } = await storeWithStaff();
  t.after(() => svc.close());
  const { db, ids } = svc.server.deps;
  addCustomers({ file: '', db, ids, company: companies(db).only()! }, 20_000);
  // Carts ready at the tills; each till saves one sale after another (SaveSale, the write).
  const { enc } = svc.server.deps;
  const lens = enc.encode('item', singleVisionLens(svc).id);
  const carts: Array<{ client: SignedIn; body: OMFastWizardModel }> = [];
  for (let i = 0; i < 60; i++) {
    const client = i % 2 ? manager : cashier;
    const { sessionID } = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { itemID: lens } });
    const view = await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID } });
    const { customerID } = await client.call(api.Customer.upsert, { body: { firstName: 'Stream', lastName: `Sale${i}` } });
    carts.push({
      client,
      body: {
        sessionID,
        salesorderModel: { sessionId: sessionID, customerId: customerID },
        receiptModel: { receiptTypeId: enc.encode('paymentKind', 1), amount: view.netAmount ?? 0 },
      },
    });
  }
  const acknowledged: Array<{ no: string; at: number }> = [];
  const till = async (mine: typeof carts) => {
    for (const cart of mine) {
      const sale = await cart.client.call(api.QuickSale.saveSale, { body: cart.body });
      acknowledged.push({ no: sale.salesOrderNo, at: Date.now() });
    }
  };
  const tills = [till(carts.filter((c) => c.client === cashier)), till(carts.filter((c) => c.client === manager))];
  while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 1));
  const started = Date.now();
  // Ten pages per step, so the copy runs across many sales (as a large store's would).
  const result = await takeBackup({ db: svc.server.deps.db, dataDir: svc.dataDir, now: () => new Date(), reason: 'manual', stepPages: 10 });
  const ended = Date.now();
  await Promise.all(tills);
  const during = acknowledged.filter((s) => s.at >= started && s.at <= ended).length;
  t.diagnostic(`${during} sales acknowledged during the backup (${ended - started} ms, ${result.bytes} bytes), ${acknowledged.length} in all`);
  assert.ok(during > 0, 'sales were saved while the backup ran');

  assert.equal(result.ok, true, result.message);
  assert.equal(result.encrypted, false);
  assert.ok(result.file!.startsWith(path.join(svc.dataDir, 'backups')));
  assert.equal(mode(result.file!), '600');
  assert.equal(mode(path.dirname(result.file!)), '700');
  assert.equal(lastGoodBackup(svc.dataDir), result.at);
  assert.equal(readRecord(svc.dataDir)[0]!.file, result.file);

  const { target: restoredFile, restored } = await restoreElsewhere(result.file!);
  assert.match(restored.message, /returns to the backup taken/);
  assert.equal(mode(restoredFile), '600');
  const copy = new Database(restoredFile, { readonly: true });
  try {
    assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
    assert.deepEqual(copy.pragma('foreign_key_check'), []);
    const numbers = new Set(copy.prepare<[], { order_no: string }>('SELECT order_no FROM sales_order').all().map((r) => r.order_no));
    for (const sale of acknowledged.filter((s) => s.at < started)) assert.ok(numbers.has(sale.no), `sale ${sale.no}, acknowledged before the backup began, is in it`);
    assert.equal(numbers.size, result.counts!.sales_order);
    // Whole sales only: every order has its lines and, paid in full, receipts adding up to its total.
    const partial = copy
      .prepare(
        `SELECT o.order_no FROM sales_order o
          WHERE NOT EXISTS (SELECT 1 FROM sales_order_line l WHERE l.sales_order_id = o.id)
             OR (o.order_no IN (${[...acknowledged.map(() => '?')].join(',')})
                 AND (SELECT coalesce(sum(r.amount), 0) FROM receipt r WHERE r.sales_order_id = o.id) <> o.grand_total)`,
      )
      .all(...acknowledged.map((s) => s.no));
    assert.deepEqual(partial, []);
    // The counters go on from the last number in the copy: no number reused after the restore.
    const behind = copy
      .prepare(
        `SELECT n.branch_id, n.year_id, n.next, count(o.id) AS orders FROM number_series n
           JOIN sales_order o ON o.branch_id = n.branch_id AND o.year_id = n.year_id
          WHERE n.kind = 'order' GROUP BY n.branch_id, n.year_id HAVING n.next <= count(o.id)`,
      )
      .all();
    assert.deepEqual(behind, []);
  } finally {
    copy.close();
  }
});

test('a backup outside the data folder is encrypted; a wrong passphrase, a changed byte or a cut file is refused in words', { timeout: 60_000 }, async () => {
  const usb = path.join(tempDir('usb'), 'pos-backups');
  useFolder(usb);
  rmSync(path.join(svc.dataDir, 'backup.key'), { force: true });
  const refused = await backup();
  assert.equal(refused.ok, false);
  assert.match(refused.message, /no backup passphrase is set/);

  setPassphrase(svc.dataDir, 'correct horse battery');
  assert.equal(mode(path.join(svc.dataDir, 'backup.key')), '600');
  assert.ok(!readFileSync(path.join(svc.dataDir, 'backup.key'), 'utf8').includes('correct horse'));
  const result = await backup();
  assert.equal(result.ok, true, result.message);
  assert.equal(result.encrypted, true);
  assert.equal(path.dirname(result.file!), usb);
  assert.deepEqual([mode(usb), mode(result.file!)], ['700', '600']);
  const bytes = readFileSync(result.file!);
  assert.equal(bytes.subarray(0, 7).toString('latin1'), 'OPOSBAK');
  assert.ok(!bytes.includes(Buffer.from('SQLite format 3')), 'no plain SQLite inside');
  assert.deepEqual(readdirSync(svc.dataDir).filter((f) => f.endsWith('.partial')), [], 'no plain copy left behind');

  const needs = await refusedElsewhere(result.file!);
  assert.equal(needs.code, 'NEEDS_PASSPHRASE');
  const wrong = await refusedElsewhere(result.file!, 'not the passphrase');
  assert.equal(wrong.code, 'WRONG_PASSPHRASE');
  assert.match(wrong.message, /passphrase is wrong/);

  const folder = tempDir('tampered');
  const flipped = (at: number) => {
    const copy = Buffer.from(bytes);
    copy[at] = copy[at]! ^ 0x01;
    const file = path.join(folder, `flipped-${at}.opbackup`);
    writeFileSync(file, copy);
    return file;
  };
  // The version, the scrypt cost, the salt, the iv, the key check, the header sum, the body, the tag.
  for (const at of [8, 9, 20, 30, 45, 60, 70, Math.floor(bytes.length / 2), bytes.length - 1]) {
    const err = await refusedElsewhere(flipped(at), 'correct horse battery');
    assert.equal(err.code, 'DAMAGED', `byte ${at}: ${err.code} ${err.message}`);
    assert.match(err.message, /damaged|changed/);
  }
  const cut = path.join(folder, 'cut.opbackup');
  writeFileSync(cut, bytes.subarray(0, bytes.length - 1000));
  assert.equal((await refusedElsewhere(cut, 'correct horse battery')).code, 'DAMAGED');
  const notOurs = path.join(folder, 'holiday.jpg');
  writeFileSync(notOurs, Buffer.alloc(4096, 7));
  assert.equal((await refusedElsewhere(notOurs)).code, 'NOT_A_BACKUP');

  const { restored, target } = await restoreElsewhere(result.file!, 'correct horse battery');
  assert.equal(restored.facts.integrity, 'ok');
  assert.equal(mode(target), '600');
  useFolder('');
});

test('a backup of another store is refused unless forced; a restore keeps the replaced store aside and says where', { timeout: 60_000 }, async () => {
  const other = await storeWithStaff();
  try {
    const theirs = await takeBackup({ db: other.svc.server.deps.db, dataDir: other.svc.dataDir, now: () => new Date(), reason: 'manual' });
    assert.equal(theirs.ok, true, theirs.message);
    const ours = await backup();
    // Our data folder, as the stopped service left it (a copy of it: the service here still runs).
    const dataDir = tempDir('ours');
    const target = path.join(dataDir, 'store.sqlite');
    await restoreBackup({ dataDir, target, file: ours.file! });
    const foreign = await refusal(restoreBackup({ dataDir, target, file: theirs.file! }));
    assert.equal(foreign.code, 'FOREIGN');
    assert.match(foreign.message, /another store/);
    const forced = await restoreBackup({ dataDir, target, file: theirs.file!, force: true });
    assert.ok(forced.asideFile && existsSync(forced.asideFile));
    assert.match(forced.message, /kept as/);
  } finally {
    await other.svc.close();
  }
});

test('a backup from a newer app is refused, and so is a restore while the service runs', async () => {
  const result = await backup();
  const newer = path.join(tempDir('newer'), 'newer.sqlite');
  writeFileSync(newer, readFileSync(result.file!));
  const db = new Database(newer);
  db.pragma(`user_version = ${migrations.length + 1}`);
  db.close();
  const err = await refusedElsewhere(newer);
  assert.equal(err.code, 'NEWER_SCHEMA');
  assert.match(err.message, /newer Optical POS/);

  const running = await refusal(restoreBackup({ dataDir: svc.dataDir, target: path.join(svc.dataDir, 'demo.sqlite'), file: result.file! }));
  assert.equal(running.code, 'SERVICE_RUNNING');
  assert.ok(existsSync(path.join(svc.dataDir, 'demo.sqlite')));
});

test('a drive that is not there: the backup fails in words, is on record, and the last good one stands', async () => {
  const before = lastGoodBackup(svc.dataDir);
  const gone = path.join(tempDir('unplugged'), 'not-a-folder');
  writeFileSync(gone, '');
  useFolder(path.join(gone, 'pos-backups'));
  setPassphrase(svc.dataDir, 'some passphrase here');
  const failed = await backup();
  assert.equal(failed.ok, false);
  assert.match(failed.message, /^The backup failed: .*The earlier backups are untouched\.$/);
  assert.equal(readRecord(svc.dataDir)[0]!.at, failed.at);
  assert.equal(lastGoodBackup(svc.dataDir), before);
  assert.deepEqual(readdirSync(svc.dataDir).filter((f) => f.includes('.partial')), []);
  useFolder('');
});

test('the folder keeps the newest N backups', async () => {
  const folder = path.join(svc.dataDir, 'kept');
  useFolder(folder, 3);
  for (let i = 0; i < 5; i++) assert.equal((await backup()).ok, true);
  assert.equal(backupsIn(folder).length, 3);
  useFolder('');
});

test('an existing store is backed up before a migration changes it, and not upgraded without one; a new one is not', () => {
  const dataDir = tempDir('migrate');
  const file = path.join(dataDir, 'store.sqlite');
  const old = new Database(file);
  old.exec(migrations[0]!.sql);
  old.pragma('user_version = 1');
  old.close();
  const db = openDatabase(file, { beforeMigrate: backupBeforeMigration(dataDir) });
  db.close();
  const [made] = backupsIn(path.join(dataDir, 'backups'));
  assert.ok(made && made.endsWith('-migration.sqlite'));
  assert.equal(mode(made), '600');
  const copy = new Database(made, { readonly: true });
  assert.equal(copy.pragma('user_version', { simple: true }), 1);
  copy.close();
  assert.equal(readRecord(dataDir)[0]!.reason, 'migration');

  // No backup, no upgrade: the store stays as it was (here the backups folder cannot be made).
  const stuck = tempDir('stuck');
  const stuckFile = path.join(stuck, 'store.sqlite');
  const older = new Database(stuckFile);
  older.exec(migrations[0]!.sql);
  older.pragma('user_version = 1');
  older.close();
  writeFileSync(path.join(stuck, 'backups'), 'a file where the folder would go');
  assert.throws(() => openDatabase(stuckFile, { beforeMigrate: backupBeforeMigration(stuck) }), /The store was not upgraded: the backup before the upgrade could not be made/);
  const still = new Database(stuckFile, { readonly: true });
  assert.equal(still.pragma('user_version', { simple: true }), 1);
  still.close();

  const fresh = tempDir('fresh');
  openDatabase(path.join(fresh, 'store.sqlite'), { beforeMigrate: backupBeforeMigration(fresh) }).close();
  assert.equal(existsSync(path.join(fresh, 'backups')), false);
});

test('npm run backup and npm run restore: the commands, their words and their exit codes', { timeout: 90_000 }, async () => {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'main', script), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, POS_DATA_DIR: '' } });
  const dataDir = tempDir('cli');
  await (await startTestService({ dataDir })).close();
  const backedUp = run('backup.ts', '--data-dir', dataDir);
  assert.equal(backedUp.status, 0, backedUp.stderr);
  assert.match(backedUp.stdout, /Backed up and checked/);
  const [file] = backupsIn(path.join(dataDir, 'backups'));
  assert.ok(file);

  const elsewhere = tempDir('cli-restored');
  const restored = run('restore.ts', file, '--data-dir', elsewhere);
  assert.equal(restored.status, 0, restored.stderr);
  assert.match(restored.stdout, /The store returns to the backup taken/);
  assert.ok(existsSync(path.join(elsewhere, 'store.sqlite')));

  const running = await startTestService({ dataDir: elsewhere });
  try {
    const refused = run('restore.ts', file, '--data-dir', elsewhere);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /Not restored: Optical POS is running on this data folder/);
    // A backup, though, may be taken while the app runs: the store is only read.
    const meanwhile = run('backup.ts', '--data-dir', elsewhere);
    assert.equal(meanwhile.status, 0, meanwhile.stderr);
    assert.match(meanwhile.stdout, /Backed up and checked/);
  } finally {
    await running.close();
  }
});

test('Backup/status for every user, warning when the last good backup is over a day old (never for the demo store); the rest for managers', async () => {
  const [optometrist, admin] = await Promise.all([svc.as('optometrist'), svc.as('admin')]);
  const taken = await manager.call(api.Backup.now, { body: {} });
  assert.equal(taken.ok, true, taken.message);
  const fresh = await optometrist.call(api.Backup.status);
  assert.deepEqual(fresh, { lastGoodAt: taken.at, stale: false });
  svc.clock.advance(25 * 60 * 60_000);
  try {
    // The demo store's practice data warns nobody; a real store's would (backupStatus, below).
    assert.equal((await (await svc.as('cashier')).call(api.Backup.status)).stale, false);
    assert.deepEqual(backupStatus(svc.dataDir, svc.clock.now), { lastGoodAt: taken.at, stale: true });
    assert.deepEqual(backupStatus(tempDir('never'), svc.clock.now), { lastGoodAt: null, stale: true });
  } finally {
    svc.clock.advance(-25 * 60 * 60_000);
  }
  await failure(cashier.call(api.Backup.overview), 403);
  await failure(cashier.call(api.Backup.now, { body: {} }), 403);
  await failure(optometrist.call(api.Backup.settings, { body: { folder: '', hour: 20, generations: 7 } }), 403);

  const overview = await admin.call(api.Backup.overview);
  assert.equal(overview.recent[0]!.at, taken.at);
  assert.equal(overview.folderInUse, path.join(svc.dataDir, 'backups'));
  assert.equal(overview.encrypted, false);

  rmSync(path.join(svc.dataDir, 'backup.key'), { force: true });
  const usb = tempDir('share');
  const relative = await failure(manager.call(api.Backup.settings, { body: { folder: 'backups', hour: 20, generations: 7 } }), 400);
  assert.ok(relative.body && 'errors' in relative.body && JSON.stringify(relative.body).includes('folder'));
  const noKey = await failure(manager.call(api.Backup.settings, { body: { folder: usb, hour: 20, generations: 7 } }), 400);
  assert.match(noKey.message, /set a backup passphrase/);
  await failure(manager.call(api.Backup.settings, { body: { folder: usb, hour: 20, generations: 7, passphrase: 'short' } }), 400);
  await failure(manager.call(api.Backup.settings, { body: { folder: usb, hour: 24, generations: 7 } }), 400);
  assert.equal(backupSettings(svc.server.deps.db).read().folder, '', 'a refused change keeps nothing');

  const set = await manager.call(api.Backup.settings, { body: { folder: usb, hour: 20, generations: 5, passphrase: 'a long store passphrase' } });
  assert.deepEqual([set.folderInUse, set.encrypted, set.passphraseSet, set.hour, set.generations], [usb, true, true, 20, 5]);
  chmodSync(usb, 0o755); // a share others use: not ours to change
  const sealed = await manager.call(api.Backup.now, { body: {} });
  assert.equal(sealed.encrypted, true);
  assert.ok(sealed.file!.startsWith(usb));
  assert.deepEqual([mode(usb), mode(sealed.file!)], ['755', '600']);
  await manager.call(api.Backup.settings, { body: { folder: '', hour: 21, generations: 7 } });
});

test('the daily backup is due once the set hour has come round, also on a PC that was off then; the service backs up as it closes', async () => {
  const at = (text: string) => new Date(text);
  const daily = (when: string, ok = true) => ({ at: at(when).toISOString(), reason: 'daily' as const, ok, message: '' });
  assert.equal(dailyDue(at('2026-11-25T20:59'), 21, [daily('2026-11-24T21:00')]), false);
  assert.equal(dailyDue(at('2026-11-25T21:00'), 21, [daily('2026-11-24T21:00')]), true);
  assert.equal(dailyDue(at('2026-11-25T21:30'), 21, [daily('2026-11-25T21:01')]), false);
  // Off at 21:00 yesterday: due first thing in the morning.
  assert.equal(dailyDue(at('2026-11-26T09:00'), 21, [daily('2026-11-24T21:00')]), true);
  // A failed try is tried again an hour later, not every minute.
  assert.equal(dailyDue(at('2026-11-25T21:30'), 21, [daily('2026-11-25T21:01', false)]), false);
  assert.equal(dailyDue(at('2026-11-25T22:02'), 21, [daily('2026-11-25T21:01', false)]), true);

  const dataDir = tempDir('closing');
  const service = await startTestService({ dataDir, backups: true });
  await service.close();
  const [closing] = readRecord(dataDir);
  assert.equal(closing?.reason, 'close');
  assert.equal(closing.ok, true, closing.message);
  assert.equal(existsSync(path.join(dataDir, 'service.lock')), false, 'the lock goes with the service');
});

test('a restore chosen on the screen is checked at once and put in place at the next start, the replaced store kept aside', { timeout: 60_000 }, async () => {
  const dataDir = tempDir('staged');
  const store = await storeWithStaff({ dataDir });
  let reopened: TestService | undefined;
  try {
    const before = await makeSale(store.svc, store.cashier, { paid: 'all' });
    const taken = await store.manager.call(api.Backup.now, { body: {} });
    const after = await makeSale(store.svc, store.cashier, { paid: 'all' });

    await failure(store.manager.call(api.Backup.stageRestore, { body: { file: taken.file! } }), 403);
    const elsewhere = await failure(store.admin.call(api.Backup.stageRestore, { body: { file: '/etc/passwd' } }), 400);
    assert.match(JSON.stringify(elsewhere.body), /file/);
    const staged = await store.admin.call(api.Backup.stageRestore, { body: { file: taken.file! } });
    assert.equal(staged.takenAt, taken.at);
    assert.match(staged.returnsTo, /the backup taken/);
    assert.equal(mode(path.join(dataDir, 'restore-staged.sqlite')), '600');
    assert.equal((await store.admin.call(api.Backup.overview)).stagedRestore?.file, taken.file);
    const cancelled = await store.admin.call(api.Backup.cancelRestore, { body: {} });
    assert.equal(cancelled.stagedRestore, null);
    await store.admin.call(api.Backup.stageRestore, { body: { file: taken.file! } });

    await store.svc.close();
    reopened = await startTestService({ dataDir });
    const cashier = await reopened.as('cashier');
    const found = await cashier.call(api.Orders.detail, { params: { salesOrderNo: before.salesOrderNo } });
    assert.equal(found.salesOrderNO, before.salesOrderNo);
    await failure(cashier.call(api.Orders.detail, { params: { salesOrderNo: after.salesOrderNo } }), 404);
    const files = readdirSync(dataDir);
    assert.ok(files.some((f) => /^demo\.sqlite\.before-restore-\d{8}T\d{6}Z$/.test(f)), files.join(', '));
    assert.ok(!files.includes('restore-staged.sqlite') && !files.includes('restore-staged.json'));
  } finally {
    await (reopened ?? store.svc).close();
  }
});

test('an encrypted backup is staged with the key kept on this PC, or, made under an earlier passphrase, with that passphrase', { timeout: 60_000 }, async () => {
  const usb = path.join(tempDir('usb-staged'), 'backups');
  useFolder(usb);
  setPassphrase(svc.dataDir, 'first passphrase here');
  const first = await backup();
  assert.equal(first.encrypted, true, first.message);
  const admin = await svc.as('admin');
  try {
    assert.match((await admin.call(api.Backup.stageRestore, { body: { file: first.file! } })).returnsTo, /orders/);
    setPassphrase(svc.dataDir, 'second passphrase now');
    const needs = await failure(admin.call(api.Backup.stageRestore, { body: { file: first.file! } }), 400);
    assert.equal(needs.body.code, 'NEEDS_PASSPHRASE');
    const wrong = await failure(admin.call(api.Backup.stageRestore, { body: { file: first.file!, passphrase: 'second passphrase now' } }), 400);
    assert.equal(wrong.body.code, 'WRONG_PASSPHRASE');
    await admin.call(api.Backup.stageRestore, { body: { file: first.file!, passphrase: 'first passphrase here' } });
  } finally {
    await admin.call(api.Backup.cancelRestore, { body: {} });
    useFolder('');
  }
});
