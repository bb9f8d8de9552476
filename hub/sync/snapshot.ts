/**
 * A joining PC's snapshot (POST/GET/DELETE /hub/v1/snapshot): instead of replaying the whole log,
 * a new PC reads the company's current rows (row_state) as of row_state's mark, a table at a time
 * in the order it applies them, then pulls the changes after the mark as every PC does.
 *
 * Each snapshot is one REPEATABLE READ transaction held open on its own connection (store/
 * snapshot.ts): every page of it is read from the same state, so the rows and the mark agree
 * exactly (a page of a later state could hold a change after the mark that the pull then brings
 * again, or miss a row the pull will not bring). Nothing is copied: the pages are read by index
 * and written as JSON by PostgreSQL. A PC killed during the download asks for the same snapshot
 * again from where it stopped, while it is open; one left idle for SNAPSHOT_IDLE_MS (the PC gone)
 * is closed, and the PC starts again with a new one. At most MAX_SNAPSHOTS are open at once, so
 * the joins leave the pool's connections to the pushes and pulls.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SnapshotOpened, SnapshotQuery } from '../../shared/sync.js';
import { classOf } from '../../shared/sync-rules.js';
import { HubError } from '../errors.js';
import { findNode, notePull, type NodeRow } from '../store/node.js';
import { beginSnapshot, snapshotPage } from '../store/snapshot.js';

export const SNAPSHOT_IDLE_MS = 5 * 60_000;
export const MAX_SNAPSHOTS = 3;

interface Session {
  node: NodeRow;
  client: pg.PoolClient;
  /** The reads of the session, one after another (one connection). */
  queue: Promise<unknown>;
  timer: NodeJS.Timeout;
}

export class Snapshots {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly idleMs = SNAPSHOT_IDLE_MS,
  ) {}

  async open(nodeId: number): Promise<SnapshotOpened> {
    const node = await enrolled(this.pool, nodeId);
    if (this.sessions.size >= MAX_SNAPSHOTS) {
      throw new HubError('unavailable', 'SNAPSHOTS_BUSY', `${MAX_SNAPSHOTS} PCs are joining just now: try again in a few minutes`);
    }
    const client = await this.pool.connect();
    try {
      const begun = await beginSnapshot(client);
      const id = randomUUID();
      this.sessions.set(id, { node, client, queue: Promise.resolve(), timer: this.idle(id) });
      // The PC holds the log up to the mark from now on: retention keeps what comes after it.
      await notePull(this.pool, node.id, begun.mark);
      return { id, ...begun };
    } catch (err) {
      client.release(true);
      throw err;
    }
  }

  /** A page of one table's rows as SnapshotPage JSON text. */
  async page(id: string, query: SnapshotQuery): Promise<string> {
    const session = this.session(id, query.nodeId);
    const table = query.table;
    if (table === undefined) throw new HubError('invalid', 'INVALID_INPUT', 'The snapshot query is not valid: table is required', { table: ['is required'] });
    const cls = classOf(table);
    if (cls === undefined || cls === 'local') {
      throw new HubError('invalid', 'NO_SUCH_TABLE', `${table} is not a table the branches sync`, { table: ['must be a synced table'] });
    }
    clearTimeout(session.timer);
    const read = session.queue.then(() => snapshotPage(session.client, session.node, table, query.after, query.limit));
    session.queue = read.catch(() => undefined);
    try {
      const page = await read;
      return `{"rows":${page.json},"next":${page.more ? JSON.stringify(page.last) : 'null'}}`;
    } catch (err) {
      // The read is broken (its connection lost): the PC starts again with a new snapshot.
      await this.drop(id, true);
      throw err;
    } finally {
      if (this.sessions.has(id)) session.timer = this.idle(id);
    }
  }

  async close(id: string, nodeId: number): Promise<void> {
    this.session(id, nodeId);
    await this.drop(id, false);
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.sessions.keys()]) await this.drop(id, false);
  }

  get openCount(): number {
    return this.sessions.size;
  }

  private session(id: string, nodeId: number): Session {
    const session = this.sessions.get(id);
    if (!session || session.node.id !== nodeId) {
      throw new HubError('gone', 'SNAPSHOT_GONE', 'This snapshot is closed (the hub restarted, or it waited too long): start the join’s download again');
    }
    return session;
  }

  private idle(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.drop(id, false), this.idleMs);
    timer.unref();
    return timer;
  }

  private async drop(id: string, broken: boolean): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    clearTimeout(session.timer);
    await session.queue;
    try {
      if (!broken) await session.client.query('ROLLBACK');
      session.client.release(broken);
    } catch {
      session.client.release(true);
    }
  }
}

async function enrolled(pool: pg.Pool, nodeId: number): Promise<NodeRow> {
  const node = await findNode(pool, nodeId);
  if (!node) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${nodeId} is not enrolled at this hub: enrol the PC first`);
  return node;
}
