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
 * again from where it stopped, while it is open. The page after each one served is read at once, on
 * the same transaction, while the PC writes the one it has (a PC asks for the next page only once it
 * has the key it starts after). One left idle for SNAPSHOT_IDLE_MS (the PC gone)
 * is closed, and the PC starts again with a new one. At most MAX_SNAPSHOTS are open at once, so
 * the joins leave the pool's connections to the pushes and pulls.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SnapshotOpened, SnapshotQuery } from '../../shared/sync.js';
import { classOf } from '../../shared/sync-rules.js';
import { HubError } from '../errors.js';
import { findNode, notePull, type NodeRow } from '../store/node.js';
import { analyzeIfStale, beginSnapshot, snapshotPage, type SnapshotPageJson } from '../store/snapshot.js';

export const SNAPSHOT_IDLE_MS = 5 * 60_000;
export const MAX_SNAPSHOTS = 3;

interface Session {
  node: NodeRow;
  client: pg.PoolClient;
  /** The reads of the session, one after another (one connection). */
  queue: Promise<unknown>;
  /** The page after the last one served, read before it is asked for; its query as `ask()` names it. */
  ahead: { ask: string; read: Promise<SnapshotPageJson> } | null;
  timer: NodeJS.Timeout;
}

const ask = (table: string, after: string, limit: number) => `${table}\n${after}\n${limit}`;

export class Snapshots {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly idleMs = SNAPSHOT_IDLE_MS,
    /** A fault the join goes on without (the statistics refreshed before it), for the hub's log. */
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async open(nodeId: number): Promise<SnapshotOpened> {
    const node = await enrolled(this.pool, nodeId);
    if (this.sessions.size >= MAX_SNAPSHOTS) {
      throw new HubError('unavailable', 'SNAPSHOTS_BUSY', `${MAX_SNAPSHOTS} PCs are joining just now: try again in a few minutes`);
    }
    // The planner's figures first, where a large push left them stale (store/snapshot.ts). They
    // only make the pages quicker: a join goes on without them (a user that may not ANALYZE).
    await analyzeIfStale(this.pool).catch((error: unknown) =>
      this.warn(`the join's statistics were not refreshed: ${error instanceof Error ? error.message : String(error)}`),
    );
    const client = await this.pool.connect();
    try {
      const begun = await beginSnapshot(client);
      const id = randomUUID();
      this.sessions.set(id, { node, client, queue: Promise.resolve(), ahead: null, timer: this.idle(id) });
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
    const asked = ask(table, query.after, query.limit);
    const read = session.ahead?.ask === asked ? session.ahead.read : this.read(session, table, query.after, query.limit);
    session.ahead = null;
    try {
      const page = await read;
      // The PC asks for the next page once it has this one: it is read meanwhile, while the PC
      // writes this one, so neither waits on the other's whole turn.
      if (page.more && page.last !== null) {
        const next = this.read(session, table, page.last, query.limit);
        next.catch(() => undefined);
        session.ahead = { ask: ask(table, page.last, query.limit), read: next };
      }
      return `{"rows":${page.json},"next":${page.more ? JSON.stringify(page.last) : 'null'}}`;
    } catch (err) {
      // The read is broken (its connection lost): the PC starts again with a new snapshot.
      await this.drop(id, true);
      throw err;
    } finally {
      if (this.sessions.has(id)) session.timer = this.idle(id);
    }
  }

  /** A page read after the session's reads before it (one connection, one REPEATABLE READ transaction). */
  private read(session: Session, table: string, after: string, limit: number): Promise<SnapshotPageJson> {
    const read = session.queue.then(() => snapshotPage(session.client, session.node, table, after, limit));
    session.queue = read.catch(() => undefined);
    return read;
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
