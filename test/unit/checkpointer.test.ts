/**
 * Issue 12 (SaveSale's p99): the WAL is copied back into the store file by a thread of its own
 * (db/checkpointer.ts), not inside the commit that pushes it past SQLite's default 1,000 pages.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { startCheckpointer } from '../../main/service/db/checkpointer.js';
import { closeDatabase, openDatabase, WAL_BACKSTOP_PAGES } from '../../main/service/db/database.js';

const PAGE = 4096;

/** Waits until `ok()` or `ms` have passed; answers ok()'s last word. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await sleep(20);
  return ok();
}

test('commits leave the WAL to the checkpoint thread, which copies it into the store file', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-checkpoint-'));
  const file = path.join(dir, 'store.sqlite');
  try {
    const db = openDatabase(file);
    assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), WAL_BACKSTOP_PAGES);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
    const before = statSync(file).size;
    // 1,500 pages in 300 commits: past SQLite's default threshold, under the backstop.
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    for (let i = 0; i < 300; i++) insert.run(Buffer.alloc(5 * PAGE, i));
    assert.equal(statSync(file).size, before, 'no commit copied the WAL into the store file');

    const logged: string[] = [];
    const checkpoints = startCheckpointer(file, { everyMs: 20, log: (m) => logged.push(m) });
    assert.ok(await until(() => statSync(file).size >= 1500 * PAGE, 10_000), `the thread copied the WAL (file ${statSync(file).size} bytes)`);
    await checkpoints.close();
    await checkpoints.close(); // a second close is harmless
    assert.deepEqual(logged, []);

    // The thread's connection is closed: the service's is the last, and closing it removes the WAL.
    closeDatabase(db);
    assert.equal(existsSync(`${file}-wal`), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a checkpoint thread that cannot open the store says so in the log and stops', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-checkpoint-'));
  try {
    const logged: string[] = [];
    const checkpoints = startCheckpointer(path.join(dir, 'missing.sqlite'), { everyMs: 20, log: (m) => logged.push(m) });
    assert.ok(await until(() => logged.length > 0, 10_000));
    assert.match(logged[0]!, /checkpoint thread: cannot open the store .*(unable to open|does not exist)/i);
    await checkpoints.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
