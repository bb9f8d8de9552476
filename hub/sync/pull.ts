/**
 * Answering a pull (issue 15): the changes OTHER nodes pushed after the caller's cursor, in
 * cursor order. Because pushes commit in cursor order (sync/push.ts), a page never skips a change
 * committed late; when nothing more waits, `next` moves past the caller's own changes too (to the
 * highest cursor committed when the page was read). A re-keyed node is not sent back the entries
 * of the node it replaced that were its own (up to `replaces_upto`): its store holds them. A PC
 * that serves some branches (node.branches) is sent only the changes meant for them (store/audience.ts).
 */
import type pg from 'pg';
import type { PullQuery } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { changePageJson } from '../store/change.js';
import { findNode, markSeen, seenNodes } from '../store/node.js';

/**
 * The PullResponse as JSON text: the page's changes as PostgreSQL wrote them (store/change.ts
 * changePageJson), the rest around them here.
 */
export async function answerPull(pool: pg.Pool, query: PullQuery): Promise<string> {
  const node = await findNode(pool, query.nodeId);
  if (!node) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${query.nodeId} is not enrolled at this hub: enrol the PC first`);
  const page = await changePageJson(pool, node.id, query.after, query.limit, { node: node.replaces, upto: node.replacesUpto }, node.branches);
  const last = page.last ?? query.after;
  // A PC of some branches: past the changes looked through that were for other branches too, so it
  // never reads them again; more follows when the log goes on beyond what was looked through.
  const scanned = !page.more && page.scannedTo !== null && page.scannedTo < page.top;
  const more = page.more || scanned;
  const next = page.more ? last : scanned ? Math.max(last, page.scannedTo!, query.after) : Math.max(last, page.top, query.after);
  await markSeen(pool, node.id);
  // With the last page, when every node last reached the hub (the chain dashboard's "last sync").
  const seen = more ? '' : `,"seen":${JSON.stringify(await seenNodes(pool))}`;
  return `{"changes":${page.json},"next":${next},"more":${more},"held":${node.lastSeq}${seen}}`;
}
