import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ApiError, createClient } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { nodeOf } from '../../main/service/ids/id-source.js';
import { startTestService } from '../helpers/service.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

function setup(dataDir: string, extra: string[] = []) {
  return run(
    process.execPath,
    [
      '--import', 'tsx', 'main/setup.ts',
      '--data-dir', dataDir,
      '--company', 'Sharma Opticals',
      '--gstin', '27AAPFU0939F1ZV',
      '--state', 'Maharashtra',
      '--city', 'Pune',
      '--branch', 'PUN1:Camp:Pune',
      '--branch', 'PUN2:Baner:Pune',
      '--admin-user', 'owner',
      '--admin-password', 'correct horse battery',
      '--node', '3',
      ...extra,
    ],
    { cwd: root },
  );
}

test('npm run setup makes a real store; demo users and data never appear in it', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-setup-'));
  try {
    // A till that ran the demo first.
    const demo = await startTestService({ dataDir });
    await demo.as('cashier');
    await demo.close();

    const { stdout } = await setup(dataDir);
    assert.match(stdout, /Store set up/);

    const svc = await startTestService({ dataDir });
    try {
      assert.equal(svc.server.deps.mode, 'store');
      await assert.rejects(svc.as('cashier'), (e: unknown) => e instanceof ApiError && e.status === 401);
      // A real store's first sign-in must choose a new password before anything else.
      const first = await svc.as('owner', 'correct horse battery');
      await assert.rejects(first.call(api.Account.getProfile, {}), (e: unknown) => e instanceof ApiError && e.status === 403);
      const changed = await first.call(api.Users.changePassword, { body: { currentPassword: 'correct horse battery', newPassword: 'owner chose this' } });
      const owner = createClient({ baseUrl: svc.url, getToken: () => changed.token });
      const { profile } = await owner.call(api.Account.getProfile, {});
      assert.equal(profile.companyName, 'Sharma Opticals');
      assert.equal(profile.taxNO, '27AAPFU0939F1ZV');
      assert.deepEqual(profile.branches.map((b) => b.branchName), ['Camp', 'Baner']);
      const companyCount = svc.server.deps.db.prepare('SELECT count(*) AS n FROM company').get() as { n: number };
      assert.equal(companyCount.n, 1);
      const ids = svc.server.deps.db.prepare('SELECT id FROM branch').all() as { id: number }[];
      assert.ok(ids.every((r) => nodeOf(r.id) === 3), 'rows carry the installation number given at setup');
    } finally {
      await svc.close();
    }
    await assert.rejects(setup(dataDir), /already set up/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a wrong GSTIN or a state that does not match it is refused, and nothing is left behind', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-setup-'));
  try {
    await assert.rejects(setup(dataDir, ['--gstin', '27AAPFU0939F1ZW']), /check character/);
    await assert.rejects(setup(dataDir, ['--state', 'Gujarat']), /starts with 27, but Gujarat is 24/);
    await assert.rejects(setup(dataDir, ['--admin-password', 'short']), /8 characters/);
    assert.deepEqual(readdirSync(dataDir), []);
    assert.equal(existsSync(path.join(dataDir, 'store.sqlite')), false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('with POS_DEMO=0 semantics (allowDemo false) an empty folder is refused instead of opening the demo', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-setup-'));
  try {
    await assert.rejects(startTestService({ dataDir, allowDemo: false }), /npm run setup/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
