/**
 * The real service, started once per worker on a free port with a fresh data directory (so it
 * is in demo mode with the demo users) and serving the built renderer at `/`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startServer, type NoStore } from '../main/service/server.js';
import { rendererDist } from './paths.js';

export interface Service {
  /** Origin of the running service, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Its data folder (fresh for the worker). */
  dataDir: string;
}

/**
 * `test.use({ noStore: 'ask' })` gives the file's worker a service whose fresh data folder opens the
 * first-run screen instead of the demo (server.ts NoStore; POS_DEMO unset).
 */
export const test = base.extend<object, { service: Service; noStore: NoStore }>({
  noStore: ['demo', { option: true, scope: 'worker' }],
  service: [
    async ({ noStore }, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'optical-pos-e2e-'));
      const server = await startServer({
        dataDir,
        port: 0,
        staticDir: rendererDist,
        // A response that breaks the shared contract fails the test instead of only being logged.
        strictResponses: true,
        noStore,
      });
      try {
        await use({ url: server.url, dataDir });
      } finally {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ service }, use) => {
    await use(service.url);
  },
});

export { expect };
