/**
 * Issue 14, part 8: user administration over HTTP. Only an admin lists, creates, edits,
 * disables, re-enables users and resets a password; every user changes their own. A disabled
 * user's open session stops at its next request; a reset ends the user's sessions and forces a
 * new password, which blocks every other endpoint until chosen; the last active admin stays;
 * user names are unique whatever their case; bad input is a 400 naming the field and writes
 * nothing. A real store's first sign-in must change the initial password; the demo's does not.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { setupStore } from '../../main/service/setup/setup-store.js';
import { storeWithStaff, type SignedIn, type Store } from '../helpers/fixtures.js';
import { callAs, http, startTestService, type TestService } from '../helpers/service.js';

const TEMP = 'temporary-42';

function login(svc: TestService, userName: string, password: string, branchID?: string) {
  return http(`${svc.url}/api-v1/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, ...(branchID ? { branchID } : {}) }),
  });
}

/** Everything user administration writes, to prove a refusal wrote nothing. */
function userTables(svc: TestService) {
  const { db } = svc.server.deps;
  return {
    users: db.prepare('SELECT * FROM app_user ORDER BY id').all(),
    branches: db.prepare('SELECT * FROM user_branch ORDER BY user_id, branch_id').all(),
  };
}

async function branchIds(client: SignedIn): Promise<string[]> {
  const { profile } = await client.call(api.Account.getProfile, {});
  return profile.branches.map((b) => b.branchID);
}

async function userId(admin: SignedIn, userName: string): Promise<string> {
  const list = await admin.call(api.Users.list, {});
  const row = list.find((u) => u.userName === userName);
  assert.ok(row, userName);
  return row.userID;
}

/** Signs `userName` in with a temporary password and chooses `password`; the token carries on. */
async function firstSignIn(svc: TestService, userName: string, temporary: string, password: string): Promise<{ token: string }> {
  const first = await login(svc, userName, temporary);
  assert.equal(first.status, 200, first.text);
  assert.equal(first.json.mustChangePassword, true);
  const changed = await callAs(svc, { token: String(first.json.token) }, 'Users/change-password', { currentPassword: temporary, newPassword: password });
  assert.equal(changed.status, 200, changed.text);
  return { token: String(changed.json.token) };
}

describe('the role matrix', () => {
  let store: Store;
  before(async () => {
    store = await storeWithStaff();
  });
  after(() => store.svc.close());

  test('cashier, manager and optometrist get 403 from every administration endpoint, and nothing is written', async () => {
    const { svc, admin } = store;
    const target = await userId(admin, 'cashier');
    const branches = await branchIds(admin);
    const calls: Array<[string, unknown, string?]> = [
      ['Users/list', undefined],
      ['Users/create', { userName: 'newbie', role: 'cashier', branchIDs: branches, password: TEMP }],
      ['Users/update', { userID: target, role: 'manager', branchIDs: branches }],
      ['Users/disable', { userID: target }],
      ['Users/enable', { userID: target }],
      ['Users/reset-password', { userID: target, newPassword: TEMP }],
    ];
    const before = userTables(svc);
    for (const who of [store.cashier, store.manager, store.optometrist]) {
      for (const [p, body] of calls) {
        const answer = await callAs(svc, who, p, body);
        assert.equal(answer.status, 403, `${p}: ${answer.text}`);
        assert.equal(answer.json.code, 'ROLE_NOT_ALLOWED', p);
      }
    }
    assert.deepEqual(userTables(svc), before);
    const list = await callAs(svc, admin, 'Users/list');
    assert.equal(list.status, 200);
  });

  test('every role may change its own password (a wrong current one is a 403 that keeps the session)', async () => {
    const { svc } = store;
    for (const who of [store.cashier, store.manager, store.optometrist, store.admin]) {
      const wrong = await callAs(svc, who, 'Users/change-password', { currentPassword: 'not-it-at-all', newPassword: 'brand-new-99' });
      assert.equal(wrong.status, 403, wrong.text);
      assert.equal(wrong.json.code, 'WRONG_PASSWORD');
      assert.deepEqual(wrong.json.errors, { currentPassword: ['Wrong password'] });
      assert.equal((await callAs(svc, who, 'Common/GetYears')).status, 200, 'still signed in');
    }
  });
});

