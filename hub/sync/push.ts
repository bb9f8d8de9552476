/**
 * Applying a pushed batch (issue 15): one PostgreSQL transaction, serialised with every other
 * push by an advisory lock so the cursors it assigns are committed in order.
 *
 * Inside the lock, in this order:
 *   - the node must be enrolled (403 NODE_NOT_ENROLLED), not re-keyed as another (409 NODE_REPLACED)
 *     and not revoked (403 NODE_REVOKED);
 *   - a batch already held under (node, lastSeq): the same hash is a resend after a lost answer,
 *     acknowledged with nothing written; another hash is 409 BATCH_HASH_CONFLICT;
 *   - firstSeq must be the node's last sequence + 1: after it is 409 SEQUENCE_GAP (entries
 *     missing), at or before it 409 SEQUENCE_REWOUND (the node went back: a restored backup);
 *   - each change of an order followed by other branches gets them in its audience (sync/audience.ts);
 *   - the changes are appended (one COPY), the batch recorded, the node's last sequence moved on.
 * The current rows (sync/row-state.ts) are folded from the log after the commit, by the hub's
 * folder, not in this transaction: the server kicks it when a push answers.
 * The batch's hash is checked against its content before anything (400 BATCH_HASH_MISMATCH).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { batchHashText, type PushRequest, type PushResponse } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { appendChanges, findBatch, insertBatch, lockPushes } from '../store/change.js';
import { findNode, markSeen, setLastSeq } from '../store/node.js';
import { inTransaction } from '../store/transaction.js';
import type { HubClock } from './clock.js';
import { withFollowers } from './audience.js';
import { refuseRevoked } from './pull.js';

export function batchHash(batch: Pick<PushRequest, 'nodeId' | 'firstSeq' | 'lastSeq' | 'changes'>): string {
  return createHash('sha256').update(batchHashText(batch)).digest('hex');
}

export async function applyPush(pool: pg.Pool, clock: HubClock, batch: PushRequest): Promise<PushResponse> {
  const answer = await applyBatch(pool, clock, batch);
  // The node's last contact, once the batch is committed: a time written inside the push's
  // transaction could become visible after later ones, and a PC told of those would miss it.
  await markSeen(pool, batch.nodeId);
  return answer;
}

async function applyBatch(pool: pg.Pool, clock: HubClock, batch: PushRequest): Promise<PushResponse> {
  if (batchHash(batch) !== batch.hash) {
    throw new HubError('invalid', 'BATCH_HASH_MISMATCH', 'The batch does not match its hash: it was changed or damaged on the way', {
      hash: ['must be the SHA-256 of the batch'],
    });
  }
  return inTransaction(pool, async (client) => {
    await lockPushes(client);
    const node = await findNode(client, batch.nodeId);
    if (!node) {
      throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${batch.nodeId} is not enrolled at this hub: enrol the PC first`);
    }
    if (node.replacedBy !== null) {
      throw new HubError(
        'conflict',
        'NODE_REPLACED',
        `Node ${node.id} was re-keyed as node ${node.replacedBy}: this PC must not sync as node ${node.id} any more (re-key it, or restore the re-keyed store)`,
      );
    }
    refuseRevoked(node);
    const held = await findBatch(client, node.id, batch.lastSeq);
    if (held) {
      if (held.hash !== batch.hash) {
        throw new HubError(
          'conflict',
          'BATCH_HASH_CONFLICT',
          `Node ${node.id} already sent a different batch ending at entry ${batch.lastSeq}: the node's journal was changed or restored; it must be re-keyed before it syncs again`,
        );
      }
      return { acknowledged: batch.lastSeq, cursor: held.cursor, duplicate: true };
    }
    const expected = node.lastSeq + 1;
    if (batch.firstSeq > expected) {
      throw new HubError(
        'conflict',
        'SEQUENCE_GAP',
        `Node ${node.id} skipped entries: the hub holds up to entry ${node.lastSeq}, this batch starts at ${batch.firstSeq}; send from entry ${expected}`,
      );
    }
    if (batch.firstSeq < expected) {
      throw new HubError(
        'conflict',
        'SEQUENCE_REWOUND',
        `Node ${node.id} went backwards: the hub already holds its entries up to ${node.lastSeq}, this batch starts at ${batch.firstSeq}. Was a backup restored? The node must be re-keyed before it syncs again`,
      );
    }
    clock.receive(batch.changes.map((change) => change.hlc));
    // An order's changes reach the branches that fetched it too (sync/audience.ts).
    const changes = await withFollowers(client, batch.changes);
    const cursor = await appendChanges(client, node.id, changes);
    await holdForTest(node.id, batch);
    await insertBatch(client, node.id, batch.firstSeq, batch.lastSeq, batch.hash);
    await setLastSeq(client, node.id, batch.lastSeq);
    return { acknowledged: batch.lastSeq, cursor, duplicate: false };
  });
}

/**
 * TEST ONLY, off unless set: HUB_TEST_HOLD_APPLY_MS makes every push wait that long inside its
 * transaction, its changes written and nothing committed, after saying so on stderr, so a test
 * can SIGKILL the hub in the middle of applying a batch (test/sync/sync-hub-kill.test.ts).
 */
async function holdForTest(nodeId: number, batch: PushRequest): Promise<void> {
  const ms = Number(process.env.HUB_TEST_HOLD_APPLY_MS ?? 0);
  if (!(ms > 0)) return;
  process.stderr.write(`HUB_TEST_HOLD_APPLY_MS: node ${nodeId} entries ${batch.firstSeq}..${batch.lastSeq} written, not committed; holding ${ms} ms\n`);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
