/**
 * A branch PC's store in a chain (`npm run bench -- --branch-store-only [--branches N]`): head
 * office's store (the demo company grown to N branches, 50 by default) sells `orders` orders spread
 * over every branch and pushes them to a real hub; then two PCs join by code: one for head office
 * (no --branch: everything) and one for a single branch (`join-code --branch`). Reported: each
 * PC's orders and the size of its store file (after VACUUM, so both are counted alike), so a
 * branch PC is seen to stay the size of its own trade, not the chain's.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { benchCompany } from './sync.js';
import { makeJoinCode } from '../hub/sync/join.js';
import { asActor } from '../main/service/db/journal.js';
import { addBranches } from '../main/service/setup/bulk-branches.js';
import { addOrders } from '../main/service/setup/bulk-orders.js';
import { joinCompany } from '../main/service/sync/join.js';
import { startSyncWorker } from '../main/service/sync/worker.js';
import { openStoreFile, STORE_FILE, type OpenStore } from '../main/service/store-file.js';

export interface BranchStore {
  branches: number;
  orders: number;
  /** Head office's PC (joined without --branch) and one branch's PC. */
  full: { orders: number; mib: number; joinSeconds: number };
  branch: { orders: number; mib: number; joinSeconds: number };
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The store's size once vacuumed: what it holds, not the free pages a run left. */
function vacuumedMib(store: OpenStore, dir: string): number {
  const copy = path.join(dir, 'vacuumed.sqlite');
  store.db.prepare('VACUUM INTO ?').run(copy);
  return mib(statSync(copy).size);
}

export async function measureBranchStore(orders: number, branchCount: number, log: (line: string) => void): Promise<BranchStore> {
  const company = await benchCompany('optical-pos-bench-branch-store-');
  const { temp, hub, ho, opened } = company;
  try {
    asActor({ userId: null, branchId: null, till: '', source: 'seed' }, () => {
      addBranches(ho, branchCount);
      addOrders(ho, orders, { days: 30 });
    });
    const hoSync = startSyncWorker({ db: ho.db, hubUrl: hub.url, nodeId: 1, now: () => new Date(), intervalMs: 3_600_000 });
    await hoSync.syncNow();
    await hoSync.close();
    const code = (ho.db.prepare("SELECT code FROM branch WHERE code <> 'AMD1' ORDER BY id LIMIT 1").get() as { code: string }).code;

    const join = async (name: string, branches: string[]) => {
      const { code: joinCode } = await makeJoinCode(hub.pool, name, undefined, undefined, branches);
      const dir = path.join(temp, name.replace(/\W+/g, '-'));
      const t0 = performance.now();
      await joinCompany(dir, STORE_FILE, hub.url, joinCode);
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      const store = openStoreFile(dir);
      opened.push(store);
      const held = (store.db.prepare('SELECT count(*) AS n FROM sales_order').get() as { n: number }).n;
      return { orders: held, mib: vacuumedMib(store, dir), joinSeconds: seconds };
    };
    const full = await join('Head office 2', []);
    const branch = await join('Branch PC', [code]);
    const result: BranchStore = { branches: branchCount, orders, full, branch };
    log(`  a PC holding everything:  ${full.orders.toLocaleString('en-IN')} orders, ${full.mib} MiB, joined in ${full.joinSeconds} s`);
    log(`  a PC of branch ${code}:    ${branch.orders.toLocaleString('en-IN')} orders, ${branch.mib} MiB, joined in ${branch.joinSeconds} s`);
    return result;
  } finally {
    await company.close();
  }
}
