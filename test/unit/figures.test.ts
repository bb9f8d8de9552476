/**
 * The figures a join adds once from all its rows (main/service/store/figures.ts) are those the
 * store's triggers keep row by row. Two new stores take the same rows through the join's own page
 * writer (applySnapshotPage), table by table in the join's order: one with every trigger in
 * place, one with the join's indexes and figure triggers set aside and made again at the end.
 * Every figure must come out the same: orders' received and line counts, credit-note balances,
 * the order tally, the four daily totals, the shelf with its expiry dates, stock at cost.
 *
 * The rows are made up, from a fixed seed, to reach every rule: cancelled orders and receipts,
 * receipts paid by credit note or for no order, lines of orders the store does not hold, returns,
 * every kind of credit-note movement, counts that state an expiry (or none), costed and uncosted
 * receipts of goods, items with and without a cost.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openDatabase, type Db } from '../../main/service/db/database.js';
import { asActor, SYNC_SOURCE } from '../../main/service/db/journal.js';
import { FIGURE_TRIGGERS } from '../../main/service/store/figures.js';
import { createJoinSnapshot, restoreIndexes, setIndexesAside } from '../../main/service/store/snapshot.js';
import { applySnapshotPage, tablesInOrder } from '../../main/service/sync/snapshot.js';
import type { SnapshotRow } from '../../shared/sync.js';
import { migratedStore } from '../helpers/service.js';

/** A small fixed-seed generator (the same rows every run). */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-05-10'];

function companyRows(): Record<string, Array<Record<string, unknown>>> {
  const r = random(42);
  const rows: Record<string, Array<Record<string, unknown>>> = {};
  const add = (table: string, values: Record<string, unknown>) => (rows[table] ??= []).push(values);
  for (let id = 1; id <= 12; id++) add('item', { id, cost: id % 4 === 0 ? null : 100 + r.int(5000) });
  for (let id = 1; id <= 120; id++) {
    const net = 1000 + r.int(90_000);
    add('sales_order', {
      id, branch_id: 1 + r.int(3), order_date: r.pick(DAYS), status_id: 1 + r.int(5), net_amount: net, total_discount: r.int(500),
      cgst: r.int(300), sgst: r.int(300), igst: r.int(2) * r.int(600), insurance_amount: r.int(4) === 0 ? r.int(net) : 0, created_by: 1 + r.int(3),
    });
  }
  // Lines: some of orders this store does not hold (another branch's, at a branch PC).
  for (let id = 1; id <= 260; id++) add('sales_order_line', { id, sales_order_id: r.int(10) === 0 ? 900 + r.int(5) : 1 + r.int(120), item_id: 1 + r.int(12), qty: 1 + r.int(3), total: r.int(20_000), discount: r.int(800) });
  for (let id = 1; id <= 15; id++) add('credit_note', { id, branch_id: 1 + r.int(3), amount: 20_000, is_active: 1 });
  let movement = 0;
  for (const note of rows.credit_note!) {
    // A note's balance stays between nothing and its amount, as the credit-note rules keep it.
    let balance = 500 + r.int(5000);
    add('credit_note_movement', { id: ++movement, credit_note_id: note.id, branch_id: note.branch_id, kind: 'issue', amount: balance });
    for (let k = r.int(4); k > 0; k--) {
      const kind = r.pick(['spend', 'refund', 'cancel', 'opening'] as const);
      const amount = kind === 'spend' || kind === 'cancel' ? -Math.min(balance, 1 + r.int(400)) : 1 + r.int(400);
      if (amount === 0) continue;
      balance += amount;
      add('credit_note_movement', { id: ++movement, credit_note_id: note.id, branch_id: note.branch_id, kind, amount });
    }
  }
  for (let id = 1; id <= 200; id++) {
    add('receipt', {
      id, sales_order_id: r.int(8) === 0 ? null : r.int(12) === 0 ? 950 : 1 + r.int(120), branch_id: 1 + r.int(3), receipt_date: r.pick(DAYS),
      status_id: 1 + r.int(4), amount: 100 + r.int(30_000), payment_kind_id: 1 + r.int(3), credit_note_id: r.int(6) === 0 ? 1 + r.int(15) : null,
    });
  }
  for (let id = 1; id <= 25; id++) add('sales_return', { id, settlement: r.pick(['refund', 'credit_note', 'exchange']), sales_order_id: 1 + r.int(120), branch_id: 1 + r.int(3), return_date: r.pick(DAYS), amount: r.int(9000), refund_amount: r.int(9000) });
  for (let id = 1; id <= 50; id++) add('sales_return_line', { id, destination: 'stock', sales_return_id: r.int(10) === 0 ? 990 : 1 + r.int(25), item_id: 1 + r.int(12), qty: 1 + r.int(2), total: r.int(9000) });
  for (let id = 1; id <= 400; id++) {
    const reason = r.pick(['sale', 'receipt', 'receipt', 'count', 'transfer', 'return', 'write_off'] as const);
    const delta = reason === 'sale' || reason === 'write_off' ? -(1 + r.int(3)) : reason === 'count' ? r.int(7) - 3 : 1 + r.int(9);
    add('stock_movement', {
      id, item_id: 1 + r.int(12), branch_id: 1 + r.int(3), batch_no: r.pick(['', '', 'B1', 'B2']), delta, reason, at: `${r.pick(DAYS)}T10:00:00.000Z`,
      expiry_date: r.int(3) === 0 ? r.pick(['2027-01-31', '2027-06-30', '2028-12-31']) : null, unit_cost: reason === 'receipt' && r.int(3) > 0 ? 50 + r.int(4000) : null,
    });
  }
  return rows;
}

