/**
 * The sync load bench (`npm run bench -- --load-only [--nodes 200] [--load-minutes 3]`): many
 * branch PCs pushing and pulling against ONE real hub on this machine.
 *
 * The hub runs as `npm run hub -- --tls` runs it (hub/main.ts in its own process, its embedded
 * PostgreSQL started by it with its durable settings), so its memory and CPU are its own. Head
 * office's PC is enrolled as node 1 with a certificate (`npm run hub -- enroll … --cert-out`) and
 * pushes the company's installation secret; every other node gets a one-time join code
 * (`npm run hub -- join-code`) and joins as a PC does, with its own key and the certificate the
 * hub answers. The simulated PCs run in `--load-workers` child processes (bench/load-node.ts),
 * each on its own kept-alive mutual-TLS connection, syncing as the worker does: push, then pull
 * every page, every `--load-interval` seconds (default 5, the PCs' default) ±10 %, after the
 * round ends. Each makes `--sales-per-minute` sales (default 1: a busy hour at every branch at
 * once), nine journal entries each (bench/load-sale.ts).
 *
 * Measured over the window that follows a warm-up of one interval (the TLS handshakes, the first
 * empty pulls), then a drain in which the PCs go on syncing so the window's last sales can reach
 * everyone: push and pull latency (each request), changes per second in and out of the hub, the
 * time from a sale made at one PC to its order pulled at each other PC (every pair; a pair not
 * seen by the end of the drain counts as slower than the drain), the hub's RSS and PostgreSQL's
 * memory (PSS summed over the postmaster and its backends, so shared buffers count once), sampled
 * every second, and the CPU each took.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { openHubStore } from '../hub/hub.js';
import { issueNodeCertificate } from '../hub/sync/certificates.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { enrollNode } from '../hub/sync/nodes.js';
import { loadOrCreateCa } from '../hub/tls/ca.js';
import { SYNC_PATHS } from '../shared/sync.js';
import { freePort, startHubProcess, stopHubProcess } from './hub-process.js';
import type { ChildMessage, ChildResult, LoadGo, LoadSetup, NodeSeat } from './load-node.js';
import { benchBranchCode, benchBranchId, branchChange, ENTRIES_PER_SALE, installationSecretChange, pushBatch, simJournal } from './load-sale.js';
import { lagStats, statsOf, type LagStats, type Stats } from './stats.js';

const root = path.resolve(import.meta.dirname, '..');

export interface LoadOptions {
  nodes: number;
  /**
   * 0: every PC receives every change, as head office's does (the most the hub sends). N: the
   * chain has N branches, head office's PC (it makes no sales) and the others, each a PC of one
   * branch in turn, receiving its branch's changes and the other branches' stock levels.
   */
  branches: number;
  minutes: number;
  intervalMs: number;
  salesPerMinute: number;
  workers: number;
}

export const LOAD_DEFAULTS: LoadOptions = { nodes: 200, branches: 0, minutes: 3, intervalMs: 5_000, salesPerMinute: 1, workers: 2 };
const JITTER = 0.1;

/** min, peak and last of a sampled figure (MiB). */
export interface Sampled {
  start: number;
  peak: number;
  end: number;
}

export interface LoadBench {
  options: LoadOptions;
  /** Seconds measured (the window), and the drain after it. */
  seconds: number;
  drainSeconds: number;
  joinMs: Stats;
  sales: number;
  entriesPerSale: number;
  push: Stats;
  pull: Stats;
  pushedPerSecond: number;
  pulledPerSecond: number;
  /** Pull answers' JSON, KiB a second (the hub's traffic out, before TLS). */
  pulledKiBPerSecond: number;
  /** Sale made at one PC → its order pulled at another that receives it, over every such (PC, sale) pair; seconds. */
  lag: LagStats;
  /** Other branches' stock levels pulled, a second (PCs of a branch only). */
  levelsPerSecond: number;
  /** Sale made → acknowledged by the hub (its own PC's next push), over every sale; seconds. */
  atHub: LagStats;
  rounds: number;
  errors: number;
  errorSamples: string[];
  memory: { hubRssMiB: Sampled; postgresPssMiB: Sampled; postgresProcesses: number; samples: number };
  /** Share of one core over the window. */
  cpu: { hub: number; postgres: number; simulatedPcs: number };
  loadAverage: { before: number[]; after: number[] };
}

