/**
 * Starting and stopping the head-office hub (issue 15): its PostgreSQL (embedded or
 * DATABASE_URL), the migrations, the HTTP server. Loopback only unless given a TLS certificate
 * and key: a hub reachable from the network never speaks plain HTTP. With TLS, branch PCs prove
 * who they are with client certificates from the hub's own CA (tls/ca.ts, sync/certificates.ts).
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { HubError } from './errors.js';
import { migrateHub } from './db/migrate.js';
import { openHubDatabase, type PostgresOptions } from './postgres.js';
import { hubClock, type HubClock } from './sync/clock.js';
import { enrollNode } from './sync/nodes.js';
import { archiveDirOf, pruneLog } from './sync/retention.js';
import { buildRowState, startRowStateFolder } from './sync/row-state.js';
import { buildHubApp } from './server.js';
import type { NodeRow } from './store/node.js';
import type { HubCa } from './tls/ca.js';

export const DEFAULT_HUB_PORT = 8790;

export interface HubOptions extends PostgresOptions {
  host?: string | undefined;
  /** 0: any free port. */
  port?: number | undefined;
  /** The embedded PostgreSQL's port (PostgresOptions.port is taken by the hub's). */
  pgPort?: number | undefined;
  /**
   * HTTPS; with `clientCa` (the hub's own CA, tls/ca.ts) mutual TLS for the sync routes; with
   * `issuer` (that CA with its key) a PC joining by code gets its certificate in the answer.
   */
  tls?: { cert: string | Buffer; key: string | Buffer; clientCa?: string | undefined; issuer?: HubCa | undefined } | undefined;
  logger?: FastifyServerOptions['logger'];
  /**
   * Log retention (sync/retention.ts) while the hub runs: every this many ms, the first that long
   * after the start, archived into `<dataDir>/archive`. Unset or 0: only `npm run hub -- prune`.
   */
  pruneEveryMs?: number | undefined;
}

export interface Hub {
  url: string;
  app: FastifyInstance;
  pool: pg.Pool;
  clock: HubClock;
  database: string;
  enroll(name: string): Promise<NodeRow>;
  /** Answers when row_state is folded up to the log's top as it is now (tests, the bench). */
  rowStateCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function checkListen(host: string, tls: HubOptions['tls']): void {
  if (!LOOPBACK.has(host) && !tls) {
    throw new HubError(
      'invalid',
      'TLS_REQUIRED',
      `The hub listens on ${host} only with TLS: give --cert and --key (HUB_TLS_CERT, HUB_TLS_KEY), or listen on 127.0.0.1`,
    );
  }
}

/** Opens the database, migrates it, and returns it with the enrolment function (the CLI's `enroll`). */
export async function openHubStore(options: HubOptions): Promise<{ pool: pg.Pool; database: string; close(): Promise<void> }> {
  const db = await openHubDatabase({ ...options, port: options.pgPort });
  try {
    await migrateHub(db.pool);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { pool: db.pool, database: db.describe, close: () => db.close() };
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const host = options.host ?? '127.0.0.1';
  checkListen(host, options.tls);
  const store = await openHubStore(options);
  // The current rows from the log where they are behind it (a hub upgraded with changes held, or
  // stopped between a push's commit and its fold); after that the folder keeps them up with pushes.
  try {
    await buildRowState(store.pool);
  } catch (error) {
    await store.close();
    throw error;
  }
  // A node whose clock runs ahead is refused (CLOCK_DRIFT) and the skew logged for head office.
  const clock = hubClock({ onSkew: (skewMs, hlc) => app.log.warn({ skewMs, hlc }, 'a node’s clock is ahead of the hub’s') });
  const folder = startRowStateFolder(store.pool, { onError: (error) => app.log.error({ error }, 'folding the current rows failed: retrying') });
  const app = buildHubApp({ pool: store.pool, clock, onPushed: folder.kick, logger: options.logger, https: options.tls });
  try {
    await app.listen({ host, port: options.port ?? DEFAULT_HUB_PORT });
  } catch (error) {
    await folder.close();
    await store.close();
    throw error;
  }
  const pruning = startPruning(store.pool, options, app);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    app,
    pool: store.pool,
    clock,
    database: store.database,
    enroll: (name) => enrollNode(store.pool, name),
    rowStateCaughtUp: () => folder.caughtUp(),
    async close() {
      await pruning.stop();
      await app.close();
      await folder.close();
      await store.close();
    },
  };
}

/** The hub's own prune, on a timer (HubOptions.pruneEveryMs): each run logged, a fault logged and tried again next time. */
function startPruning(pool: pg.Pool, options: HubOptions, app: FastifyInstance): { stop(): Promise<void> } {
  const every = options.pruneEveryMs ?? 0;
  if (!(every > 0)) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= pruneLog(pool, archiveDirOf(options.dataDir))
      .then(
        (result) => app.log.info({ removed: result.removed, upto: result.upto, files: result.files, behind: result.bounds.behind }, 'log retention'),
        (error: unknown) => app.log.error({ err: error }, 'log retention failed'),
      )
      .finally(() => {
        running = undefined;
      });
  }, every);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
