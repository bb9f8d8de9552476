import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../main/service/db/database.js';
import { items } from '../../main/service/store/item.js';
import { perDatabase } from '../../main/service/store/per-database.js';
import { referenceList } from '../../main/service/store/reference-list.js';

test('a store is made once per database handle, and each handle gets its own', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-per-db-'));
  const one = openDatabase(path.join(dir, 'one.sqlite'));
  const two = openDatabase(path.join(dir, 'two.sqlite'));
  t.after(() => {
    one.close();
    two.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let made = 0;
  const counted = perDatabase((db) => ({ db, n: ++made }));
  assert.equal(counted(one), counted(one));
  assert.equal(counted(one).db, one);
  assert.equal(counted(two).db, two);
  assert.equal(made, 2);

  assert.equal(items(one), items(one));
  assert.notEqual(items(one), items(two));
  assert.equal(referenceList(one, 'gender'), referenceList(one, 'gender'));
  assert.notEqual(referenceList(one, 'gender'), referenceList(one, 'priority'));
  assert.deepEqual(referenceList(one, 'priority').all(), one.prepare('SELECT id, name FROM priority ORDER BY id').all());
});
