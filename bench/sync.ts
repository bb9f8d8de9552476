/**
 * Sync throughput (issue 15) for `npm run bench`: a real hub (hub/hub.ts over its embedded
 * PostgreSQL, durable settings, on loopback) and two stores in this process, each with the sync
 * worker the service runs (main/service/sync/worker.ts): head office (the demo company, node 1)
 * and a branch PC that joins by code. The branch sells `orders` orders with the seed's machinery
 * (through its journal, like any sale), then:
 *
 *   push  the branch's worker sends every entry (batches of 500, each one PostgreSQL transaction)
 *   pull  head office's worker takes them all and applies them (pages of 500, each one SQLite
 *         transaction, per-table rules)
 *
 * Each against a floor measured in the same run on the same hub: for push, the same changes
 * appended with the hub's own SQL in 500-change transactions (no HTTP, no JSON, no checks); for
 * pull, the same changes read with the hub's page query (no HTTP, nothing applied).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHub } from '../hub/hub.js';
import { allChanges, changesAfter, insertChanges } from '../hub/store/change.js';
import { inTransaction } from '../hub/store/transaction.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { asActor } from '../main/service/db/journal.js';
import { openService } from '../main/service/service.js';
import { addOrders } from '../main/service/setup/bulk-orders.js';
import { joinCompany } from '../main/service/sync/join.js';
import { startSyncWorker } from '../main/service/sync/worker.js';
import { openStoreFile, STORE_FILE, type OpenStore } from '../main/service/store-file.js';

export interface SyncThroughput {
  orders: number;
  changes: number;
  push: { seconds: number; perSecond: number; floorPerSecond: number };
  pull: { seconds: number; perSecond: number; floorPerSecond: number };
}

const PAGE = 500;

export async function measureSync(orders: number, log: (line: string) => void): Promise<SyncThroughput> {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-bench-sync-'));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(temp, 0o755);
  const hub = await startHub({ dataDir: path.join(temp, 'hub'), port: 0 });
  const opened: OpenStore[] = [];
  try {
    await hub.enroll('Head office');
    const hoDir = path.join(temp, 'ho');
    await (await openService({ dataDir: hoDir })).close();
    const ho = openStoreFile(hoDir);
    opened.push(ho);
    const worker = (store: OpenStore, nodeId: number) => startSyncWorker({ db: store.db, hubUrl: hub.url, nodeId, now: () => new Date(), intervalMs: 3_600_000 });
    const hoSync = worker(ho, 1);
    await hoSync.syncNow();

    const { code, nodeId } = await makeJoinCode(hub.pool, 'Bench branch');
    const branchDir = path.join(temp, 'branch');
    await joinCompany(branchDir, STORE_FILE, hub.url, code);
    const branch = openStoreFile(branchDir);
    opened.push(branch);
    asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => addOrders(branch, orders, { days: 7 }));
    const changes = (branch.db.prepare('SELECT count(*) AS n FROM journal WHERE seq > (SELECT acked_seq FROM sync_state)').get() as { n: number }).n;
    const branchSync = worker(branch, nodeId);

    const t0 = performance.now();
    await branchSync.syncNow();
    const pushMs = performance.now() - t0;
    const t1 = performance.now();
    await hoSync.syncNow();
    const pullMs = performance.now() - t1;
    for (const store of [branch, ho]) {
      const state = store.db.prepare('SELECT last_error FROM sync_state').get() as { last_error: string | null };
      if (state.last_error) throw new Error(`sync bench: ${state.last_error}`);
    }
    await branchSync.close();
    await hoSync.close();

    // Floors: the hub's own SQL for the same changes, under a node enrolled for it.
    const sent = (await allChanges(hub.pool)).filter((c) => c.nodeId === nodeId);
    const floorNode = await hub.enroll('Bench floor');
    const f0 = performance.now();
    for (let i = 0; i < sent.length; i += PAGE) {
      await inTransaction(hub.pool, (client) => insertChanges(client, floorNode.id, sent.slice(i, i + PAGE)));
    }
    const pushFloorMs = performance.now() - f0;
    const f1 = performance.now();
    let after = sent[0]!.cursor - 1;
    for (let read = 0; read < sent.length; ) {
      const page = await changesAfter(hub.pool, 1, after, PAGE);
      read += page.changes.length;
      after = page.changes.at(-1)?.cursor ?? Number.MAX_SAFE_INTEGER;
      if (page.changes.length === 0) break;
    }
    const pullFloorMs = performance.now() - f1;

    const rate = (ms: number) => Math.round((changes * 1000) / Math.max(ms, 1));
    const result: SyncThroughput = {
      orders,
      changes,
      push: { seconds: round(pushMs / 1000), perSecond: rate(pushMs), floorPerSecond: rate(pushFloorMs) },
      pull: { seconds: round(pullMs / 1000), perSecond: rate(pullMs), floorPerSecond: rate(pullFloorMs) },
    };
    log(syncLine('push (branch → hub)', result.push));
    log(syncLine('pull (hub → head office, applied)', result.pull));
    return result;
  } finally {
    for (const store of opened) store.db.close();
    await hub.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

export function syncLine(name: string, r: SyncThroughput['push']): string {
  return `${name.padEnd(36)} ${String(r.perSecond).padStart(6)} changes/s  (${r.seconds} s)  floor ${r.floorPerSecond}/s: ×${round(r.floorPerSecond / Math.max(r.perSecond, 1))} its time`;
}
