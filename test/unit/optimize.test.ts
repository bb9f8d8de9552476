/**
 * Issue 12 (a first step): the planner's statistics are refreshed as SQLite advises for a
 * long-lived connection — PRAGMA optimize when the store's file is opened and when it is closed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase, refreshStatistics } from '../../main/service/db/database.js';

/** A store file in a fresh folder with a table `t` indexed on `k`; the folder goes when `use` returns. */
function withTable(use: (db: ReturnType<typeof openDatabase>, file: string) => void): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-optimize-'));
  const file = path.join(dir, 'store.sqlite');
  try {
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER); CREATE INDEX t_k ON t (k);');
    use(db, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('closing the store after use leaves statistics for the tables it queried; opening gathers missing ones', () => {
  withTable((db, file) => {
    const insert = db.prepare('INSERT INTO t (k) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(i % 50);
    })();
    db.prepare('SELECT count(*) FROM t WHERE k = ?').get(7);
    closeDatabase(db);
    assert.equal(db.open, false);
    const raw = new Database(file, { readonly: true });
    const stats = raw.prepare("SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 't'").get() as { n: number };
    raw.close();
    assert.ok(stats.n > 0, 'sqlite_stat1 has rows for t after closing');
    closeDatabase(db); // a second close is harmless
  });
});

test('after a bulk write, statistics taken when a table was small are taken again, however the rows came in', () => {
  withTable((db) => {
    const insert = db.prepare('INSERT INTO t (k) VALUES (?)');
    const grow = (n: number) => db.transaction(() => { for (let i = 0; i < n; i++) insert.run(i % 50); })();
    const rows = () => Number((db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 't_k'").get() as { stat: string }).stat.split(' ')[0]);
    grow(5);
    db.exec('ANALYZE');
    assert.equal(rows(), 5);
    grow(20_000);
    // Nothing on this connection queried t: a plain PRAGMA optimize leaves it alone.
    db.pragma('optimize');
    assert.equal(rows(), 5);
    refreshStatistics(db);
    assert.ok(rows() > 1000, `${rows()} rows in the statistics`);
    // Inside a transaction it waits for the next call.
    db.transaction(() => refreshStatistics(db))();
    closeDatabase(db);
  });
});
