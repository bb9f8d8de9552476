/**
 * Opens a store's data folder and builds the service over it. The folder holds either a real
 * store (store.sqlite, made by `npm run setup`) or, until one exists, the demo store
 * (demo.sqlite). The real store always wins, so demo data never mixes into it.
 */
import path from 'node:path';
import { appVersion } from '../app-root.js';
import type { FastifyInstance } from 'fastify';
import { loginThrottle } from './auth/login-throttle.js';
import { tokens } from './auth/token.js';
import { tokenKey } from './auth/token-key.js';
import type { FirstRunControl, ServiceDeps, StoreMode } from './context.js';
import { backupSchedule } from './backup/schedule.js';
import { applyStagedRestore } from './backup/staged.js';
import { consumeRestoreMarker } from './backup/restore.js';
import { backupBeforeMigration } from './backup/take.js';
import { holdServiceLock } from './backup/service-lock.js';
import { closeDatabase, openDatabase, optimize, privateFolder, OPTIMIZE_EVERY_MS, statisticsVersion, type Db } from './db/database.js';
import { handlers } from './endpoints/index.js';
import { buildApp, type ConnectionLimits } from './http/app.js';
import { encIds } from './ids/enc-id.js';
import { idSource } from './ids/id-source.js';
import { refusingUntilRekeyed } from './sync/rekey-guard.js';
import { loadInstallation } from './store/installation.js';
import { asActor } from './db/journal.js';
import { startCheckpointer } from './db/checkpointer.js';
import { createStore } from './setup/create-store.js';
import { seedDemoCatalog } from './setup/demo-catalog.js';
import { seedDemoCustomers } from './setup/demo-customers.js';
import { seedDemoLogos } from './setup/demo-logo.js';
import { demoStore } from './setup/demo-store.js';
import { companies } from './store/company.js';
import { DEMO_FILE, storeFile } from './store-file.js';
import { fileLogger } from './log.js';
import { hubTlsDir, loadHubTls } from './sync/hub-tls.js';
import { HUB_URL_SETTING } from './sync/join.js';
import { settings } from './store/setting.js';
import { stopSyncAfterRestore } from './sync/status.js';
import { startSyncWorker, type SyncWorker } from './sync/worker.js';
import { READ_TIME_LIMIT_MS, readPool, type ReadPool, type TimeLimit } from './reads/read-pool.js';


export interface ServiceOptions {
  dataDir: string;
  /** Open the demo store when no real store exists (default true). */
  allowDemo?: boolean;
  staticDir?: string;
  /** Read worker threads for the lists and the dashboard (default 1; 0 runs them on the main thread). */
  readWorkers?: number;
  /** How long such a read may run before it is stopped with a 503 (default READ_TIME_LIMIT_MS); a function is read at each read. */
  readTimeLimitMs?: TimeLimit;
  strictResponses?: boolean;
  logger?: boolean;
  /** Request time-out and connection cap (http/app.ts DEFAULT_LIMITS unless given). */
  limits?: ConnectionLimits;
  /** Log to `logs/service.log` in the data folder (log.ts): `npm run serve` and the desktop app do. */
  logToFile?: boolean;
  now?: () => Date;
  nativeBinding?: string;
  https?: { key: Buffer; cert: Buffer };
  /** Take the daily backup and one at close (backup/schedule.ts): the desktop app and `npm run serve` do. */
  backups?: boolean;
  /** Per-launch secret every API call must carry (the desktop app passes one; serve does not). */
  serviceKey?: string;
  /**
   * The key that signs sign-in tokens, when the caller keeps it (the desktop app, sealed with the
   * OS keychain by Electron's safeStorage); otherwise `token.key` in the data folder (0600).
   */
  tokenKey?: Uint8Array;
  /**
   * The head-office hub (POS_HUB_URL): the sync worker pushes and pulls in the background
   * (sync/worker.ts). Without it, the hub this PC joined (kept in the store by sync/join.ts).
   */
  hubUrl?: string;
  /** The PC's certificate folder for a hub on mutual TLS (default `<dataDir>/hub-tls`, sync/hub-tls.ts). */
  hubTlsDir?: string;
  /** Between sync rounds when all is well (default 5 s; tests shorten it). */
  syncIntervalMs?: number;
  /** Set by startServer when listening on loopback: only loopback Host headers are answered. */
  loopbackHost?: boolean;
  /** Set by startServer: lets the demo's admin set up or join on screen and be served the new store at once. */
  firstRun?: FirstRunControl;
}

export interface Service {
  app: FastifyInstance;
  deps: ServiceDeps;
  close(): Promise<void>;
}


