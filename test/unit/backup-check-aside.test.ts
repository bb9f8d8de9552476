/**
 * Issue 12: a backup's check reads the whole copy (SQLite's integrity check and row counts), about
 * a minute at a million orders. It runs on a thread of its own, so the service's thread keeps
 * answering the tills meanwhile, and answers exactly what the check on this thread would.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CHECK_STOPPED, inspectCopyAside } from '../../main/service/backup/check-aside.js';
import { inspectCopy } from '../../main/service/backup/copy.js';
import { closeDatabase, openDatabase } from '../../main/service/db/database.js';

test('the check of a copy runs beside this thread and answers what the check here answers', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-check-aside-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    closeDatabase(openDatabase(file));
    let turned = false;
    setImmediate(() => (turned = true));
    const aside = inspectCopyAside(file);
    assert.equal(turned, false);
    const facts = await aside;
    // Done here, the check would have answered before this thread's next turn.
    assert.equal(turned, true, 'this thread went on while the copy was checked');
    assert.deepEqual(facts, inspectCopy(file));
    assert.equal(facts.integrity, 'ok');

    const junk = path.join(dir, 'junk.sqlite');
    writeFileSync(junk, Buffer.alloc(8192, 7));
    const here = (() => {
      try {
        inspectCopy(junk);
        return 'no error';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    await assert.rejects(inspectCopyAside(junk), (err: Error) => err.message === here);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a check whose signal aborts (the closing backup past its budget) stops and says so', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-check-aside-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    closeDatabase(openDatabase(file));
    const stopped = (err: Error) => err.message === CHECK_STOPPED;
    await assert.rejects(inspectCopyAside(file, undefined, AbortSignal.abort()), stopped);
    // Aborted while its thread is still starting: no answer comes after the refusal.
    const controller = new AbortController();
    const checking = inspectCopyAside(file, undefined, controller.signal);
    setTimeout(() => controller.abort(), 1);
    await assert.rejects(checking, stopped);
    // Unaborted, the same signal-taking call still answers.
    assert.equal((await inspectCopyAside(file, undefined, new AbortController().signal)).integrity, 'ok');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
