/**
 * Concurrent pushes (issue 15): three nodes push many batches at once while a fourth pulls as
 * they go. Pushes are serialised by the advisory lock, so the cursor order has no gap, each
 * node's changes appear in their sequence order, and a puller that follows its cursor gets every
 * change exactly once although it read while batches were still committing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PulledChange } from '../../shared/sync.js';
import { PUSH_LOCK, allChanges } from '../../hub/store/change.js';
import { batch, pull, push, startTestHub, type TestHub } from './hub-helpers.js';

let hub: TestHub;
before(async () => {
  hub = await startTestHub();
});
after(() => hub?.stop());

const BATCHES = 30;
const SIZE = 20;

test('three nodes pushing at once: a gap-free cursor order, each node in seq order, and a pull that follows the cursor misses nothing', async () => {
  const nodes = [(await hub.enroll('A1')).id, (await hub.enroll('A2')).id, (await hub.enroll('B1')).id];
  const watcher = (await hub.enroll('Head office')).id;

  let pushing = true;
  const seen: PulledChange[] = [];
  const follow = async () => {
    let cursor = 0;
    for (;;) {
      const done = !pushing;
      const page = await pull(hub, watcher, cursor, 37);
      seen.push(...page.changes);
      cursor = page.next;
      if (done && !page.more) return;
    }
  };
  const pushAll = async (node: number) => {
    for (let i = 0; i < BATCHES; i++) {
      const sent = batch(node, 1 + i * SIZE, SIZE);
      const answer = await push(hub, sent);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      // Now and then the answer is "lost" and the batch sent again, concurrently with the others.
      if (i % 7 === 3) assert.equal((await push(hub, sent)).body.duplicate, true);
    }
  };
  const watching = follow();
  await Promise.all(nodes.map(pushAll));
  pushing = false;
  await watching;

  const all = await allChanges(hub.pool);
  const total = nodes.length * BATCHES * SIZE;
  assert.equal(all.length, total);
  assert.deepEqual(
    all.map((change) => change.cursor),
    Array.from({ length: total }, (_, i) => i + 1),
    'cursors 1..N with no gap',
  );
  for (const node of nodes) {
    const seqs = all.filter((change) => change.nodeId === node).map((change) => change.seq);
    assert.deepEqual(seqs, Array.from({ length: BATCHES * SIZE }, (_, i) => i + 1), `node ${node} in seq order`);
  }
  // The batches of the nodes interleave: the lock serialises batches, not nodes.
  const firstOfEach = nodes.map((node) => all.find((change) => change.nodeId === node)!.cursor);
  assert.ok(Math.max(...firstOfEach) < total / 2, `interleaved: ${firstOfEach}`);
  // The follower saw every change exactly once, in cursor order.
  assert.deepEqual(
    seen.map((change) => change.cursor),
    all.map((change) => change.cursor),
  );
  // A late puller, from the middle, gets the rest in order.
  const middle = all[total / 2]!.cursor;
  const fromMiddle = await pull(hub, watcher, middle, 2000);
  assert.deepEqual(
    fromMiddle.changes.map((change) => change.cursor),
    all.slice(total / 2 + 1).map((change) => change.cursor),
  );
});

test('a push waits for the one holding the lock: no cursor is handed out behind an uncommitted batch', async () => {
  const slow = (await hub.enroll('Slow till')).id;
  const quick = (await hub.enroll('Quick till')).id;
  const reader = (await hub.enroll('Reader')).id;
  const before = await pull(hub, reader, 0, 2000);
  // A batch in the middle of being applied: it holds the push lock inside its transaction.
  const held = await hub.pool.connect();
  await held.query('BEGIN');
  await held.query('SELECT pg_advisory_xact_lock($1)', [PUSH_LOCK]);
  let quickDone = false;
  const quickPush = push(hub, batch(quick, 1, 3)).then((answer) => {
    quickDone = true;
    return answer;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(quickDone, false, 'the second push waits for the lock');
  const during = await pull(hub, reader, before.next, 2000);
  assert.deepEqual(during.changes, []);
  await held.query('COMMIT');
  held.release();
  assert.equal((await quickPush).status, 200);
  assert.equal((await push(hub, batch(slow, 1, 2))).status, 200);
  const afterwards = await pull(hub, reader, during.next, 2000);
  assert.deepEqual(
    afterwards.changes.map((change) => [change.nodeId, change.seq]),
    [[quick, 1], [quick, 2], [quick, 3], [slow, 1], [slow, 2]],
  );
});
