/**
 * A child process of the sync load bench (bench/load.ts): a share of the simulated branch PCs.
 * Each joins the hub as a real PC does (its own P-256 key, the one-time code, the certificate the
 * hub answers: main/service/sync/join.ts), then, as the sync worker does (worker.ts), syncs over
 * its own kept-alive mutual-TLS connection (hub-tls.ts hubFetch: undici with the PC's certificate,
 * trusting only the hub's CA): push every entry after the last acknowledged (batches of the
 * worker's size), then pull pages of the worker's size until no more wait (a PC of a branch with
 * its place in the other branches' stock levels, as the worker sends it), then wait the interval after the
 * round ends, jittered; after a failure it retries from 1 s, doubling, as the worker does. Sales
 * are made at random (a Poisson process of the given rate) into the node's journal
 * (bench/load-sale.ts). No SQLite: what is pulled is parsed and counted, not applied.
 *
 * It talks to the bench by IPC: `setup` → `ready`, `go` → `done` with every sample taken inside
 * the measured window (requests started in it; sales made in it, seen by another node whenever).
 */
import { performance } from 'node:perf_hooks';
import { parseHlc, hlcReceive } from '../shared/domain/hlc.js';
import { MAX_PULL_LIMIT, SYNC_PATHS, parseJoinCode, type PullResponse, type PushRequest, type SyncChange } from '../shared/sync.js';
import { certified, ownKey } from '../main/service/sync/join.js';
import { hubFetch, joinFetch, type HubFetch, type HubTls } from '../main/service/sync/hub-tls.js';
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../main/service/sync/worker.js';
import { PUSH_BATCH } from '../main/service/sync/outbox.js';
import { JoinResponse } from '../shared/sync.js';
import { isSaleMark, pushBatch, saleChanges, simJournal, type SimJournal } from './load-sale.js';

/**
 * The simulated node's share of a setup: a join code, or (head office) its certificate and next
 * entry; `branchId` for a PC of one branch (it pulls that branch's changes and the other
 * branches' stock levels); `sells: false` for head office when the chain has branches.
 */
export interface NodeSeat {
  id: number;
  code?: string;
  tls?: { cert: string; key: string };
  nextSeq?: number;
  branchId?: number;
  sells?: boolean;
}

export interface LoadSetup {
  type: 'setup';
  hubUrl: string;
  ca: string;
  nodes: NodeSeat[];
  intervalMs: number;
  /** ± this fraction of the interval, at random, on every wait. */
  jitter: number;
  salesPerMinute: number;
}

export interface LoadGo {
  type: 'go';
  measureFrom: number;
  measureTo: number;
  stopAt: number;
}

export interface ChildResult {
  pushMs: number[];
  pullMs: number[];
  /** For every sale made in the window by another node and pulled here: pulled (ms since epoch) − made. */
  lagMs: number[];
  /** For every sale made here in the window: acknowledged by the hub (ms since epoch) − made. */
  atHubMs: number[];
  salesInWindow: number;
  /** The window's sales by the node that made them (its PC's id). */
  salesByNode: Record<number, number>;
  /** Other branches' stock levels pulled (PCs of a branch only). */
  pulledLevels: number;
  pushedChanges: number;
  pulledChanges: number;
  /** Bytes of the pull answers' bodies (the JSON). */
  pulledBytes: number;
  rounds: number;
  errors: number;
  errorSamples: string[];
  cpuMs: number;
}

export type ChildMessage =
  | { type: 'ready'; joinMs: number[] }
  | { type: 'done'; result: ChildResult }
  | { type: 'failed'; message: string };


interface SimNode {
  id: number;
  send: HubFetch;
  journal: SimJournal;
  outbox: SyncChange[];
  pending: PushRequest | null;
  cursor: number;
  /** The newest last contact (`seen[].at`) the hub told of. */
  seenAfter: string | null;
  /** A PC of a branch: its place in the other branches' stock levels ('' none yet); null: head office's kind, sent none. */
  levelsAfter: string | null;
  sells: boolean;
  failures: number;
}