export async function measureLoad(options: LoadOptions, log: (line: string) => void): Promise<LoadBench> {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-load-'));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(temp, 0o755);
  const dataDir = path.join(temp, 'hub');
  const children: ChildProcess[] = [];
  let hub: ChildProcess | undefined;
  let store: Awaited<ReturnType<typeof openHubStore>> | undefined;
  try {
    const port = await freePort();
    const started = await startHubProcess(dataDir, port, { tls: true });
    hub = started.child;
    const hubUrl = `https://127.0.0.1:${port}`;
    log(`hub: pid ${hub.pid} at ${hubUrl}`);
    store = await openHubStore({ dataDir, whenRunning: 'attach' });
    const ca = await loadOrCreateCa(path.join(dataDir, 'tls'));

    // Head office's PC: node 1, enrolled with a certificate, pushes the installation secret first.
    // With branches, its first push carries them too: a join code names the branches its PC serves.
    const head = await enrollNode(store.pool, 'Head office');
    const issued = await issueNodeCertificate(store.pool, ca, head.id);
    const headJournal = simJournal(head.id);
    const first = [installationSecretChange(headJournal, randomBytes(32).toString('base64'), Date.now())];
    for (let b = 0; b < options.branches; b++) first.push(branchChange(headJournal, b, Date.now()));
    await pushOnce(hubUrl, { ca: ca.cert, cert: issued.cert, key: issued.key }, pushBatch(head.id, first));
    const seats: NodeSeat[] = [{ id: head.id, tls: { cert: issued.cert, key: issued.key }, nextSeq: headJournal.nextSeq, sells: options.branches === 0 }];
    const branchOf = new Map<number, number>();
    for (let i = 2; i <= options.nodes; i++) {
      const b = options.branches > 0 ? (i - 2) % options.branches : null;
      const made = await makeJoinCode(store.pool, `Load PC ${i}`, 24, ca, b === null ? [] : [benchBranchCode(b)]);
      if (b !== null) branchOf.set(made.nodeId, b);
      seats.push({ id: made.nodeId, code: made.code, ...(b === null ? {} : { branchId: benchBranchId(b) }) });
    }
    // Who pulls a node's sale: every other PC; with branches, the other PCs of its branch and head office's.
    const perBranch = new Map<number, number>();
    for (const b of branchOf.values()) perBranch.set(b, (perBranch.get(b) ?? 0) + 1);
    const receivers = (nodeId: number) => (options.branches === 0 ? options.nodes - 1 : perBranch.get(branchOf.get(nodeId)!)!);
    await store.close();
    store = undefined;

    const workers = Math.max(1, Math.min(options.workers, options.nodes));
    const shares = Array.from({ length: workers }, (_, w) => seats.filter((_, i) => i % workers === w));
    const ready: Array<Promise<number[]>> = [];
    const done: Array<Promise<ChildResult>> = [];
    for (const share of shares) {
      const child = fork(path.join(root, 'bench', 'load-node.ts'), [], { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      const answers = listen(child);
      ready.push(answers('ready').then((m) => (m as Extract<ChildMessage, { type: 'ready' }>).joinMs));
      done.push(answers('done').then((m) => (m as Extract<ChildMessage, { type: 'done' }>).result));
      const message: LoadSetup = { type: 'setup', hubUrl, ca: ca.cert, nodes: share, intervalMs: options.intervalMs, jitter: JITTER, salesPerMinute: options.salesPerMinute };
      child.send(message);
    }
    const t0 = performance.now();
    const joinMs = (await Promise.all(ready)).flat();
    log(`${options.nodes} PCs enrolled (${options.nodes - 1} joined by code, each with its own key and certificate) in ${Math.round(performance.now() - t0)} ms, ${workers} processes`);

    const hubPid = hub.pid!;
    const sampler = memorySampler(hubPid, path.join(dataDir, 'pg'));
    const loadBefore = os.loadavg();
    const warmUpMs = options.intervalMs + 1_000;
    const windowMs = options.minutes * 60_000;
    const drainMs = 3 * options.intervalMs + 10_000;
    const now = Date.now();
    const go: LoadGo = { type: 'go', measureFrom: now + warmUpMs, measureTo: now + warmUpMs + windowMs, stopAt: now + warmUpMs + windowMs + drainMs };
    for (const child of children) child.send(go);
    const cpuFrom = await at(go.measureFrom, () => sampler.cpu());
    log(`measuring ${options.minutes} min from ${new Date(go.measureFrom).toISOString().slice(11, 19)} UTC, then ${drainMs / 1000} s of drain`);
    const progress = setInterval(() => log(`  ${sampler.line()}`), 30_000);
    const cpuTo = await at(go.measureTo, () => sampler.cpu());
    const results = await Promise.all(done);
    clearInterval(progress);
    const memory = sampler.stop(go.measureTo);
    const loadAfter = os.loadavg();

    const all = <K extends 'pushMs' | 'pullMs' | 'lagMs' | 'atHubMs'>(key: K) => results.flatMap((r) => r[key]);
    const sum = (key: 'salesInWindow' | 'pushedChanges' | 'pulledChanges' | 'pulledBytes' | 'pulledLevels' | 'rounds' | 'errors' | 'cpuMs') => results.reduce((s, r) => s + r[key], 0);
    const sales = sum('salesInWindow');
    const lags = all('lagMs');
    const pairs = results.reduce((s, r) => s + Object.entries(r.salesByNode).reduce((t, [node, n]) => t + n * receivers(Number(node)), 0), 0);
    const seconds = windowMs / 1000;
    const share = (ms: number) => Math.round((ms / windowMs) * 100) / 100;
    return {
      options,
      seconds,
      drainSeconds: drainMs / 1000,
      joinMs: statsOf(joinMs, 0),
      sales,
      entriesPerSale: ENTRIES_PER_SALE,
      push: statsOf(all('pushMs'), windowMs),
      pull: statsOf(all('pullMs'), windowMs),
      pushedPerSecond: Math.round(sum('pushedChanges') / seconds),
      pulledPerSecond: Math.round(sum('pulledChanges') / seconds),
      pulledKiBPerSecond: Math.round(sum('pulledBytes') / 1024 / seconds),
      lag: lagStats(lags, pairs),
      levelsPerSecond: Math.round(sum('pulledLevels') / seconds),
      atHub: lagStats(all('atHubMs'), sales),
      rounds: sum('rounds'),
      errors: sum('errors'),
      errorSamples: results.flatMap((r) => r.errorSamples).slice(0, 5),
      memory,
      cpu: { hub: share(cpuTo.hubMs - cpuFrom.hubMs), postgres: share(cpuTo.postgresMs - cpuFrom.postgresMs), simulatedPcs: share(sum('cpuMs')) },
      loadAverage: { before: loadBefore.map(round2), after: loadAfter.map(round2) },
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await store?.close();
    if (hub) await stopHubProcess(hub);
    rmSync(temp, { recursive: true, force: true });
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Resolves `read()` at the moment `when` (ms since epoch). */
const at = <T>(when: number, read: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(read()), Math.max(0, when - Date.now())));

/** The messages of a child by type; its failure or early exit rejects them all. */
function listen(child: ChildProcess): (type: 'ready' | 'done') => Promise<ChildMessage> {
  const waiting = new Map<string, { resolve: (m: ChildMessage) => void; reject: (e: Error) => void }>();
  const got = new Map<string, ChildMessage>();
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure = error;
    for (const w of waiting.values()) w.reject(error);
  };
  child.on('message', (message: ChildMessage) => {
    if (message.type === 'failed') return fail(new Error(`a simulated PC process failed: ${message.message}`));
    got.set(message.type, message);
    waiting.get(message.type)?.resolve(message);
  });
  child.on('exit', (code) => {
    if (!got.has('done')) fail(new Error(`a simulated PC process exited (${code}) before it was done`));
  });
  return (type) =>
    new Promise((resolve, reject) => {
      if (got.has(type)) return resolve(got.get(type)!);
      if (failure) return reject(failure);
      waiting.set(type, { resolve, reject });
    });
}

async function pushOnce(hubUrl: string, tls: { ca: string; cert: string; key: string }, batch: ReturnType<typeof pushBatch>): Promise<void> {
  const dispatcher = new Agent({ connect: { ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: true } });
  try {
    const response = await fetch(`${hubUrl}${SYNC_PATHS.push}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch), dispatcher });
    if (!response.ok) throw new Error(`head office's first push was refused (${response.status}): ${await response.text()}`);
    await response.text();
  } finally {
    await dispatcher.close();
  }
}

// ---- /proc readings (Linux) ----

const TICK_MS = 10;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const kib = (text: string | null, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text ?? '')?.[1] ?? 0);

/** utime + stime (and, with `reaped`, the children's it waited for), in ms. */
function cpuMsOf(pid: number, reaped = false): number {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
  return ticks * TICK_MS;
}

function descendants(pid: number): number[] {
  const kids = (readText(`/proc/${pid}/task/${pid}/children`) ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...kids.flatMap(descendants)];
}

function postmasterOf(clusterDir: string): number | null {
  const pid = Number((readText(path.join(clusterDir, 'postmaster.pid')) ?? '').split('\n')[0]);
  return pid > 0 && existsSync(`/proc/${pid}`) ? pid : null;
}

/** The hub's RSS and PostgreSQL's PSS every second; CPU on demand. */
function memorySampler(hubPid: number, clusterDir: string) {
  const hub: number[] = [];
  const postgres: number[] = [];
  const times: number[] = [];
  let processes = 0;
  const sample = () => {
    const postmaster = postmasterOf(clusterDir);
    const pids = postmaster ? descendants(postmaster) : [];
    processes = Math.max(processes, pids.length);
    hub.push(kib(readText(`/proc/${hubPid}/status`), 'VmRSS') / 1024);
    postgres.push(pids.reduce((s, pid) => s + kib(readText(`/proc/${pid}/smaps_rollup`), 'Pss'), 0) / 1024);
    times.push(Date.now());
  };
  sample();
  const timer = setInterval(sample, 1_000);
  const summary = (values: number[], until: number): Sampled => {
    const upto = values.filter((_, i) => times[i]! <= until);
    return { start: Math.round(upto[0] ?? 0), peak: Math.round(Math.max(...upto)), end: Math.round(upto.at(-1) ?? 0) };
  };
  return {
    line: () => `hub RSS ${Math.round(hub.at(-1) ?? 0)} MiB, PostgreSQL PSS ${Math.round(postgres.at(-1) ?? 0)} MiB (${processes} processes)`,
    cpu: () => {
      const postmaster = postmasterOf(clusterDir);
      const pids = postmaster ? descendants(postmaster) : [];
      return { hubMs: cpuMsOf(hubPid), postgresMs: pids.reduce((s, pid) => s + cpuMsOf(pid, pid === postmaster), 0) };
    },
    /** Stops; the figures up to the window's end (the drain is not counted). */
    stop(until: number) {
      clearInterval(timer);
      return { hubRssMiB: summary(hub, until), postgresPssMiB: summary(postgres, until), postgresProcesses: processes, samples: times.filter((t) => t <= until).length };
    },
  };
}

// ---- output ----

const sec = (s: number | null) => (s === null ? 'not seen by the end' : `${s} s`);
/** A lag figure, or why there is none. */
const lagText = (r: LoadBench, s: number | null) => (r.lag.pairs === 0 ? 'no sales in the window' : sec(s));

/** Who receives what, in words. */
const chainText = (o: LoadOptions) =>
  o.branches === 0
    ? 'every PC receiving every change (as head office’s does)'
    : `${o.branches} branches: head office’s PC (no sales) receiving everything, each other PC one branch’s, receiving its changes and the other branches’ stock levels`;

export function loadLines(r: LoadBench): string[] {
  const o = r.options;
  return [
    `${o.nodes} PCs, ${chainText(o)}, ${o.salesPerMinute} sale/min each (${r.entriesPerSale} entries), sync every ${o.intervalMs / 1000} s ±${JITTER * 100} %, ${r.seconds} s measured: ${r.sales} sales, ${r.rounds} rounds, ${r.errors} failed requests`,
    `push  p50 ${r.push.p50.toFixed(1)} / p99 ${r.push.p99.toFixed(1)} ms (${r.push.n} batches); pull p50 ${r.pull.p50.toFixed(1)} / p99 ${r.pull.p99.toFixed(1)} ms (${r.pull.n} pages)`,
    `through the hub: ${r.pushedPerSecond} changes/s in, ${r.pulledPerSecond} changes/s out (${r.pulledKiBPerSecond} KiB/s of pull answers)${o.branches > 0 ? `, ${r.levelsPerSecond} other branches' stock levels/s` : ''}`,
    `sale visible at another PC${o.branches > 0 ? ' that receives it' : ''}: p50 ${lagText(r, r.lag.p50)}, p95 ${lagText(r, r.lag.p95)}, p99 ${lagText(r, r.lag.p99)}, max ${lagText(r, r.lag.max)} (${r.lag.seen} of ${r.lag.pairs} pairs seen)`,
    `  of which at the hub (its own PC's push acknowledged): p50 ${lagText(r, r.atHub.p50)}, p99 ${lagText(r, r.atHub.p99)} (${r.atHub.seen} of ${r.atHub.pairs} sales)`,
    `memory: hub RSS ${r.memory.hubRssMiB.start} → peak ${r.memory.hubRssMiB.peak} → ${r.memory.hubRssMiB.end} MiB; PostgreSQL PSS ${r.memory.postgresPssMiB.start} → peak ${r.memory.postgresPssMiB.peak} → ${r.memory.postgresPssMiB.end} MiB (${r.memory.postgresProcesses} processes)`,
    `CPU (cores): hub ${r.cpu.hub}, PostgreSQL ${r.cpu.postgres}, the simulated PCs ${r.cpu.simulatedPcs}; load average ${r.loadAverage.before.join(' ')} before, ${r.loadAverage.after.join(' ')} after`,
    ...r.errorSamples.map((e) => `  failed: ${e}`),
  ];
}

export function loadMarkdown(r: LoadBench): string[] {
  const o = r.options;
  const ms = (s: Stats) => `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)}`;
  return [
    `Sync load: ${o.nodes} PCs on one hub (its own process, embedded PostgreSQL, mutual TLS), ${chainText(o)}, each making ${o.salesPerMinute} sale a minute (${r.entriesPerSale} journal entries) and syncing every ${o.intervalMs / 1000} s ±${JITTER * 100} % (push, then pull every page); ${r.seconds} s measured after a warm-up, ${r.drainSeconds} s of drain; ${r.sales} sales, ${r.errors} failed requests.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| push p50 / p99 ms | ${ms(r.push)} (${r.push.n} batches) |`,
    `| pull p50 / p99 ms | ${ms(r.pull)} (${r.pull.n} pages) |`,
    `| changes/s into the hub / out of it | ${r.pushedPerSecond} / ${r.pulledPerSecond} (${r.pulledKiBPerSecond} KiB/s of pull answers)${o.branches > 0 ? `; ${r.levelsPerSecond} other branches' stock levels/s` : ''} |`,
    `| sale made → visible at another PC, p50 / p99 | ${lagText(r, r.lag.p50)} / ${lagText(r, r.lag.p99)} (${r.lag.seen} of ${r.lag.pairs} pairs) |`,
    `| sale made → at the hub (its PC's push acknowledged), p50 / p99 | ${lagText(r, r.atHub.p50)} / ${lagText(r, r.atHub.p99)} |`,
    `| hub RSS MiB, start / peak / end | ${r.memory.hubRssMiB.start} / ${r.memory.hubRssMiB.peak} / ${r.memory.hubRssMiB.end} |`,
    `| PostgreSQL PSS MiB, start / peak / end | ${r.memory.postgresPssMiB.start} / ${r.memory.postgresPssMiB.peak} / ${r.memory.postgresPssMiB.end} (${r.memory.postgresProcesses} processes) |`,
    `| CPU, cores: hub / PostgreSQL / simulated PCs | ${r.cpu.hub} / ${r.cpu.postgres} / ${r.cpu.simulatedPcs} |`,
    `| load average before / after | ${r.loadAverage.before.join(' ')} / ${r.loadAverage.after.join(' ')} |`,
  ];
}
