/**
 * Issues 12 and 15: a restarted store's clock starts from the newest time it wrote (the journal,
 * by its index) or received (sync_state.clock_high, left by every pulled page), without reading
 * the whole journal or sync_clock, which hold millions of rows at chain scale; never earlier.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '../../main/service/db/database.js';
import { asActor, journalClock, refreshJournalTriggers, registerJournal } from '../../main/service/db/journal.js';
import { migrations } from '../../main/service/db/migrations/index.js';
import { applyPulledPage } from '../../main/service/sync/apply.js';

/** Wall time and counter: the node number only breaks ties between nodes. */
const time = (hlc: string) => hlc.slice(0, hlc.lastIndexOf('-'));
const ahead = (ms: number, counter: number) => `${String(Date.now() + ms).padStart(15, '0')}-${String(counter).padStart(5, '0')}-0000002`;

function withStoreFile(use: (file: string) => void): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-clock-'));
  try {
    use(path.join(dir, 'store.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a received time is kept with the pulled page, and a restart starts the clock from it', () => {
  withStoreFile((file) => {
    const db = openDatabase(file);
    const received = ahead(60_000, 7);
    // An event: skipped by the merge, but its time is received all the same.
    const change = { at: new Date().toISOString(), userId: null, branchId: null, till: '', source: 'app', rowKey: null, oldValues: null, nodeId: 2, cursor: 1, seq: 1, hlc: received, tbl: 'journal', rowId: null, op: 'event', newValues: null } as const;
    applyPulledPage(db, [change], 1, [1], new Date());
    const mark = (db.prepare('SELECT clock_high FROM sync_state').get() as { clock_high: string }).clock_high;
    assert.ok(time(mark) >= time(received), `${mark} after ${received}`);
    closeDatabase(db);

    const again = openDatabase(file);
    assert.ok(time(journalClock(again).current()) >= time(received), 'the restarted clock is not behind what was received');
    const plans = (sql: string) => (again.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('; ');
    assert.match(plans('SELECT max(hlc) AS hlc FROM journal'), /USING COVERING INDEX journal_hlc/);
    closeDatabase(again);
  });
});

test('upgrading a store that synced before: the mark is filled from sync_clock once', () => {
  withStoreFile((file) => {
    // A store of the release before migration 026 (which adds the mark): its migrations only, run
    // as db/migrate.ts runs them.
    const at = migrations.findIndex((m) => m.name === 'foreign-key-indexes');
    const db = new Database(file);
    registerJournal(db);
    asActor({ userId: null, branchId: null, till: '', source: 'migration' }, () => {
      for (let version = 1; version <= at; version++) {
        db.transaction(() => {
          db.exec(migrations[version - 1]!.sql);
          refreshJournalTriggers(db);
          db.pragma(`user_version = ${version}`);
        }).immediate();
      }
    });
    const won = ahead(30_000, 3);
    db.prepare("INSERT INTO sync_clock (tbl, row_ref, col, hlc) VALUES ('customer', '5', 'first_name', ?)").run(won);
    db.close();

    const upgraded = openDatabase(file);
    assert.equal((upgraded.prepare('SELECT clock_high FROM sync_state').get() as { clock_high: string }).clock_high, won);
    assert.ok(time(journalClock(upgraded).current()) >= time(won));
    closeDatabase(upgraded);
  });
});