let setup: LoadSetup;
const nodes: SimNode[] = [];
const result: ChildResult = { pushMs: [], pullMs: [], lagMs: [], atHubMs: [], salesInWindow: 0, salesByNode: {}, pulledLevels: 0, pushedChanges: 0, pulledChanges: 0, pulledBytes: 0, rounds: 0, errors: 0, errorSamples: [], cpuMs: 0 };

const say = (message: ChildMessage) => process.send!(message);

process.on('message', (message: LoadSetup | LoadGo) => {
  const work = message.type === 'setup' ? prepare(message) : run(message);
  work.catch((error: unknown) => {
    say({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));

async function prepare(message: LoadSetup): Promise<void> {
  setup = message;
  const joinMs: number[] = [];
  const queue = [...setup.nodes];
  // A few joins at a time: each makes a key pair here and has the hub certify it.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let seat = queue.shift(); seat; seat = queue.shift()) {
        const t0 = performance.now();
        const tls = seat.tls ? { ca: setup.ca, ...seat.tls } : await join(seat.code!);
        joinMs.push(performance.now() - t0);
        nodes.push({
          id: seat.id,
          send: hubFetch(tls),
          journal: simJournal(seat.id, seat.nextSeq ?? 1, seat.branchId),
          outbox: [],
          pending: null,
          cursor: 0,
          seenAfter: null,
          levelsAfter: seat.branchId === undefined ? null : '',
          sells: seat.sells ?? true,
          failures: 0,
        });
      }
    }),
  );
  say({ type: 'ready', joinMs });
}

