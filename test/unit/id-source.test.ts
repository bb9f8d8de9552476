import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { migrate } from '../../main/service/db/migrate.js';
import { MAX_NODE, idSource, nodeOf } from '../../main/service/ids/id-source.js';

function freshDb() {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

test('ids from two installations never collide, and tell their node', () => {
  const a = idSource(freshDb(), 1);
  const b = idSource(freshDb(), 2);
  const fromA = Array.from({ length: 1000 }, () => a.next('customer'));
  const fromB = Array.from({ length: 1000 }, () => b.next('customer'));
  const all = new Set([...fromA, ...fromB]);
  assert.equal(all.size, 2000);
  assert.ok(fromA.every((id) => nodeOf(id) === 1));
  assert.ok(fromB.every((id) => nodeOf(id) === 2));
});

test('sequences are per table and survive reopening the counter', () => {
  const db = freshDb();
  const first = idSource(db, 7);
  const c1 = first.next('customer');
  const o1 = first.next('sales_order');
  assert.equal(o1, c1, 'each table starts its own sequence');
  const again = idSource(db, 7);
  assert.equal(again.next('customer'), c1 + 1);
});

test('a rolled-back transaction gives its ids back, a committed one does not', () => {
  const db = freshDb();
  const ids = idSource(db, 1);
  const before = ids.next('receipt');
  assert.throws(() =>
    db.transaction(() => {
      ids.next('receipt');
      throw new Error('payment failed');
    })(),
  );
  assert.equal(ids.next('receipt'), before + 1);
});

test('the largest node still gives JSON-safe ids; nonsense nodes are refused', () => {
  const ids = idSource(freshDb(), MAX_NODE);
  assert.ok(Number.isSafeInteger(ids.next('customer')));
  assert.throws(() => idSource(freshDb(), 0), RangeError);
  assert.throws(() => idSource(freshDb(), MAX_NODE + 1), RangeError);
});
