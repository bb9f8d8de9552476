/**
 * Answering a pull (issue 15): the changes OTHER nodes pushed after the caller's cursor, in
 * cursor order. Because pushes commit in cursor order (sync/push.ts), a page never skips a change
 * committed late; when nothing more waits, `next` moves past the caller's own changes too (to the
 * highest cursor committed when the page was read). A re-keyed node is not sent back the entries
 * of the node it replaced that were its own (up to `replaces_upto`): its store holds them.
 */
import type pg from 'pg';
import type { PullQuery, PullResponse } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { changesAfter } from '../store/change.js';
import { findNode, markSeen, seenNodes } from '../store/node.js';

export async function answerPull(pool: pg.Pool, query: PullQuery): Promise<PullResponse> {
  const node = await findNode(pool, query.nodeId);
  if (!node) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${query.nodeId} is not enrolled at this hub: enrol the PC first`);
  const page = await changesAfter(pool, node.id, query.after, query.limit + 1, { node: node.replaces, upto: node.replacesUpto });
  const more = page.changes.length > query.limit;
  const changes = more ? page.changes.slice(0, query.limit) : page.changes;
  const last = changes.at(-1)?.cursor ?? query.after;
  await markSeen(pool, node.id);
  // With the last page, when every node last reached the hub (the chain dashboard's "last sync").
  const seen = more ? undefined : await seenNodes(pool);
  return { changes, next: more ? last : Math.max(last, page.top, query.after), more, held: node.lastSeq, seen };
}