/** The real join's request and checks (sync/join.ts), without making a store: the PC's certificate. */
async function join(code: string): Promise<HubTls> {
  const { secret } = parseJoinCode(code);
  const made = ownKey(secret);
  const client = joinFetch(setup.ca);
  try {
    const response = await client(`${setup.hubUrl}${SYNC_PATHS.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: secret, publicKey: made.publicKey, proof: made.proof }),
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`join refused (${response.status}): ${JSON.stringify(body)}`);
    return certified(JoinResponse.parse(body), setup.ca, made.key);
  } finally {
    await client.close();
  }
}

async function run(go: LoadGo): Promise<void> {
  const inWindow = (ms: number) => ms >= go.measureFrom && ms < go.measureTo;
  let cpuFrom: NodeJS.CpuUsage | undefined;
  let cpuTo: NodeJS.CpuUsage | undefined;
  const cpuAt = (at: number, set: () => void) => setTimeout(set, Math.max(0, at - Date.now()));
  cpuAt(go.measureFrom, () => (cpuFrom = process.cpuUsage()));
  cpuAt(go.measureTo, () => (cpuTo = process.cpuUsage()));
  const meanGapMs = 60_000 / setup.salesPerMinute;
  const jittered = (ms: number) => ms * (1 + setup.jitter * (2 * Math.random() - 1));

  await Promise.all(
    nodes.map(async (node) => {
      // Sales at random, a Poisson process: exponential gaps of the given mean.
      const sell = () => {
        if (Date.now() >= go.stopAt) return;
        const now = Date.now();
        const changes = saleChanges(node.journal, now);
        node.outbox.push(...changes);
        if (inWindow(now)) {
          result.salesInWindow++;
          result.salesByNode[node.id] = (result.salesByNode[node.id] ?? 0) + 1;
        }
        setTimeout(sell, -Math.log(1 - Math.random()) * meanGapMs);
      };
      if (node.sells) setTimeout(sell, -Math.log(1 - Math.random()) * meanGapMs);
      // The PC started at some moment in the interval, as a chain's PCs do.
      await sleep(Math.random() * setup.intervalMs);
      while (Date.now() < go.stopAt) {
        let wait: number;
        try {
          await round(node, inWindow);
          node.failures = 0;
          wait = jittered(setup.intervalMs);
        } catch (error) {
          node.failures++;
          if (inWindow(Date.now())) result.errors++;
          if (result.errorSamples.length < 5) result.errorSamples.push(`node ${node.id}: ${error instanceof Error ? error.message : String(error)}`);
          wait = Math.min(FIRST_RETRY_MS * 2 ** (node.failures - 1), MAX_RETRY_MS);
        }
        await sleep(Math.min(wait, Math.max(0, go.stopAt - Date.now())));
      }
    }),
  );
  const usage = process.cpuUsage(cpuFrom);
  const window = cpuTo && cpuFrom ? { user: cpuTo.user - cpuFrom.user, system: cpuTo.system - cpuFrom.system } : usage;
  result.cpuMs = Math.round((window.user + window.system) / 1000);
  say({ type: 'done', result });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(node: SimNode, path: string, init?: RequestInit): Promise<{ ms: number; body: unknown; bytes: number }> {
  const t0 = performance.now();
  const response = await node.send(`${setup.hubUrl}${path}`, init);
  const text = await response.text();
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`${path.split('?')[0]} ${response.status}: ${text.slice(0, 200)}`);
  return { ms, body: JSON.parse(text) as unknown, bytes: Buffer.byteLength(text) };
}

/** One round of the worker: push everything waiting, then pull until nothing more waits. */
async function round(node: SimNode, inWindow: (ms: number) => boolean): Promise<void> {
  const started = Date.now();
  if (inWindow(started)) result.rounds++;
  while (node.outbox.length > 0) {
    // Kept until acknowledged: a resend after a failure sends the very same batch.
    const batch = (node.pending ??= pushBatch(node.id, node.outbox.slice(0, PUSH_BATCH)));
    const at = Date.now();
    const { ms } = await request(node, SYNC_PATHS.push, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    const acknowledged = Date.now();
    if (inWindow(at)) {
      result.pushMs.push(ms);
      result.pushedChanges += batch.changes.length;
    }
    for (const change of batch.changes) {
      const made = Date.parse(change.at);
      if (isSaleMark(change) && inWindow(made)) result.atHubMs.push(acknowledged - made);
    }
    node.outbox.splice(0, batch.changes.length);
    node.pending = null;
  }
  for (let more = true; more; ) {
    const at = Date.now();
    // As the worker does: the newest last contact it was told of, so `seen` lists only those since.
    const seenAfter = node.seenAfter ? `&seenAfter=${encodeURIComponent(node.seenAfter)}` : '';
    const levelsAfter = node.levelsAfter === null ? '' : `&levelsAfter=${encodeURIComponent(node.levelsAfter)}`;
    const { ms, body, bytes } = await request(node, `${SYNC_PATHS.pull}?nodeId=${node.id}&after=${node.cursor}&limit=${MAX_PULL_LIMIT}${seenAfter}${levelsAfter}`);
    const page = body as PullResponse;
    if (node.levelsAfter !== null && page.levelsNext !== undefined) {
      node.levelsAfter = page.levelsNext;
      if (inWindow(at)) result.pulledLevels += page.levels?.length ?? 0;
    }
    for (const s of page.seen ?? []) if (node.seenAfter === null || s.at > node.seenAfter) node.seenAfter = s.at;
    const seenAt = Date.now();
    if (inWindow(at)) {
      result.pullMs.push(ms);
      result.pulledChanges += page.changes.length;
      result.pulledBytes += bytes;
    }
    for (const change of page.changes) {
      if (!isSaleMark(change)) continue;
      const made = Date.parse(change.at);
      if (inWindow(made)) result.lagMs.push(seenAt - made);
    }
    const last = page.changes.at(-1);
    if (last) node.journal.clock = hlcReceive(node.journal.clock, parseHlc(last.hlc)!, seenAt);
    node.cursor = page.next;
    more = page.more;
  }
}
