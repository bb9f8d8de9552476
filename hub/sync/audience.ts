/**
 * Each PC holds what it needs (store/audience.ts has the rule and the SQL):
 *
 *   at a push   a change of an order (its `orderId`, as the writer's PC said) reaches, beside the
 *               audience the writer's PC gave it, every branch that fetched that order on demand
 *   GET /hub/v1/order   a branch PC asks for another branch's order it does not hold: the hub
 *               answers the order and its rows as it holds them now (row_state), as inserts the
 *               PC applies with its usual rules, and from then on the PC's branches follow the
 *               order. Under the push lock, so no change of the order falls between the rows read
 *               and the follower written.
 */
import type pg from 'pg';
import type { OrderQuery, OrderResponse, PulledChange, SyncChange } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { follow, followersOf, orderIdByNo, orderRows } from '../store/audience.js';
import { lockPushes } from '../store/change.js';
import { findNode } from '../store/node.js';
import { inTransaction } from '../store/transaction.js';
import type { HubClock } from './clock.js';
import { catchUpRowState, joinAudience } from './row-state.js';

/** The batch's changes with each order's followers added to its audience (the same array when none follow). */
export async function withFollowers(client: pg.PoolClient, changes: readonly SyncChange[]): Promise<readonly SyncChange[]> {
  const orders = new Set<number>();
  for (const change of changes) if (typeof change.orderId === 'number' && Array.isArray(change.audience)) orders.add(change.orderId);
  if (orders.size === 0) return changes;
  const followers = await followersOf(client, [...orders]);
  if (followers.size === 0) return changes;
  return changes.map((change) => {
    const extra = typeof change.orderId === 'number' ? followers.get(change.orderId) : undefined;
    return extra === undefined ? change : { ...change, audience: joinAudience(change.audience ?? null, extra) };
  });
}

/** A branch PC fetches an order it does not hold (by its number); its branches follow the order from now on. */
export async function answerOrder(pool: pg.Pool, clock: HubClock, query: OrderQuery): Promise<OrderResponse> {
  return inTransaction(pool, async (client) => {
    await lockPushes(client);
    const node = await findNode(client, query.nodeId);
    if (!node) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${query.nodeId} is not enrolled at this hub: enrol the PC first`);
    // The current rows as they stand after every change committed (where they lag the log).
    await catchUpRowState(client);
    const orderId = await orderIdByNo(client, query.orderNo);
    if (orderId === null) return { changes: [] };
    if (node.branches !== null) await follow(client, orderId, node.branches, node.id);
    const rows = await orderRows(client, orderId, node.branches ?? []);
    const now = clock.now();
    return {
      changes: rows.map(
        (row): PulledChange => ({
          cursor: row.cursor,
          nodeId: row.nodeId,
          seq: row.seq ?? 1,
          // The time of the change that last wrote the row; the hub's own now if the log no longer holds it.
          hlc: row.hlc ?? now,
          at: row.at ?? new Date().toISOString(),
          userId: null,
          branchId: typeof row.values.branch_id === 'number' ? row.values.branch_id : null,
          till: '',
          source: 'fetch',
          tbl: row.tbl,
          rowId: /^-?\d+$/.test(row.rowKey) ? Number(row.rowKey) : null,
          rowKey: /^-?\d+$/.test(row.rowKey) ? null : row.rowKey,
          op: 'insert',
          oldValues: null,
          newValues: row.values,
        }),
      ),
    };
  });
}
