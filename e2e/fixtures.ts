/**
 * The real service, started once per worker on a free port with a fresh data directory (so it
 * is in demo mode with the demo users) and serving the built renderer at `/`.
 */
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startServer, type NoStore, type ServerOptions } from '../main/service/server.js';
import { DEMO_FILE } from '../main/service/store-file.js';
import { migratedStore } from '../test/helpers/service.js';
import { rendererDist } from './paths.js';

export interface Service {
  /** Origin of the running service, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Its data folder (fresh for the worker). */
  dataDir: string;
}

/**
 * `dataDir` with the migrated empty store in it, as the worker's service starts: a spec's own demo
 * service (a hub's head-office PC, a service a spec keeps to itself) started there seeds the demo
 * without running the migrations again (2-7 s on two busy cores).
 */
export function migratedDemo(dataDir: string): string {
  copyFileSync(migratedStore(), join(dataDir, DEMO_FILE));
  return dataDir;
}

/** A service on a fresh data folder serving the built renderer, stopped and removed after `use`. */
async function withService(noStore: NoStore, use: (service: Service) => Promise<void>, extra: Partial<ServerOptions> = {}): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'optical-pos-e2e-'));
  // The demo's first start from the migrated empty store (made once per worker, or per run under
  // npm test), as the unit tests' services start: it seeds the demo without migrating again.
  if (noStore === 'demo') migratedDemo(dataDir);
  const server = await startServer({
    dataDir,
    port: 0,
    staticDir: rendererDist,
    // A response that breaks the shared contract fails the test instead of only being logged.
    strictResponses: true,
    noStore,
    ...extra,
  });
  try {
    await use({ url: server.url, dataDir });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `service`: the worker's service. `test.use({ noStore: 'ask' })` gives the file's worker one whose
 * fresh data folder opens the first-run screen instead of the demo (server.ts NoStore; POS_DEMO
 * unset). `emptyPc`: a test's own service on an empty folder showing the first-run screen, for a
 * test that needs a PC of its own beside the worker's (a second PC joining a hub). `demoPc`: a
 * test's own demo store, for a test that turns it into something else (leaving the demo), which
 * must not change the store the worker's other tests sign in to.
 */
export const test = base.extend<{ emptyPc: Service; demoPc: Service }, { service: Service; noStore: NoStore }>({
  noStore: ['demo', { option: true, scope: 'worker' }],
  service: [async ({ noStore }, use) => withService(noStore, use), { scope: 'worker' }],
  emptyPc: async ({}, use) => withService('ask', use, { readWorkers: 0 }),
  demoPc: async ({}, use) => withService('demo', use, { readWorkers: 0 }),
  baseURL: async ({ service }, use) => {
    await use(service.url);
  },
});

export { expect };
