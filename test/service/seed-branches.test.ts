/**
 * `npm run seed -- --branches N` (setup/bulk-branches.ts) run as a developer runs it, with small
 * numbers: the company becomes a chain of N branches over a few states, each with its own code, a
 * GSTIN of its state and a till open; the orders seeded with them spread over every branch; a second
 * run with the same N adds none.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gstinProblem } from '../../shared/domain/gstin.js';
import { openStoreFile } from '../../main/service/store-file.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-seed-branches-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'main', 'seed.ts'), '--data-dir', dataDir, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, POS_DATA_DIR: '' },
  });

test('--branches 12 --orders 400: twelve branches over several states, a till open at each new one, orders at every branch', () => {
  const run = seed('--branches', '12', '--orders', '400');
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /branches: 10 added, 12 in all/, 'the demo’s two branches count towards the twelve');
  const store = openStoreFile(dataDir);
  try {
    const { db } = store;
    const rows = db
      .prepare('SELECT b.id, b.code, b.name, b.city, b.gstin, s.gst_state_code AS state FROM branch b JOIN state s ON s.id = b.state_id WHERE b.company_id = ? ORDER BY b.code')
      .all(store.company.id) as Array<{ id: number; code: string; name: string; city: string; gstin: string; state: string }>;
    assert.equal(rows.length, 12);
    assert.equal(new Set(rows.map((b) => b.code)).size, 12);
    assert.ok(new Set(rows.map((b) => b.state)).size >= 3, 'spread over a few states');
    for (const b of rows) {
      assert.ok(b.name && b.city, `${b.code} has a name and a city`);
      assert.equal(gstinProblem(b.gstin), null, `${b.code}'s GSTIN ${b.gstin} is well-formed`);
      assert.equal(b.gstin.slice(0, 2), b.state, `${b.code}'s GSTIN is of its own state`);
    }
    const open = db.prepare("SELECT branch_id FROM till_session WHERE status = 'open' AND till = 'T1'").pluck().all() as number[];
    assert.equal(open.length, 10, 'one till open at each seeded branch');
    const ordersAt = new Map(
      (db.prepare('SELECT branch_id, count(*) AS n FROM sales_order GROUP BY branch_id').all() as Array<{ branch_id: number; n: number }>).map((r) => [r.branch_id, r.n]),
    );
    assert.equal([...ordersAt.values()].reduce((a, b) => a + b, 0), 400);
    for (const b of rows) assert.ok((ordersAt.get(b.id) ?? 0) > 0, `${b.code} has orders`);
  } finally {
    store.db.close();
  }

  const again = seed('--branches', '12');
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /branches: 0 added, 12 in all/);
  const bad = seed('--branches', 'many');
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /--branches must be a whole number/);
});
