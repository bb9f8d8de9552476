/**
 * The first run on screen, over HTTP against a real service on a real data folder: a PC with no
 * store answers the Setup endpoints only; setting up refuses with the field named in the same
 * words as `npm run setup` (one rule for both) and writes nothing; the store made is served on the
 * same address without a restart; the demo's admin can leave it for a real store the same way;
 * a real store has no demo users and answers 409.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ApiError, createClient } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import type { StoreSetupRequest } from '../../shared/models/setup.js';
import { startTestService, type TestService } from '../helpers/service.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

const good: StoreSetupRequest = {
  companyName: 'Sharma Opticals',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  branchCode: 'PUN1',
  branchName: 'Camp',
  branchCity: 'Pune',
  adminUserName: 'owner',
  adminPassword: 'correct horse battery',
  tillCode: 'P1',
};

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  assert.fail('expected a refusal');
}

const storeFiles = (dir: string) => readdirSync(dir).filter((f) => f.includes('.sqlite'));

async function withFirstRun(fn: (svc: TestService) => Promise<void>, noStore: 'ask' | 'no-demo' = 'ask') {
  const svc = await startTestService({ noStore, readWorkers: 0 });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

test('a PC with no store shows the first run: only the Setup endpoints answer, without sign-in, and nothing is written', () =>
  withFirstRun(async (svc) => {
    const status = await svc.anon.call(api.Setup.status, {});
    assert.equal(status.state, 'first-run');
    assert.equal(status.demoOffered, true);
    assert.equal(status.financialYearStart, 'April');
    assert.ok(status.states.some((s) => s.name === 'Maharashtra' && s.gstStateCode === '27'));
    const login = await refusal(svc.anon.call(api.Auth.login, { body: { userName: 'admin', password: 'demo1234' } }));
    assert.equal(login.status, 503);
    assert.equal(login.body.code, 'NO_STORE_YET');
    assert.match(login.body.message, /No store is set up on this PC yet/);
    assert.deepEqual(storeFiles(svc.dataDir), [], 'no demo made without asking');
  }));

test('setting up refuses each wrong field by name, in the same words as npm run setup, and writes nothing', () =>
  withFirstRun(async (svc) => {
    const cases: [Partial<StoreSetupRequest>, string, RegExp][] = [
      [{ gstin: '27AAPFU0939F1ZW' }, 'gstin', /^Company GSTIN: GSTIN check character does not match/],
      [{ state: 'Gujarat' }, 'gstin', /^Company GSTIN: starts with 27, but Gujarat is 24/],
      [{ companyName: '' }, 'companyName', /^Company name: /],
      [{ branchCode: '' }, 'branchCode', /^Branch code: /],
      [{ adminPassword: 'short' }, 'adminPassword', /^Administrator password: At least 8 characters/],
      [{ tillCode: 'ABCD' }, 'tillCode', /^Till code: 1 to 3 letters or digits/],
      // A branch's own GSTIN: the same check character and state rules as the company's.
      [{ branchGstin: '24AAPFU0939F1ZW' }, 'branchGstin', /^Branch GSTIN: GSTIN check character/],
      [{ branchGstin: '24AAPFU0939F1Z1' }, 'branchGstin', /^Branch GSTIN: starts with 24, but Maharashtra is 27/],
      [{ branchState: 'Gujarat' }, 'branchGstin', /^Branch GSTIN: a branch in Gujarat needs its own GSTIN/],
    ];
    for (const [change, field, words] of cases) {
      const err = await refusal(svc.anon.call(api.Setup.createStore, { body: { ...good, ...change } }));
      assert.equal(err.status, 400, JSON.stringify(change));
      assert.equal(err.body.code, 'STORE_SETUP_REFUSED');
      const [message] = err.fieldErrors(field);
      assert.match(message ?? '', words, `${field}: ${JSON.stringify(err.body)}`);
    }
    assert.deepEqual(storeFiles(svc.dataDir), [], 'nothing written on a refusal');
    assert.equal((await svc.anon.call(api.Setup.status, {})).state, 'first-run');

    // The command line refuses the same GSTIN with the same line: one rule for both.
    const screen = await refusal(svc.anon.call(api.Setup.createStore, { body: { ...good, gstin: '27AAPFU0939F1ZW' } }));
    const cliDir = mkdtempSync(path.join(os.tmpdir(), 'pos-first-run-cli-'));
    try {
      const cli = await run(
        process.execPath,
        ['--import', 'tsx', 'main/setup.ts', '--data-dir', cliDir, '--company', good.companyName!, '--gstin', '27AAPFU0939F1ZW', '--state', 'Maharashtra', '--branch', 'PUN1:Camp:Pune', '--admin-user', 'owner', '--admin-password', good.adminPassword!],
        { cwd: root },
      ).catch((e: { stderr: string }) => e);
      assert.ok(cli.stderr.includes(screen.fieldErrors('gstin')[0]!), `${cli.stderr} / ${screen.body.message}`);
    } finally {
      rmSync(cliDir, { recursive: true, force: true });
    }
  }));

test('a store set up on screen is served on the same address at once: its admin signs in with the password typed there, no demo user exists, and setup answers 409 after', () =>
  withFirstRun(async (svc) => {
    const done = await svc.anon.call(api.Setup.createStore, { body: good });
    assert.equal(done.state, 'store');
    assert.equal(done.userName, 'owner');
    await svc.server.switched();
    assert.equal(svc.server.mode, 'store');
    assert.deepEqual(storeFiles(svc.dataDir).filter((f) => f.endsWith('.sqlite')), ['store.sqlite']);
    const status = await svc.anon.call(api.Setup.status, {});
    assert.equal(status.state, 'store');
    assert.equal(status.demoOffered, false);

    // No demo users, no demo password in a real store.
    for (const user of ['admin', 'cashier', 'manager', 'optometrist']) {
      const err = await refusal(svc.as(user, 'demo1234'));
      assert.equal(err.status, 401);
    }
    // The password the owner typed twice on the screen is theirs: not to be changed again.
    const login = await svc.anon.call(api.Auth.login, { body: { userName: 'owner', password: good.adminPassword! } });
    assert.equal(login.mustChangePassword, false);
    const owner = createClient({ baseUrl: svc.url, getToken: () => login.token });
    const { profile } = await owner.call(api.Account.getProfile, {});
    assert.equal(profile.companyName, 'Sharma Opticals');
    assert.deepEqual(profile.branches.map((b) => b.branchName), ['Camp']);
    const till = svc.server.deps.db.prepare("SELECT value FROM setting WHERE key = 'till_code'").get() as { value: string };
    assert.equal(till.value, 'P1');

    // Once the store exists: 409 for its admin, 401 without sign-in, and no demo.
    const again = await refusal(owner.call(api.Setup.createStore, { body: good }));
    assert.equal(again.status, 409);
    assert.match(again.body.message, /already has its store/);
    assert.equal((await refusal(svc.anon.call(api.Setup.createStore, { body: good }))).status, 401);
    assert.equal((await refusal(owner.call(api.Setup.tryDemo, { body: {} }))).status, 409);
    assert.equal((await refusal(owner.call(api.Setup.joinHub, { body: { hubUrl: 'https://hub.example:8790', joinCode: 'ABCD-EFGH-JKLM' } }))).status, 409);
    assert.equal(existsSync(path.join(svc.dataDir, 'demo.sqlite')), false);
  }));

test('the demo chosen on the first run is made and served; its admin leaves it for a real store on screen, and the demo is never used again', () =>
  withFirstRun(async (svc) => {
    const demo = await svc.anon.call(api.Setup.tryDemo, { body: {} });
    assert.equal(demo.state, 'demo');
    await svc.server.switched();
    assert.equal((await svc.anon.call(api.Setup.status, {})).state, 'demo');
    const cashier = await svc.as('cashier', 'demo1234', { openTill: false });
    assert.equal((await refusal(cashier.call(api.Setup.createStore, { body: good }))).status, 403, 'only the demo’s admin may leave it');
    assert.equal((await refusal(svc.anon.call(api.Setup.createStore, { body: good }))).status, 401);
    const admin = await svc.as('admin', 'demo1234', { openTill: false });
    assert.equal((await refusal(admin.call(api.Setup.tryDemo, { body: {} }))).status, 409);
    const refused = await refusal(admin.call(api.Setup.createStore, { body: { ...good, gstin: '27AAPFU0939F1ZW' } }));
    assert.equal(refused.status, 400);
    assert.equal(existsSync(path.join(svc.dataDir, 'store.sqlite')), false);

    await admin.call(api.Setup.createStore, { body: good });
    await svc.server.switched();
    assert.equal(svc.server.mode, 'store');
    // The demo's token is not good in the real store, and its users are not there.
    assert.equal((await refusal(admin.call(api.Account.userDetails, {}))).status, 401);
    assert.equal((await refusal(svc.as('admin', 'demo1234'))).status, 401);
    const owner = await svc.as('owner', good.adminPassword!);
    assert.ok(owner.token);
    const users = svc.server.deps.db.prepare('SELECT user_name FROM app_user').all() as { user_name: string }[];
    assert.deepEqual(users.map((u) => u.user_name), ['owner']);
  }));

test('with the demo switched off (POS_DEMO=0) the first run offers no demo and refuses it', () =>
  withFirstRun(async (svc) => {
    const status = await svc.anon.call(api.Setup.status, {});
    assert.equal(status.demoOffered, false);
    const err = await refusal(svc.anon.call(api.Setup.tryDemo, { body: {} }));
    assert.equal(err.status, 403);
    assert.match(err.body.message, /demo store is switched off/);
    assert.deepEqual(storeFiles(svc.dataDir), []);
  }, 'no-demo'));

test('joining refuses an address or code that cannot be one, by name, before reaching anything', () =>
  withFirstRun(async (svc) => {
    const address = await refusal(svc.anon.call(api.Setup.joinHub, { body: { hubUrl: 'hub.example', joinCode: 'ABCD-EFGH-JKLM' } }));
    assert.equal(address.status, 400);
    assert.match(address.fieldErrors('hubUrl')[0] ?? '', /address head office gave you/);
    const code = await refusal(svc.anon.call(api.Setup.joinHub, { body: { hubUrl: 'https://hub.example:8790', joinCode: 'ABCD' } }));
    assert.equal(code.status, 400);
    assert.match(code.fieldErrors('joinCode')[0] ?? '', /whole code/);
    // Nothing listens there: a 503 in words, not a 500.
    const down = await refusal(svc.anon.call(api.Setup.joinHub, { body: { hubUrl: 'http://127.0.0.1:9', joinCode: 'ABCD-EFGH-JKLM' } }));
    assert.equal(down.status, 503);
    assert.equal(down.body.code, 'HUB_UNREACHABLE');
    assert.deepEqual(storeFiles(svc.dataDir), []);
  }));