export async function openService(options: ServiceOptions): Promise<Service> {
  privateFolder(options.dataDir);
  const now = options.now ?? (() => new Date());
  const real = storeFile(options.dataDir);
  if (!real && options.allowDemo === false) {
    throw new Error(`No store in ${options.dataDir}. Run \`npm run setup\` first.`);
  }
  const file = real?.file ?? path.join(options.dataDir, DEMO_FILE);
  const mode: StoreMode = real?.mode ?? 'demo';
  const logger = options.logToFile ? fileLogger(options.dataDir) : undefined;
  // A restore chosen on the Backups screen is put in place before the store is opened (backup/staged.ts).
  const restored = applyStagedRestore(options.dataDir, file, now());
  if (restored) logger?.warn({ file }, restored);
  // An existing store is backed up into <dataDir>/backups before any migration changes it (issue 14).
  const opening = performance.now();
  const db: Db = openDatabase(file, { ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}), beforeMigrate: backupBeforeMigration(options.dataDir, now, options.nativeBinding) });
  // Where a slow start went (issue 12): loading the code (the process's age now) or opening the store.
  const started = { processMs: Math.round(process.uptime() * 1000), openStoreMs: Math.round(performance.now() - opening) };
  // A restore refuses while this process has the store open (backup/service-lock.ts).
  const releaseLock = holdServiceLock(options.dataDir);
  // The WAL is copied back into the store file beside the tills, not inside a sale's commit.
  const checkpoints = startCheckpointer(file, { nativeBinding: options.nativeBinding, log: (m) => (logger ? logger.warn(m) : console.warn(m)) });
  let reads: ReadPool | undefined;
  let sync: SyncWorker | undefined;
  logger?.info({ file, mode, version: appVersion(), ...started }, 'service starting');
  try {
    const installation = loadInstallation(db);
    if (consumeRestoreMarker(options.dataDir) && stopSyncAfterRestore(db)) logger?.warn({ file }, 'restored from a backup: sync stopped until the PC is re-keyed');
    const ids = refusingUntilRekeyed(db, idSource(db, installation.node));
    if (mode === 'demo' && companies(db).count() === 0) {
      // The demo's rows are journaled as the setup's, not as anybody's.
      await asActor({ userId: null, branchId: null, till: '', source: 'setup', now }, async () => {
        const demo = await createStore(db, ids, demoStore, now(), 'demo');
        seedDemoCustomers(db, ids, demo, now());
        seedDemoCatalog(db, ids, demo, now());
        seedDemoLogos(db, options.dataDir, demo);
      });
    }
    const hubUrl = options.hubUrl ?? settings(db).get(HUB_URL_SETTING);
    sync =
      hubUrl
        ? startSyncWorker({
            db,
            hubUrl,
            tls: loadHubTls(options.hubTlsDir ?? hubTlsDir(options.dataDir)),
            nodeId: installation.node,
            now,
            ...(options.syncIntervalMs ? { intervalMs: options.syncIntervalMs } : {}),
            log: (level, message) => logger?.[level](message),
          })
        : undefined;
    const deps: ServiceDeps = {
      db,
      enc: encIds(installation),
      ids,
      tokens: tokens(options.tokenKey ?? tokenKey(options.dataDir), now),
      throttle: loginThrottle(now),
      now,
      mode,
      version: appVersion(),
      dataDir: options.dataDir,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(sync ? { sync } : {}),
      ...(options.firstRun ? { firstRun: options.firstRun } : {}),
    };
    // Heavy reads on their own threads and connections (reads/read-pool.ts); 0 workers: inline.
    const workers = options.readWorkers ?? 1;
    reads =
      workers > 0
        ? readPool(
            {
              file,
              strictResponses: options.strictResponses ?? false,
              ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
              cipherKey: installation.cipherKey,
              macKey: installation.macKey,
              mode,
              version: deps.version,
              dataDir: options.dataDir,
              statistics: statisticsVersion(db),
            },
            { size: workers, timeLimitMs: options.readTimeLimitMs ?? READ_TIME_LIMIT_MS, log: (m) => console.warn(m), statistics: () => statisticsVersion(db) },
          )
        : undefined;
    const app = await buildApp(deps, handlers, {
      ...(reads ? { reads } : {}),
      ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      strictResponses: options.strictResponses ?? false,
      logger: options.logger ?? false,
      ...(logger ? { loggerInstance: logger } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.https ? { https: options.https } : {}),
      ...(options.serviceKey !== undefined ? { serviceKey: options.serviceKey } : {}),
      loopbackHost: options.loopbackHost ?? false,
    });
    // Statistics kept fresh while the tills sell for days on end (database.ts).
    const optimizing = setInterval(() => optimize(db), OPTIMIZE_EVERY_MS);
    optimizing.unref();
    // Daily at the set hour and at close (issue 14); each result is in backups.json (backup/record.ts).
    const backups = options.backups ? backupSchedule({ db, dataDir: options.dataDir, now, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) }) : undefined;
    return {
      app,
      deps,
      async close() {
        clearInterval(optimizing);
        await sync?.close();
        await app.close();
        await reads?.close();
        await backups?.close();
        await checkpoints.close();
        closeDatabase(db);
        releaseLock();
      },
    };
  } catch (err) {
    await sync?.close();
    await reads?.close();
    await checkpoints.close();
    db.close();
    releaseLock();
    throw err;
  }
}
