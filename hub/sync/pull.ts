/**
 * Answering a pull (issue 15): the changes OTHER nodes pushed after the caller's cursor, in
 * cursor order. Because pushes commit in cursor order (sync/push.ts), a page never skips a change
 * committed late; when nothing more waits, `next` moves past the caller's own changes too (to the
 * highest cursor committed when the page was read). A re-keyed node is not sent back the entries
 * of the node it replaced that were its own (up to `replaces_upto`): its store holds them. A PC
 * that serves some branches (node.branches) is sent only the changes meant for them (store/audience.ts).
 *
 * The `after` a pull asks with is what the node holds: it is recorded (node.pulled_upto) for log
 * retention (sync/retention.ts), and a pull after a cursor the log no longer holds is 410
 * LOG_PRUNED. The last page carries `seen`, when each node last reached the hub: only those
 * that reached it since the `seenAfter` the PC gives (the newest contact it was told of), none
 * when nothing changed, every node when the PC gives none.
 */
import type pg from 'pg';
import type { PullQuery } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { changePageJson } from '../store/change.js';
import { findNode, notePull, seenNodes, type NodeRow } from '../store/node.js';
import { foldToTop } from './row-state.js';
import { levelsPage, readLevelKey } from '../store/stock-level.js';

/**
 * The PullResponse as JSON text: the page's changes as PostgreSQL wrote them (store/change.ts
 * changePageJson), the rest around them here.
 */
export async function answerPull(pool: pg.Pool, query: PullQuery): Promise<string> {
  const node = await findNode(pool, query.nodeId);
  if (!node) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${query.nodeId} is not enrolled at this hub: enrol the PC first`);
  refuseRevoked(node);
  // A branch PC is sent changes up to where row_state is folded (store/change.ts): folded now, so
  // a change just pushed is not left for its next pull.
  if (node.branches !== null) await foldToTop(pool);
  const page = await changePageJson(pool, node.id, query.after, query.limit, { node: node.replaces, upto: node.replacesUpto }, node.branches);
  // After the page was read: a prune that removed part of what it asks for is seen here.
  const { pruned } = await notePull(pool, node.id, query.after);
  if (query.after < pruned) throw logPruned(node.id, query.after, pruned);
  const last = page.last ?? query.after;
  // A PC of some branches: past the changes looked through that were for other branches too, so it
  // never reads them again; more follows when the log goes on beyond what was looked through.
  const scanned = !page.more && page.scannedTo !== null && page.scannedTo < page.top;
  const next = page.more ? last : scanned ? Math.max(last, page.scannedTo!, query.after) : Math.max(last, page.top, query.after);
  // With the last page, to a PC of some branches: the other branches' stock levels changed since
  // the last it has, standing for no change past `next` (sync/stock-levels.ts).
  const levels = page.more || scanned ? null : await otherBranchesLevels(pool, node, query.levelsAfter, next);
  const more = page.more || scanned || levels?.full === true;
  // With the last page, when each node last reached the hub (the chain dashboard's "last sync"):
  // those the PC was not told of yet.
  const contacts = more ? [] : await seenNodes(pool, query.seenAfter);
  const seen = more || (contacts.length === 0 && query.seenAfter !== undefined) ? '' : `,"seen":${JSON.stringify(contacts)}`;
  const levelsJson = levels ? `,"levels":${JSON.stringify(levels.levels)},"levelsNext":${JSON.stringify(levels.next)}` : '';
  return `{"changes":${page.json},"next":${next},"more":${more},"held":${node.lastSeq}${seen}${levelsJson}}`;
}

/** Levels sent in one answer at most: a PC joining a chain of 50 branches takes them in a few dozen. */
const LEVELS_PAGE = 10_000;

async function otherBranchesLevels(pool: pg.Pool, node: NodeRow, levelsAfter: string | undefined, upto: number) {
  if (node.branches === null || levelsAfter === undefined) return null;
  const after = readLevelKey(levelsAfter);
  if (after === null) throw new HubError('invalid', 'BAD_LEVELS_AFTER', 'levelsAfter is not a place in the stock levels this hub gave', { levelsAfter: ['must be a levelsNext this hub gave'] });
  const page = await levelsPage(pool, after, upto, node.branches, LEVELS_PAGE);
  // None came: the PC's place stands.
  return { ...page, next: page.next ?? levelsAfter };
}

/** Head office revoked the node (`npm run hub -- revoke N`): it syncs no more. */
export function refuseRevoked(node: NodeRow): void {
  if (node.revokedAt === null) return;
  throw new HubError('forbidden', 'NODE_REVOKED', `Node ${node.id} was revoked by head office at ${node.revokedAt}: this PC may not sync any more`);
}

export function logPruned(nodeId: number, after: number, pruned: number): HubError {
  return new HubError(
    'gone',
    'LOG_PRUNED',
    `Node ${nodeId} asks for the changes after cursor ${after}, but the hub keeps its log only after cursor ${pruned} (every PC had the older ones): this store is older than that (restored from an old backup?). Join this PC again with a new join code (npm run setup -- --join), which starts it from the chain's current rows`,
  );
}
