/**
 * The branch's sync worker (issue 15): with POS_HUB_URL set, it pushes this node's journal after
 * the entry the hub acknowledged, in batches, then pulls what the other nodes changed after its
 * cursor and applies each page (apply.ts). Nothing at the counter waits on it: the network is
 * async fetch, and each page is applied in short transactions between requests.
 *
 * A failure (hub down, a 5xx, a time-out) is retried after 1 s, doubling up to 3 minutes. A hub
 * refusal that retrying cannot mend stops sync with the reason shown until the node is re-keyed:
 * SEQUENCE_REWOUND (this store went back: a restored backup), SEQUENCE_GAP, BATCH_HASH_CONFLICT,
 * NODE_REPLACED (this node was re-keyed as another: sync/rekey.ts); LOG_PRUNED (the hub's log no
 * longer holds what this store lacks: it joins again).
 * State (acknowledged entry, cursor, last success, last error, why stopped) is in sync_state.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { refreshStatistics, type Db } from '../db/database.js';
import { syncStore } from '../store/sync.js';
import { MAX_PULL_LIMIT, OrderResponse, PullResponse, PushResponse, readPullResponse, SYNC_PATHS } from '../../../shared/sync.js';
import { applyPulledPage, noteHeard } from './apply.js';
import { hubFetch, type HubTls } from './hub-tls.js';
import { batchAfter, nextBatch, type OutgoingBatch } from './outbox.js';
import { extend } from '../../../shared/extend.js';

export interface SyncWorkerOptions {
  db: Db;
  hubUrl: string;
  /** The PC's certificate and the hub's CA (sync/hub-tls.ts) for a hub on mutual TLS; null: plain fetch. */
  tls?: HubTls | null;
  nodeId: number;
  now: () => Date;
  /** Between rounds when all is well (default 5 s). */
  intervalMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
}

/** How a fetch of an order this PC does not hold ended (fetchOrder). */
export type FetchOutcome = 'fetched' | 'absent' | 'unreachable';

export interface SyncWorker {
  /** Runs a round now (or waits for the one running) and answers when it is done. */
  syncNow(): Promise<void>;
  /**
   * Another branch's order this PC does not hold, fetched from the hub by its number and kept
   * (the hub sends this PC its later changes from then on). A cashier waits on it: at most
   * FETCH_TIMEOUT_MS, then 'unreachable'.
   */
  fetchOrder(orderNo: string): Promise<FetchOutcome>;
  /** Whether the last round reached the hub. */
  online(): boolean;
  close(): Promise<void>;
}

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 3 * 60_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** A fetch of an order at the counter waits at most this long for the hub. */
export const FETCH_TIMEOUT_MS = 4000;
/** Changes asked for in one pull: as many as the hub sends (fewer round trips when catching up). */
const PULL_PAGE = MAX_PULL_LIMIT;
/**
 * Changes applied in one transaction: while a PC catches up, the counter waits for at most one
 * such transaction (0.1–0.25 s on the dev machine under heavy load), not for a page of 2,000.
 */
export const APPLY_CHUNK = 500;
/**
 * A PC catching up with the company's history grows its tables many-fold in one pull: the
 * planner's statistics are refreshed after this many changes applied, and when the pull ends.
 * Not after every chunk: a refresh that changes the statistics makes every prepared statement
 * (and the triggers compiled into it) prepare again, which cost two fifths of applying a page.
 */
const REFRESH_AFTER = 20_000;
/** Hub answers that retrying cannot mend: sync stops until the node is re-keyed. */
const STOPPING = new Set(['SEQUENCE_REWOUND', 'SEQUENCE_GAP', 'BATCH_HASH_CONFLICT', 'NODE_REPLACED']);
/**
 * Nor this, and re-keying does not mend it either: the hub no longer holds the changes this store
 * lacks (LOG_PRUNED: it is older than the hub's log, restored from an old backup).
 */
const STOPPING_FOR_GOOD: Record<string, string> = {
  LOG_PRUNED: 'this store is older than the hub’s log: join this PC again with a new join code (npm run setup -- --join <hub address> <join code>), which starts it from the chain’s current rows',
};

