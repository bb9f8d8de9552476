/**
 * Issue 12: a till's state and its X and Z reports count the refunds, credit notes and
 * cancellations made at the till since it opened. Each is read through an index of those rows in
 * time (migration 027), never every receipt or order of the branch: at a million orders that was
 * 0.5 s warm and 16 s from disk, for each Till/open, on the thread every till waits on.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { closeDatabase, openDatabase } from '../../main/service/db/database.js';
import { CANCELLATIONS_IN_WINDOW, NOTES_IN_WINDOW, REFUNDS_IN_WINDOW } from '../../main/service/store/till-session.js';

test('the till window’s refunds, credit notes and cancellations are index ranges in time, with or without statistics', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-till-plans-'));
  const db = openDatabase(path.join(dir, 'store.sqlite'));
  try {
    const window = { company: 1, branch: 1, till: 'till-1', from: '2026-11-26T03:00:00.000Z', to: '2026-11-26T12:00:00.000Z' };
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(window) as Array<{ detail: string }>).map((r) => r.detail).join('; ');
    const expect = () => {
      assert.match(plan(REFUNDS_IN_WINDOW), /SEARCH r USING INDEX receipt_refunded \(company_id=\? AND branch_id=\? AND modified_at>\? AND modified_at<\?\)/);
      assert.match(plan(NOTES_IN_WINDOW), /SEARCH n USING INDEX credit_note_created \(company_id=\? AND branch_id=\? AND created_at>\? AND created_at<\?\)/);
      assert.match(plan(CANCELLATIONS_IN_WINDOW), /SEARCH o USING INDEX sales_order_cancelled \(company_id=\? AND branch_id=\? AND cancelled_at>\? AND cancelled_at<\?\)/);
    };
    expect();
    // The planner's statistics as at a million orders, one branch: 1.25 million receipts on the
    // branch-and-date index, few refunded (what PRAGMA optimize leaves in sqlite_stat1).
    db.exec('ANALYZE sqlite_schema');
    const stat = db.prepare('INSERT OR REPLACE INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
    stat.run('receipt', 'receipt_branch_date', '1250000 1250000 1250000 2');
    stat.run('receipt', 'receipt_refunded', '900 900 900 1');
    stat.run('sales_order', 'sales_order_status', '1000000 1000000 1000000 200000 5');
    stat.run('sales_order', 'sales_order_cancelled', '40000 40000 40000 1');
    stat.run('credit_note', 'credit_note_branch_day', '20000 20000 20');
    stat.run('credit_note', 'credit_note_created', '20000 20000 20000 1');
    db.exec('ANALYZE sqlite_schema');
    expect();
  } finally {
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
});
