/**
 * Log retention as the hub runs it: its own timer (HubOptions.pruneEveryMs, HUB_PRUNE_HOURS from
 * `npm run hub`) archives and removes what every PC holds with nobody asking; and `npm run hub --
 * prune`, a process of its own, attaches to the running hub's database and prunes what the timer
 * left (the rules themselves: test/hub/push.test.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { archiveDirOf } from '../../hub/sync/retention.js';
import { batch, count, pull, push, startTestHub, type TestHub } from './hub-helpers.js';
import { hubCli } from './hub-process.js';

/** Each node pulls on from 0 until the hub has nothing more for it: each holds the whole log. */
async function everyonePulls(hub: TestHub, nodes: number[]): Promise<void> {
  for (const node of nodes) {
    let after = 0;
    for (let page = await pull(hub, node, after); ; page = await pull(hub, node, after)) {
      if (!page.more && page.next === after) break;
      after = page.next;
    }
  }
  await hub.rowStateCaughtUp();
}

const archivedCursors = (hub: TestHub) => {
  const dir = archiveDirOf(hub.dataDir);
  return readdirSync(dir).flatMap((file) =>
    gunzipSync(readFileSync(path.join(dir, file))).toString('utf8').trim().split('\n').map((line) => (JSON.parse(line) as { cursor: number }).cursor),
  );
};

test('the running hub prunes on its own timer: what every PC holds is archived and removed with nobody asking', { timeout: 120_000 }, async () => {
  const hub = await startTestHub({ pruneEveryMs: 200 });
  try {
    const a = (await hub.enroll('Branch A till 1')).id;
    const b = (await hub.enroll('Branch B till 1')).id;
    assert.equal((await push(hub, batch(a, 1, 5))).status, 200);
    assert.equal((await push(hub, batch(b, 1, 3))).status, 200);
    const pushed = (await hub.pool.query<{ cursor: string }>('SELECT cursor FROM change ORDER BY cursor')).rows.map((r) => Number(r.cursor));
    assert.equal(pushed.length, 8);
    await everyonePulls(hub, [a, b]);
    while ((await count(hub, 'change')) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(archivedCursors(hub).sort((x, y) => x - y), pushed, 'archived before removed, each once');
  } finally {
    await hub.stop();
  }
});

test('npm run hub -- prune, run beside the hub, attaches to its database and prunes; run again, it says there is nothing to remove', { timeout: 120_000 }, async () => {
  const hub = await startTestHub();
  try {
    const a = (await hub.enroll('Branch A till 1')).id;
    const b = (await hub.enroll('Branch B till 1')).id;
    assert.equal((await push(hub, batch(a, 1, 4))).status, 200);
    await everyonePulls(hub, [a, b]);
    const env = { HUB_DATA_DIR: hub.dataDir, DATABASE_URL: '', HUB_LOG_LEVEL: 'warn' };
    const first = hubCli(env, 'prune');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /Archived and removed 4 changes \(cursor 1 to 4\)/);
    assert.equal(await count(hub, 'change'), 0);
    assert.deepEqual(archivedCursors(hub).sort((x, y) => x - y), [1, 2, 3, 4]);
    // The running hub answers on: a pull after the removed range finds nothing new, and no error.
    assert.deepEqual((await pull(hub, b, 4)).changes, []);
    const again = hubCli(env, 'prune');
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /Nothing to remove: the log holds the changes after cursor 4/);
  } finally {
    await hub.stop();
  }
});
