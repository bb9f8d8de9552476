/**
 * Issue 12: every foreign key to business data has an index under it (migration 026). Deleting a
 * parent row makes SQLite look for its children; without an index it reads the whole child table
 * once per row deleted (the bench's clean-up read 1.25 million receipts per receipt).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { closeDatabase, openDatabase } from '../../main/service/db/database.js';

/** Parents whose rows are many and can be deleted or replaced (by a user, a clean-up or a sync). */
const BUSINESS = new Set(['customer', 'customer_eye_info', 'item', 'sales_order', 'sales_order_line', 'receipt', 'invoice', 'credit_note', 'price_approval', 'purchase_order', 'purchase_order_line', 'eye_checkup_recall', 'recall_contact', 'till_session']);

test('a child column of every foreign key to business data leads an index', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-fk-'));
  try {
    const db = openDatabase(path.join(dir, 'store.sqlite'));
    const missing: string[] = [];
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'").all();
    for (const { name } of tables) {
      const keys = db.prepare<[string], { table: string; from: string; seq: number }>('SELECT "table", "from", seq FROM pragma_foreign_key_list(?)').all(name);
      const leading = new Set(
        db.prepare<[string], { name: string }>('SELECT name FROM pragma_index_list(?)').all(name)
          .map((i) => db.prepare<[string], { name: string }>('SELECT name FROM pragma_index_info(?) WHERE seqno = 0').get(i.name)?.name),
      );
      const pk = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?) WHERE pk = 1').get(name)?.name;
      for (const k of keys) {
        if (k.seq === 0 && BUSINESS.has(k.table) && k.from !== pk && !leading.has(k.from)) missing.push(`${name}.${k.from} → ${k.table}`);
      }
    }
    closeDatabase(db);
    assert.deepEqual(missing, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
