import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { listOf } from '../../main/service/store/rows.js';

test('listOf gives the rows all() gives: every type, nulls, the columns in order, none', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, paise INTEGER, rate REAL, photo BLOB);
    INSERT INTO t VALUES (1, 'Asha', 125050, 0.18, x'00ff'), (2, NULL, -3, NULL, NULL), (9007199254740991, 'ज्योति', 0, 1.5, x'');`);
  const sql = 'SELECT id, name, paise, rate, photo, paise - 1 AS less FROM t WHERE id >= ? ORDER BY id';
  const plain = db.prepare(sql);
  const list = listOf(db.prepare<[number], Record<string, unknown>>(sql));
  assert.deepEqual(list(0), plain.all(0));
  assert.deepEqual(Object.keys(list(0)[0]!), ['id', 'name', 'paise', 'rate', 'photo', 'less']);
  assert.equal(list(0).length, 3);
  assert.deepEqual(list(10 ** 17), []);
  // The same column named twice: the later one wins, as in all().
  const twice = 'SELECT name AS x, paise AS x FROM t WHERE id = ?';
  assert.deepEqual(listOf(db.prepare<[number], { x: unknown }>(twice))(1), db.prepare(twice).all(1));
  db.close();
});