/** A row the table takes: the given values over a plain value for each other column that must have one. */
function fill(db: Db, table: string, values: Record<string, unknown>): Record<string, unknown> {
  const columns = db.prepare('SELECT name, type, "notnull" AS required, dflt_value AS dflt, pk FROM pragma_table_info(?)').all(table) as Array<{ name: string; type: string; required: number; dflt: string | null; pk: number }>;
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.name in values) row[c.name] = values[c.name];
    else if (c.required && c.dflt === null && !c.pk) row[c.name] = /INT/i.test(c.type) ? 1 : /REAL/i.test(c.type) ? 0 : c.name.endsWith('_at') || c.name.endsWith('date') ? '2026-04-01' : `${table.slice(0, 3).toUpperCase()}${String(values.id)}`;
  }
  return row;
}

const FIGURES: Record<string, string> = {
  sales_order: 'SELECT id, received, item_count FROM sales_order ORDER BY id',
  credit_note: 'SELECT id, balance FROM credit_note ORDER BY id',
  sales_order_tally: 'SELECT * FROM sales_order_tally ORDER BY branch_id, status_id',
  branch_day_total: 'SELECT * FROM branch_day_total ORDER BY branch_id, day',
  item_day_total: 'SELECT * FROM item_day_total ORDER BY branch_id, day, item_id',
  payment_day_total: 'SELECT * FROM payment_day_total ORDER BY branch_id, day, payment_kind_id',
  seller_day_total: 'SELECT * FROM seller_day_total ORDER BY branch_id, day, user_id',
  stock: 'SELECT * FROM stock ORDER BY item_id, branch_id, batch_no',
  stock_total: 'SELECT * FROM stock_total ORDER BY branch_id, item_id',
  branch_stock_total: 'SELECT * FROM branch_stock_total ORDER BY branch_id',
};

/** A new store given the rows as a join writes them; its figures. */
function joined(dir: string, name: string, rows: ReturnType<typeof companyRows>, aside: boolean): { figures: Record<string, unknown[]>; triggers: string[] } {
  const file = path.join(dir, `${name}.sqlite`);
  copyFileSync(migratedStore(), file);
  const db = openDatabase(file);
  try {
    const now = new Date('2026-05-11T09:00:00.000Z');
    createJoinSnapshot(db, '{}', 'test');
    if (aside) setIndexesAside(db, tablesInOrder(db));
    db.pragma('foreign_keys = OFF');
    for (const table of tablesInOrder(db).filter((t) => rows[t])) {
      const page: SnapshotRow[] = rows[table]!.map((values) => ({ key: String(values.id), values: fill(db, table, values), colHlc: {} }));
      applySnapshotPage(db, table, page, null, '', now);
    }
    if (aside) asActor({ userId: null, branchId: null, till: '', source: SYNC_SOURCE, now: () => now }, () => db.transaction(() => restoreIndexes(db))());
    db.pragma('foreign_keys = ON');
    const figures = Object.fromEntries(Object.entries(FIGURES).map(([table, sql]) => [table, db.prepare(sql).all()]));
    const triggers = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
    return { figures, triggers };
  } finally {
    db.close();
  }
}

test('a join adds each figure once from all its rows, and they are what the triggers would have kept row by row', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-figures-'));
  try {
    const rows = companyRows();
    const byTrigger = joined(dir, 'by-trigger', rows, false);
    const atOnce = joined(dir, 'at-once', rows, true);
    for (const table of Object.keys(FIGURES)) assert.deepEqual(atOnce.figures[table], byTrigger.figures[table], table);
    // The rows reached every rule.
    const f = byTrigger.figures as Record<string, Array<Record<string, number | string | null>>>;
    assert.ok(f.sales_order!.some((o) => (o.received as number) > 0) && f.sales_order!.some((o) => o.item_count === 0));
    assert.ok(f.branch_day_total!.some((d) => (d.cancelled as number) > 0 && (d.returns as number) > 0 && (d.received as number) > 0));
    assert.ok(f.stock!.some((s) => s.expiry_date !== null) && f.stock!.some((s) => s.expiry_date === null));
    assert.ok(f.stock_total!.some((s) => (s.received_qty as number) > 0) && f.stock_total!.some((s) => s.received_qty === 0 && s.value !== 0));
    // Every trigger is back, and the figure triggers were among those set aside.
    assert.deepEqual(atOnce.triggers, byTrigger.triggers);
    assert.ok(FIGURE_TRIGGERS.every((name) => byTrigger.triggers.includes(name)), 'every figure trigger named is one the store has');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
