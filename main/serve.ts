/**
 * `npm run serve`: the service plus the built renderer, in plain Node, no Electron. Also how
 * one branch PC serves the store's other tills (with HOST set beyond loopback, and TLS).
 *
 *   PORT          port to listen on (default 5170; 0 = any free port)
 *   HOST          address to listen on (default 127.0.0.1)
 *   POS_DATA_DIR  data folder (default ~/.optical-pos)
 *   POS_TLS_KEY, POS_TLS_CERT  PEM files; required when HOST is not loopback
 *   POS_DEMO      with no real store set up: unset, the first-run screen (try the demo, set up
 *                 the store, or join the hub); 1, the demo store at once without asking; 0, the
 *                 first-run screen without the demo (a demo made earlier is not opened)
 *   POS_READ_WORKERS  threads for the heavy reads (default 1; 0 runs them on the main thread)
 *   POS_READ_LIMIT_MS how long such a read may run before it answers 503 (default 10000)
 *   POS_HUB_URL   the head-office hub (e.g. http://10.0.0.5:8790): sync in the background (issue 15);
 *                 a PC that joined a hub (on screen or `npm run setup -- --join`) remembers it, this overrides it
 *   POS_HUB_TLS_DIR  this PC's certificate folder for a hub on mutual TLS (default <data dir>/hub-tls)
 *   POS_SYNC_INTERVAL_MS  between sync rounds when all is well (default 5000)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from './app-root.js';
import { defaultDataDir } from './data-dir.js';
import { noStoreFromEnv, startServer, type RunningServer } from './service/server.js';

const staticDir = path.join(appRoot(), 'dist', 'renderer');

function tls() {
  const key = process.env.POS_TLS_KEY;
  const cert = process.env.POS_TLS_CERT;
  if (!key || !cert) return undefined;
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

function wholeNumber(name: string): number {
  const n = Number(process.env[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

function described(mode: RunningServer['mode']): string {
  if (mode === 'first-run') return 'no store yet: open it in a browser to try the demo, set up the store or join the hub';
  if (mode === 'demo') return 'demo store: users admin, manager, cashier, optometrist / demo1234';
  return 'the store';
}

async function main() {
  const dataDir = defaultDataDir();
  const https = tls();
  const server = await startServer({
    dataDir,
    port: process.env.PORT === undefined ? 5170 : Number(process.env.PORT),
    host: process.env.HOST || '127.0.0.1',
    noStore: noStoreFromEnv(process.env.POS_DEMO),
    onSwitch: (mode) => console.log(`Now serving ${described(mode)}`),
    logToFile: true,
    backups: true,
    ...(process.env.POS_READ_WORKERS ? { readWorkers: wholeNumber('POS_READ_WORKERS') } : {}),
    ...(process.env.POS_READ_LIMIT_MS ? { readTimeLimitMs: wholeNumber('POS_READ_LIMIT_MS') } : {}),
    ...(staticDir ? { staticDir } : {}),
    ...(process.env.POS_HUB_URL ? { hubUrl: process.env.POS_HUB_URL } : {}),
    ...(process.env.POS_HUB_TLS_DIR ? { hubTlsDir: process.env.POS_HUB_TLS_DIR } : {}),
    ...(process.env.POS_SYNC_INTERVAL_MS ? { syncIntervalMs: wholeNumber('POS_SYNC_INTERVAL_MS') } : {}),
    ...(https ? { https } : {}),
  });
  console.log(`Optical POS service listening on ${server.url} (${described(server.mode)})`);
  console.log(`Data: ${dataDir}  API docs: ${server.url}/api-v1/docs`);
  let stopping = false;
  const stop = () => {
    // Once: Ctrl-C reaches this process and `npm run serve`'s, which passes it on as well.
    if (stopping) return;
    stopping = true;
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopService = stop;
}

/**
 * Started by scripts/serve.mjs (`npm run serve`) with an IPC channel: when that process is gone,
 * even killed with SIGKILL, the channel closes and the service stops rather than lingering (before
 * it listens: at once; an unfinished migration is a transaction that was never committed).
 */
let stopService: (() => void) | null = null;
if (process.send) process.on('disconnect', () => (stopService ? stopService() : process.exit(0)));

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
