/**
 * A real service for a test: its own temp data folder and SQLite file, a real HTTP port on
 * loopback, a clock the test can move, strict response checking, and the shared client.
 */
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, createClient, type Client } from '../../shared/client.js';
import { hasRole, SALES_ROLES } from '../../shared/contract/roles.js';
import { api } from '../../shared/endpoints/index.js';
import { openDatabase } from '../../main/service/db/database.js';
import { startServer, type RunningServer, type ServerOptions } from '../../main/service/server.js';
import { DEMO_FILE } from '../../main/service/store-file.js';

export interface TestService {
  server: RunningServer;
  url: string;
  dataDir: string;
  clock: { now: Date; advance(ms: number): void };
  /** A client without a token. */
  anon: Client;
  /**
   * Logs in a demo user and returns a client carrying the token. A user who may sell gets this
   * client's till (no x-till-id: the till '') opened with a zero float if it is not open yet, as a
   * sale needs an open till (issue 16); `{ openTill: false }` leaves it as it is.
   */
  as(userName: string, password?: string, options?: { openTill?: boolean }): Promise<Client & { token: string }>;
  close(): Promise<void>;
}

/**
 * An empty store with every migration applied, made once per test process: a new test store starts
 * as a copy of it, so its first start seeds the demo (with the test's clock and its own installation
 * secret, as any first start does) without running the migrations again, a few seconds each on
 * two busy cores. The migrations themselves are tested where they are the subject
 * (test/unit/migrate.test.ts and the upgrade tests open their own files).
 */
let migrated: string | undefined;
export function migratedStore(): string {
  if (!migrated) {
    // Under `npm test`, once per run: scripts/test.mjs names a folder of the run's own
    // (POS_TEST_RUN_DIR, removed after it), and the first test file to need the store makes it
    // there for the others (each of the hundred-odd files migrated its own: 1-2 s idle, 5-7 s on
    // two busy cores). Made under a name of its own and renamed into place when whole.
    const shared = process.env.POS_TEST_RUN_DIR ? path.join(process.env.POS_TEST_RUN_DIR, DEMO_FILE) : undefined;
    if (shared && existsSync(shared)) return (migrated = shared);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-migrated-'));
    const file = path.join(dir, DEMO_FILE);
    openDatabase(file).close();
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    migrated = file;
    if (shared) {
      copyFileSync(file, `${shared}.${process.pid}`);
      renameSync(`${shared}.${process.pid}`, shared);
    }
  }
  return migrated;
}

export async function startTestService(options: Partial<ServerOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'optical-pos-test-'));
  // The demo's first start (a folder the test did not bring, no first-run screen asked for).
  if (!options.dataDir && options.noStore === undefined) copyFileSync(migratedStore(), path.join(dataDir, DEMO_FILE));
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const server = await startServer({ dataDir, port: 0, strictResponses: true, now: () => clock.now, ...options });
  const anon = createClient({ baseUrl: server.url });
  return {
    server,
    url: server.url,
    dataDir,
    clock,
    anon,
    async as(userName, password = 'demo1234', options = {}) {
      const login = await anon.call(api.Auth.login, { body: { userName, password } });
      const client = createClient({ baseUrl: server.url, getToken: () => login.token });
      if (options.openTill !== false && !login.mustChangePassword && hasRole(login.userRole, SALES_ROLES)) await openTillOnce(client);
      return Object.assign(client, { token: login.token });
    },
    async close() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the client's till with a zero float unless it is open already (a 409 TILL_ALREADY_OPEN). */
export async function openTillOnce(client: Client, openingFloat = 0): Promise<void> {
  try {
    await client.call(api.Till.open, { body: { openingFloat } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
}

/** Raw HTTP for what the typed client would never send: bad JSON, bad headers, odd types. */
export async function http(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown>; text: string }> {
  const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON; the caller looks at text
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * A raw call to `/api-v1/api/<path>` as `who`, for answers the typed client would throw on (4xx
 * bodies, codes) or requests it would never send: a string body goes as it is, anything else as
 * JSON; with no body (a GET) no content type is sent.
 */
export function callAs(svc: TestService, who: { token: string }, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  return http(`${svc.url}/api-v1/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
