/**
 * The service of a PC that has no store yet: it serves the renderer and the first-run endpoints
 * (Setup.*) only, with the same request checks as the full service (loopback Host, the desktop's
 * service key, TLS beyond loopback). Its database is an empty one in memory, so the reference
 * data the form needs (the states) come from the same migrations a store has, and nothing is
 * written in the data folder until a store is made. Every other API route answers 503 NO_STORE_YET.
 * Once a store is made, server.ts closes this service and opens the store on the same port.
 */
import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '../../shared/client.js';
import { appVersion } from '../app-root.js';
import { loginThrottle } from './auth/login-throttle.js';
import { tokens } from './auth/token.js';
import type { ServiceDeps } from './context.js';
import { closeDatabase, openDatabase, privateFolder } from './db/database.js';
import { firstRunHandlers } from './endpoints/index.js';
import { unavailable } from './errors.js';
import { buildApp, type AppOptions } from './http/app.js';
import { encIds } from './ids/enc-id.js';
import { idSource } from './ids/id-source.js';
import { fileLogger } from './log.js';
import type { Service, ServiceOptions } from './service.js';
import { loadInstallation } from './store/installation.js';

export async function openFirstRun(options: ServiceOptions): Promise<Service> {
  privateFolder(options.dataDir);
  const now = options.now ?? (() => new Date());
  const logger = options.logToFile ? fileLogger(options.dataDir) : undefined;
  const db = openDatabase(':memory:', options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    const installation = loadInstallation(db);
    const deps: ServiceDeps = {
      db,
      enc: encIds(installation),
      ids: idSource(db, installation.node),
      // Nobody signs in here: a throwaway key, never written.
      tokens: tokens(new Uint8Array(randomBytes(32)), now),
      throttle: loginThrottle(now),
      now,
      mode: 'first-run',
      version: appVersion(),
      dataDir: options.dataDir,
      ...(options.firstRun ? { firstRun: options.firstRun } : {}),
    };
    logger?.info({ dataDir: options.dataDir, version: deps.version }, 'no store yet: first-run screen');
    const appOptions: AppOptions = { strictResponses: options.strictResponses ?? false, logger: options.logger ?? false, loopbackHost: options.loopbackHost ?? false };
    if (options.staticDir) appOptions.staticDir = options.staticDir;
    if (logger) appOptions.loggerInstance = logger;
    if (options.limits) appOptions.limits = options.limits;
    if (options.https) appOptions.https = options.https;
    if (options.serviceKey !== undefined) appOptions.serviceKey = options.serviceKey;
    const app = await buildApp(deps, firstRunHandlers, appOptions);
    app.all(`${API_PREFIX}/api/*`, async () => {
      throw unavailable('No store is set up on this PC yet: choose one on the first-run screen', 'NO_STORE_YET');
    });
    return {
      app,
      deps,
      async close() {
        await app.close();
        closeDatabase(db);
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
