/**
 * How a join from the hub's snapshot writes a store (main/service/store/snapshot.ts). The search
 * tables are filled once at the end, as a store taking the rows one by one would have them. And
 * where two rows hold one unique value (two PCs gave the same item
 * code or brand name while apart; the hub keeps both rows, as its log does): the join does not
 * fail. The row after the first of each clash is kept out, as a pull keeps out the later of two
 * such changes, and noted in sync_dead_letter with its values, where head office sees it; the
 * store's unique indexes stand.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../main/service/db/database.js';
import { createJoinSnapshot, restoreIndexes, setIndexesAside } from '../../main/service/store/snapshot.js';
import { applySnapshotPage, tablesInOrder } from '../../main/service/sync/snapshot.js';
import type { SnapshotRow } from '../../shared/sync.js';
import { migratedStore, startTestService } from '../helpers/service.js';

test('rows that clash on a unique value: the first kept, the others noted as dead letters, and the join goes on', async () => {
  // Real rows to copy: the demo's.
  const demo = await startTestService();
  const { db: source } = demo.server.deps;
  const brand = source.prepare('SELECT * FROM brand ORDER BY id LIMIT 1').get() as Record<string, unknown>;
  const item = source.prepare('SELECT * FROM item WHERE barcode IS NOT NULL ORDER BY id LIMIT 1').get() as Record<string, unknown>;
  await demo.close();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-snapshot-clash-'));
  const file = path.join(dir, 'store.sqlite');
  copyFileSync(migratedStore(), file);
  const db = openDatabase(file);
  try {
    const now = new Date();
    createJoinSnapshot(db, '{}', 'test');
    setIndexesAside(db, tablesInOrder(db));
    db.pragma('foreign_keys = OFF');
    const row = (values: Record<string, unknown>, cursor: number, nodeId: number): SnapshotRow => ({ key: String(values.id), values, colHlc: {}, cursor, nodeId });
    // A brand name is a constraint of the table itself: the second row is kept out as it comes.
    applySnapshotPage(db, 'brand', [row(brand, 10, 1), row({ ...brand, id: Number(brand.id) + 900_001 }, 20, 2)], null, '', now);
    // An item code and barcode are indexes set aside while rows go in: the clash is found when they are made again.
    applySnapshotPage(db, 'item', [row(item, 11, 1), row({ ...item, id: Number(item.id) + 900_001 }, 21, 2), row({ ...item, id: Number(item.id) + 900_002, code: 'OTHER-1', barcode: null }, 22, 2)], null, '', now);
    const kept: string[] = [];
    db.transaction(() => restoreIndexes(db, (table, rowKey, reason) => {
      kept.push(`${table} ${rowKey}`);
      db.prepare("INSERT INTO sync_dead_letter (cursor, node_id, seq, tbl, op, row_ref, reason, change, at) VALUES (0, 0, 0, ?, 'insert', ?, ?, '{}', ?)").run(table, rowKey, reason, now.toISOString());
    }))();
    db.pragma('foreign_keys = ON');

    assert.deepEqual(db.prepare('SELECT id FROM brand WHERE name = ?').all(brand.name).map((r) => (r as { id: number }).id), [brand.id], 'the first brand row kept');
    assert.deepEqual(db.prepare('SELECT id FROM item WHERE code = ? OR id = ?').all(item.code, Number(item.id) + 900_002).map((r) => (r as { id: number }).id), [item.id, Number(item.id) + 900_002], 'the first item and the one with its own code kept');
    assert.deepEqual(kept, [`item ${Number(item.id) + 900_001}`], 'the item kept out once, though it clashes on two indexes');
    const letters = db.prepare('SELECT cursor, node_id, tbl, row_ref, reason FROM sync_dead_letter ORDER BY id').all() as Array<{ cursor: number; node_id: number; tbl: string; row_ref: string; reason: string }>;
    assert.deepEqual(letters.map((l) => [l.tbl, l.row_ref]), [['brand', String(Number(brand.id) + 900_001)], ['item', String(Number(item.id) + 900_001)]]);
    assert.deepEqual([letters[0]!.cursor, letters[0]!.node_id], [20, 2], 'noted with the change that last wrote it at the hub');
    assert.match(letters[0]!.reason, /^Joining: UNIQUE constraint failed: brand/);
    assert.match(letters[1]!.reason, /item \(company_id, (code|barcode)\) = .* is another row's already/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('item_company_code', 'item_company_barcode')").all();
    assert.equal(indexes.length, 2, 'the unique indexes stand');
    assert.throws(() => db.prepare('INSERT INTO item SELECT * FROM item WHERE id = ?').run(item.id), /UNIQUE/);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the search tables are filled once, when the rows are in: the counter finds the same customers and items as in a store that took them one by one', async () => {
  const demo = await startTestService();
  const { db: source } = demo.server.deps;
  const rows = (table: string) =>
    (source.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Array<Record<string, unknown>>).map((values): SnapshotRow => ({ key: String(values.id), values, colHlc: {} }));
  const pages = { brand: rows('brand'), item: rows('item'), customer: rows('customer') };
  await demo.close();
  assert.ok(pages.customer.length > 5 && pages.item.length > 5);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-snapshot-search-'));
  const fill = (name: string, aside: boolean) => {
    const file = path.join(dir, `${name}.sqlite`);
    copyFileSync(migratedStore(), file);
    const db = openDatabase(file);
    createJoinSnapshot(db, '{}', 'test');
    if (aside) assert.ok(setIndexesAside(db, tablesInOrder(db)) > 0);
    db.pragma('foreign_keys = OFF');
    for (const [table, page] of Object.entries(pages)) applySnapshotPage(db, table, page, null, '', new Date());
    if (aside) db.transaction(() => restoreIndexes(db))();
    db.pragma('foreign_keys = ON');
    return db;
  };
  const oneByOne = fill('one-by-one', false);
  const atOnce = fill('at-once', true);
  try {
    const finds = (db: typeof oneByOne, search: string, words: string) =>
      (db.prepare(`SELECT rowid FROM ${search} WHERE ${search} MATCH ? ORDER BY rowid`).all(words) as Array<{ rowid: number }>).map((r) => r.rowid);
    const customer = pages.customer[0]!.values!;
    const item = pages.item[0]!.values!;
    const asked: Array<[string, string]> = [
      ['customer_search', `"${String(customer.last_name).slice(0, 3)}"`],
      ['customer_search', `"${String(customer.mobile_digits ?? '98').slice(-4)}"`],
      ['item_search', `"${String(item.code).slice(0, 3)}"`],
      ['item_start', `"${String(item.name).slice(0, 3)}"`],
    ];
    for (const [search, words] of asked) {
      const found = finds(atOnce, search, words);
      assert.ok(found.length > 0, `${search} finds ${words}`);
      assert.deepEqual(found, finds(oneByOne, search, words), `${search} ${words}: the same rows`);
    }
    for (const search of ['customer_search', 'item_search', 'item_start']) {
      const count = (db: typeof oneByOne) => (db.prepare(`SELECT count(*) AS n FROM ${search}`).get() as { n: number }).n;
      assert.equal(count(atOnce), count(oneByOne), `${search}: a row for each`);
    }
    const triggers = (db: typeof oneByOne) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all();
    assert.deepEqual(triggers(atOnce), triggers(oneByOne), 'every trigger made again');
  } finally {
    oneByOne.close();
    atOnce.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