export class HubRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function startSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const { db, nodeId, now } = options;
  const base = options.hubUrl.replace(/\/+$/, '');
  const send = hubFetch(options.tls ?? null);
  const store = syncStore(db);
  const abort = new AbortController();
  let closed = false;
  let online = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (ms: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void round(), ms);
    timer.unref();
  };

  async function call<T>(path: string, init: RequestInit, parse: (body: unknown) => T, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
    const response = await send(`${base}${path}`, extend(init, { signal }));
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const { code = `HTTP_${response.status}`, message = text } = body as { code?: string; message?: string };
      throw new HubRefusal(response.status, code, message);
    }
    return parse(body);
  }

  async function push(): Promise<void> {
    let next: OutgoingBatch | null = closed ? null : nextBatch(db, nodeId);
    while (next && !closed) {
      const { batch, body } = next;
      const answering = call(SYNC_PATHS.push, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, (b) => PushResponse.parse(b));
      answering.catch(() => undefined); // awaited below
      // The following batch is read and hashed while this one travels and the hub appends it; it
      // becomes the pending batch (what a resend sends again) only with this one's acknowledgement.
      // Two turns of the event loop first let the request be written: reading ahead holds the
      // thread for some tens of milliseconds, and the hub should not wait for it to start.
      await nextTurn();
      await nextTurn();
      const following = closed ? null : batchAfter(db, nodeId, batch.lastSeq);
      const answer = await answering;
      if (answer.acknowledged !== batch.lastSeq) throw new Error(`The hub acknowledged entry ${answer.acknowledged}, not ${batch.lastSeq}`);
      db.transaction(() => {
        store.setState({ acked_seq: answer.acknowledged, pending_batch: following?.body ?? null });
        noteHeard(db, batch.changes.map((c) => ({ nodeId, branchId: c.branchId, at: c.at })), now());
      }).immediate();
      // Entries journaled since the following batch was read go in the one after it, or the next round.
      next = following ?? (closed ? null : nextBatch(db, nodeId));
    }
  }

  async function pull(): Promise<void> {
    type Asked = { after: number; levelsAfter: string; page: Promise<PullResponse> };
    const fetchPage = (after: number, levelsAfter: string): Asked => {
      // The newest last contact the hub told of: it sends only the nodes seen since.
      const seenAfter = store.newestSeen();
      const query = `nodeId=${nodeId}&after=${after}&limit=${PULL_PAGE}&levelsAfter=${encodeURIComponent(levelsAfter)}${seenAfter ? `&seenAfter=${encodeURIComponent(seenAfter)}` : ''}`;
      // A good page is taken as it is (the written-out check); any other is the schema's to refuse, or to copy.
      const page = call(`${SYNC_PATHS.pull}?${query}`, { method: 'GET' }, (b) => readPullResponse(b) ?? PullResponse.parse(b));
      page.catch(() => undefined); // awaited below, or dropped when applying the page before it failed
      return { after, levelsAfter, page };
    };
    let ahead: Asked | null = null;
    let unrefreshed = 0;
    try {
      for (let more = true; more && !closed; ) {
        const { pull_cursor, head_office, levels_after } = store.state();
        // The page asked for while the one before it was applied, when it starts where that one ended.
        const asked: Asked = ahead?.after === pull_cursor && ahead.levelsAfter === levels_after ? ahead : fetchPage(pull_cursor, levels_after);
        const page: PullResponse = await asked.page;
        if (closed) return;
        // Pushing came first, so the hub holds nothing of ours we do not count as sent, unless this
        // store went back (a restored backup with nothing new to push): stop before pulling past what it lost.
        const acked = store.state().acked_seq;
        if (page.held !== undefined && page.held > acked) {
          throw new HubRefusal(
            409,
            'SEQUENCE_REWOUND',
            `Node ${nodeId} went backwards: the hub holds its entries up to ${page.held}, this store counts only ${acked} as sent. Was a backup restored? The node must be re-keyed before it syncs again`,
          );
        }
        // The next page travels while this one is applied.
        ahead = page.more ? fetchPage(page.next, page.levelsNext ?? levels_after) : null;
        // A page in transactions of at most APPLY_CHUNK changes, each moving the cursor to its last
        // change (the last to the page's `next`), the counter's requests let in between them.
        const headOffice = JSON.parse(head_office) as number[];
        for (let i = 0; i < page.changes.length || i === 0; i += APPLY_CHUNK) {
          if (closed) return;
          const chunk = page.changes.slice(i, i + APPLY_CHUNK);
          const last = i + APPLY_CHUNK >= page.changes.length;
          applyPulledPage(db, chunk, last ? page.next : chunk.at(-1)!.cursor, headOffice, now());
          unrefreshed += chunk.length;
          if (unrefreshed >= REFRESH_AFTER) {
            refreshStatistics(db);
            unrefreshed = 0;
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (page.seen) db.transaction(() => page.seen!.forEach((s) => store.seen(s.nodeId, new Date(s.at).toISOString()))).immediate();
        // Other branches' stock (a PC of some branches holds only their movements), after the
        // changes they stand for: each level as the hub gives it, APPLY_CHUNK to a transaction,
        // the place moved with the last (a level set twice after a stop is the same level).
        if (page.levelsNext !== undefined && (page.levels?.length || page.levelsNext !== levels_after)) {
          const levels = page.levels ?? [];
          for (let i = 0; i < levels.length || i === 0; i += APPLY_CHUNK) {
            if (closed) return;
            const last = i + APPLY_CHUNK >= levels.length;
            db.transaction(() => {
              for (const level of levels.slice(i, i + APPLY_CHUNK)) store.setLevel(level);
              if (last) store.setState({ levels_after: page.levelsNext! });
            }).immediate();
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        more = page.more;
      }
    } finally {
      if (unrefreshed > 0) refreshStatistics(db);
    }
  }

  async function round(): Promise<void> {
    if (running) return running;
    running = (async () => {
      if (closed || store.state().stopped_reason) return;
      store.setState({ last_attempt_at: now().toISOString() });
      try {
        await push();
        await pull();
        if (closed) return;
        online = true;
        failures = 0;
        store.setState({ last_success_at: now().toISOString(), last_error: null });
        schedule(options.intervalMs ?? 5000);
      } catch (err) {
        if (closed) return;
        online = false;
        const message = err instanceof Error ? err.message : String(err);
        const forGood = err instanceof HubRefusal ? STOPPING_FOR_GOOD[err.code] : undefined;
        if (err instanceof HubRefusal && forGood) {
          const reason = `The hub refused this PC (${err.code}): ${message}. Sync is stopped: ${forGood}.`;
          store.setState({ stopped_reason: reason, last_error: reason });
          options.log?.('warn', reason);
          return;
        }
        if (err instanceof HubRefusal && STOPPING.has(err.code)) {
          const reason = `The hub refused this PC (${err.code}): ${message}. Sync is stopped: this store went back (a restored backup?) and must be re-keyed as a new node (npm run setup -- --rekey <hub address> <join code>).`;
          store.setState({ stopped_reason: reason, last_error: reason });
          options.log?.('warn', reason);
          return;
        }
        failures++;
        store.setState({ last_error: err instanceof HubRefusal ? `${err.code}: ${message}` : `The hub cannot be reached: ${message}` });
        schedule(Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS));
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  async function fetchOrder(orderNo: string): Promise<FetchOutcome> {
    if (closed || store.state().stopped_reason) return 'unreachable';
    let answer: OrderResponse;
    try {
      const query = `nodeId=${nodeId}&orderNo=${encodeURIComponent(orderNo)}`;
      answer = await call(`${SYNC_PATHS.order}?${query}`, { method: 'GET' }, (b) => OrderResponse.parse(b), FETCH_TIMEOUT_MS);
    } catch (err) {
      options.log?.('warn', `Order ${orderNo} could not be fetched from the hub: ${err instanceof Error ? err.message : String(err)}`);
      return 'unreachable';
    }
    if (answer.changes.length === 0) return 'absent';
    // Applied as pulled changes are, the pull cursor left where it is.
    applyPulledPage(db, answer.changes, null, JSON.parse(store.state().head_office) as number[], now());
    return 'fetched';
  }

  schedule(0);
  return {
    fetchOrder,
    async syncNow() {
      if (running) await running;
      clearTimeout(timer);
      await round();
    },
    online: () => online,
    async close() {
      closed = true;
      clearTimeout(timer);
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