describe('user administration', () => {
  let store: Store;
  let svc: TestService;
  let admin: SignedIn;
  let branches: string[];
  before(async () => {
    store = await storeWithStaff();
    ({ svc, admin } = store);
    branches = await branchIds(admin);
  });
  after(() => svc.close());

  test('the admin lists the staff with role, branches and password state', async () => {
    const list = await admin.call(api.Users.list, {});
    assert.deepEqual(list.map((u) => [u.userName, u.role, u.isActive, u.mustChangePassword]).sort(), [
      ['admin', 'admin', true, false],
      ['cashier', 'cashier', true, false],
      ['manager', 'manager', true, false],
      ['optometrist', 'optometrist', true, false],
    ]);
    const cashier = list.find((u) => u.userName === 'cashier')!;
    assert.match(cashier.userID, /^ENC_/);
    assert.deepEqual(cashier.branchNames, ['Navrangpura']);
    assert.equal(cashier.roleName, 'Cashier');
  });

  test('a new user signs in with the temporary password and must choose their own before anything else', async () => {
    const made = await admin.call(api.Users.create, {
      body: { userName: 'meera', fullName: 'Meera Joshi', role: 'cashier', branchIDs: [branches[1]!, branches[0]!], password: TEMP },
    });
    assert.match(made.userID, /^ENC_/);
    const row = (await admin.call(api.Users.list, {})).find((u) => u.userName === 'meera')!;
    assert.equal(row.mustChangePassword, true);
    assert.equal(row.branchID, branches[1]);
    assert.deepEqual(row.branchIDs, [branches[1], branches[0]]);

    const first = await login(svc, 'meera', TEMP);
    assert.equal(first.status, 200);
    assert.equal(first.json.mustChangePassword, true);
    assert.equal(first.json.branchName, 'Adajan', 'the first branch is the usual one');
    const temp = { token: String(first.json.token) };
    for (const p of ['Common/GetYears', 'Account/user-details', 'quickSale/open-carts']) {
      const blocked = await callAs(svc, temp, p);
      assert.equal(blocked.status, 403, p);
      assert.equal(blocked.json.code, 'PASSWORD_CHANGE_REQUIRED', p);
    }
    const blockedPost = await callAs(svc, temp, 'Customer/list', {});
    assert.equal(blockedPost.json.code, 'PASSWORD_CHANGE_REQUIRED');

    const same = await callAs(svc, temp, 'Users/change-password', { currentPassword: TEMP, newPassword: TEMP });
    assert.equal(same.status, 400);
    assert.deepEqual(Object.keys(same.json.errors as object), ['newPassword']);

    const changed = await callAs(svc, temp, 'Users/change-password', { currentPassword: TEMP, newPassword: 'meera-own-77' });
    assert.equal(changed.status, 200, changed.text);
    const mine = { token: String(changed.json.token) };
    assert.equal((await callAs(svc, mine, 'Common/GetYears')).status, 200, 'the new token carries on');
    assert.equal((await callAs(svc, temp, 'Common/GetYears')).status, 401, 'the token of before the change has ended');
    assert.equal((await login(svc, 'meera', TEMP)).status, 401);
    const again = await login(svc, 'meera', 'meera-own-77');
    assert.equal(again.status, 200);
    assert.equal(again.json.mustChangePassword, false);
  });

  test('sign-in may pick one of the user’s branches, and no other', async () => {
    const adajan = await login(svc, 'meera', 'meera-own-77', branches[0]);
    assert.equal(adajan.json.branchName, 'Navrangpura');
    const cashierAway = await login(svc, 'cashier', 'demo1234', branches[1]);
    assert.equal(cashierAway.status, 400);
    assert.equal(cashierAway.json.code, 'NOT_YOUR_BRANCH');
    assert.deepEqual(Object.keys(cashierAway.json.errors as object), ['branchID']);
  });

  test('a disabled user’s open session stops at its next request; re-enabled, they sign in anew', async () => {
    const worker = await svc.as('optometrist');
    assert.equal((await callAs(svc, worker, 'Common/GetYears')).status, 200);
    const id = await userId(admin, 'optometrist');
    const off = await admin.call(api.Users.disable, { body: { userID: id } });
    assert.match(off.message, /disabled/);
    const next = await callAs(svc, worker, 'Common/GetYears');
    assert.equal(next.status, 401);
    assert.equal((await login(svc, 'optometrist', 'demo1234')).status, 401);
    assert.equal((await admin.call(api.Users.list, {})).find((u) => u.userName === 'optometrist')!.isActive, false);

    await admin.call(api.Users.enable, { body: { userID: id } });
    assert.equal((await callAs(svc, worker, 'Common/GetYears')).status, 401, 'the old session stays ended');
    const back = await svc.as('optometrist');
    assert.equal((await callAs(svc, back, 'Common/GetYears')).status, 200);
  });

  test('a password reset ends the user’s sessions and forces a new password', async () => {
    const manager = await svc.as('manager');
    const id = await userId(admin, 'manager');
    await admin.call(api.Users.resetPassword, { body: { userID: id, newPassword: TEMP } });
    assert.equal((await callAs(svc, manager, 'Common/GetYears')).status, 401);
    assert.equal((await login(svc, 'manager', 'demo1234')).status, 401, 'the old password is gone');
    const mine = await firstSignIn(svc, 'manager', TEMP, 'manager-own-88');
    assert.equal((await callAs(svc, mine, 'quickSale/open-carts')).status, 200);
  });

  test('a new role or other branches end the user’s sessions; a name change does not', async () => {
    const made = await admin.call(api.Users.create, { body: { userName: 'ravi', role: 'cashier', branchIDs: [branches[0]!], password: TEMP } });
    const ravi = await firstSignIn(svc, 'ravi', TEMP, 'ravi-own-123');
    await admin.call(api.Users.update, { body: { userID: made.userID, fullName: 'Ravi Kumar', role: 'cashier', branchIDs: [branches[0]!] } });
    assert.equal((await callAs(svc, ravi, 'Common/GetYears')).status, 200);
    await admin.call(api.Users.update, { body: { userID: made.userID, fullName: 'Ravi Kumar', role: 'cashier', branchIDs: [branches[0]!, branches[1]!] } });
    assert.equal((await callAs(svc, ravi, 'Common/GetYears')).status, 401);
    const again = await svc.as('ravi', 'ravi-own-123');
    await admin.call(api.Users.update, { body: { userID: made.userID, fullName: 'Ravi Kumar', role: 'manager', branchIDs: [branches[0]!, branches[1]!] } });
    assert.equal((await callAs(svc, again, 'Common/GetYears')).status, 401);
    const row = (await admin.call(api.Users.list, {})).find((u) => u.userName === 'ravi')!;
    assert.deepEqual([row.fullName, row.role, row.branchNames], ['Ravi Kumar', 'manager', ['Navrangpura', 'Adajan']]);
    const asManager = await svc.as('ravi', 'ravi-own-123');
    assert.equal((await callAs(svc, asManager, 'quickSale/open-carts')).status, 200);
  });

  test('user names are unique whatever their case: 409, nothing written', async () => {
    const before = userTables(svc);
    for (const userName of ['cashier', 'CASHIER', 'Meera']) {
      const answer = await callAs(svc, admin, 'Users/create', { userName, role: 'cashier', branchIDs: [branches[0]], password: TEMP });
      assert.equal(answer.status, 409, userName);
      assert.equal(answer.json.code, 'USER_NAME_TAKEN');
      assert.match(String(answer.json.message), /is taken/);
    }
    assert.deepEqual(userTables(svc), before);
  });

  test('bad input is a 400 naming the field, and writes nothing', async () => {
    const good = { userName: 'someone', role: 'cashier', branchIDs: [branches[0]], password: TEMP };
    const cashierId = await userId(admin, 'cashier');
    const cases: Array<[string, unknown, string]> = [
      ['Users/create', { ...good, password: 'short' }, 'password'],
      ['Users/create', { ...good, password: 'aaaaaaaaaa' }, 'password'],
      ['Users/create', { ...good, userName: 'x' }, 'userName'],
      ['Users/create', { ...good, userName: 'has space' }, 'userName'],
      ['Users/create', { ...good, role: 'owner' }, 'role'],
      ['Users/create', { ...good, branchIDs: [] }, 'branchIDs'],
      ['Users/create', { ...good, branchIDs: ['ENC_notabranchatall00000'] }, 'branchIDs.0'],
      ['Users/create', { ...good, branchIDs: [cashierId] }, 'branchIDs.0'],
      ['Users/create', { ...good, email: 'not-mail' }, 'email'],
      ['Users/update', { userID: 'ENC_nope', role: 'cashier', branchIDs: [branches[0]] }, 'userID'],
      ['Users/update', { userID: cashierId, role: 'cashier', branchIDs: ['nope'] }, 'branchIDs.0'],
      ['Users/disable', { userID: 12 }, 'userID'],
      ['Users/reset-password', { userID: cashierId, newPassword: '1234' }, 'newPassword'],
      ['Users/change-password', { currentPassword: 'demo1234', newPassword: 'short' }, 'newPassword'],
    ];
    const before = userTables(svc);
    for (const [p, body, field] of cases) {
      const answer = await callAs(svc, admin, p, body);
      assert.equal(answer.status, 400, `${p} ${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(Object.keys((answer.json.errors as object) ?? {}).includes(field), `${p}: ${field} in ${answer.text}`);
    }
    assert.deepEqual(userTables(svc), before);
    const unknown = await callAs(svc, admin, 'Users/disable', { userID: svc.server.deps.enc.encode('user', 999) });
    assert.equal(unknown.status, 404);
  });
});

describe('the last active admin', () => {
  let store: Store;
  before(async () => {
    store = await storeWithStaff();
  });
  after(() => store.svc.close());

  test('cannot be disabled or demoted (409 with words); with a second admin, can', async () => {
    const { svc, admin } = store;
    const branches = await branchIds(admin);
    const me = await userId(admin, 'admin');
    const self = await callAs(svc, admin, 'Users/disable', { userID: me });
    assert.equal(self.status, 409);
    assert.equal(self.json.code, 'SELF_DISABLE');
    const before = userTables(svc);
    const demote = await callAs(svc, admin, 'Users/update', { userID: me, role: 'manager', branchIDs: [branches[0]] });
    assert.equal(demote.status, 409);
    assert.equal(demote.json.code, 'LAST_ADMIN');
    assert.match(String(demote.json.message), /only active admin/);
    assert.deepEqual(userTables(svc), before);

    await admin.call(api.Users.create, { body: { userName: 'owner2', role: 'admin', branchIDs: [branches[0]!], password: TEMP } });
    const second = await firstSignIn(svc, 'owner2', TEMP, 'owner2-own-55');
    const off = await callAs(svc, second, 'Users/disable', { userID: me });
    assert.equal(off.status, 200, off.text);
    assert.equal((await callAs(svc, admin, 'Users/list')).status, 401);
    const secondId = await userId(await svc.as('owner2', 'owner2-own-55'), 'owner2');
    const again = await svc.as('owner2', 'owner2-own-55');
    const lastDemote = await callAs(svc, again, 'Users/update', { userID: secondId, role: 'cashier', branchIDs: [branches[0]] });
    assert.equal(lastDemote.status, 409);
    assert.equal(lastDemote.json.code, 'LAST_ADMIN');
  });
});

describe('a real store', () => {
  test('its first admin must change the initial password at the first sign-in; the demo’s need not', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-users-'));
    try {
      await setupStore(
        dataDir,
        {
          company: { name: 'Sharma Opticals', gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' },
          branches: [{ code: 'PUN1', name: 'Camp' }],
          users: [{ userName: 'owner', role: 'admin', password: 'initial-pass-1' }],
        },
        2,
      );
      const svc = await startTestService({ dataDir });
      try {
        assert.equal(svc.server.deps.mode, 'store');
        const first = await login(svc, 'owner', 'initial-pass-1');
        assert.equal(first.json.mustChangePassword, true);
        const blocked = await callAs(svc, { token: String(first.json.token) }, 'Account/get-profile', {});
        assert.equal(blocked.status, 403);
        assert.equal(blocked.json.code, 'PASSWORD_CHANGE_REQUIRED');
        const mine = await firstSignIn(svc, 'owner', 'initial-pass-1', 'owner-chosen-9');
        assert.equal((await callAs(svc, mine, 'Account/get-profile', {})).status, 200);
      } finally {
        await svc.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const demo = await startTestService();
    try {
      const admin = await login(demo, 'admin', 'demo1234');
      assert.equal(admin.json.mustChangePassword, false);
    } finally {
      await demo.close();
    }
  });
});
