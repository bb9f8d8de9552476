/**
 * A chain of two PCs and a real hub (embedded PostgreSQL), as the two-PC sync tests need it: head
 * office's PC (node 1, the demo store, branch AMD1) enrolled first and pushed, then a second PC
 * joined with a code (node 2) holding what head office pushed. `atHeadOffice` runs on head
 * office's PC before the join (users made there are its master data and travel with the join).
 * The sync worker runs only when a test asks (`syncNow`, `converge`), so "apart" is every moment
 * between two calls.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHub, type Hub } from '../../hub/hub.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { freePort } from '../hub/hub-process.js';
import { TEST_PG, tempDataDir } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from './service.js';

export interface TwoPcs {
  hub: Hub;
  hubUrl: string;
  /** Head office's PC (node 1) and the PC that joined (node 2). */
  ho: TestService;
  joined: TestService;
  /** One sync round at a PC; refuses a sync error, a stopped sync or a change left unapplied. */
  syncNow(svc: TestService): Promise<void>;
  /** Rounds at both PCs until each holds the other's changes, and the hub's current rows are folded up to its log. */
  converge(): Promise<void>;
  /** A table's rows (as selected, by id) at a PC, counted and hashed: equal at both PCs once converged. */
  rows(svc: TestService, table: string, where?: string, ...args: unknown[]): { rows: number; sum: string };
  close(): Promise<void>;
}

export async function startTwoPcs(
  name: string,
  /** `joinedBranches`: the joined PC is a branch PC of these branch codes (join-code --branch), asked after `atHeadOffice`. */
  options: { joinedAs?: string; atHeadOffice?: (ho: TestService) => Promise<void>; joinedBranches?: () => string[] } = {},
): Promise<TwoPcs> {
  const hubDir = await tempDataDir({ seeded: true });
  const port = await freePort();
  const hubUrl = `http://127.0.0.1:${port}`;
  const hub = await startHub({ dataDir: path.join(hubDir.dir, 'hub'), port, ...TEST_PG });
  assert.equal((await hub.enroll('Head office')).id, 1);
  const ho = await startTestService({ hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  const syncNow = async (svc: TestService) => {
    await svc.server.deps.sync!.syncNow();
    const { db } = svc.server.deps;
    const state = db.prepare('SELECT last_error, stopped_reason FROM sync_state').get() as { last_error: string | null; stopped_reason: string | null };
    assert.deepEqual(state, { last_error: null, stopped_reason: null }, `sync at ${svc.url}`);
    assert.deepEqual(db.prepare('SELECT tbl, reason FROM sync_dead_letter').all(), [], `every pulled change applied at ${svc.url}`);
  };
  await options.atHeadOffice?.(ho);
  await syncNow(ho);
  const { code } = await makeJoinCode(hub.pool, options.joinedAs ?? 'Branch till 1', undefined, undefined, options.joinedBranches?.() ?? []);
  const dir = mkdtempSync(path.join(os.tmpdir(), `optical-pos-${name}-`));
  await joinCompany(dir, STORE_FILE, hubUrl, code);
  const joined = await startTestService({ dataDir: dir, hubUrl, syncIntervalMs: 600_000, readWorkers: 0 });
  return {
    hub,
    hubUrl,
    ho,
    joined,
    syncNow,
    async converge() {
      for (let round = 0; round < 2; round++) for (const svc of [ho, joined]) await syncNow(svc);
      // The hub's current rows are folded after each push commits: caught up too.
      await hub.rowStateCaughtUp();
    },
    rows(svc, table, where = '1 = 1', ...args) {
      const rows = svc.server.deps.db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY id`).all(...args);
      return { rows: rows.length, sum: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
    },
    async close() {
      await joined.close();
      await ho.close();
      await hub.close();
      await hubDir.remove();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
