/**
 * `npm run hub`: the head-office hub (issue 15).
 *
 *   npm run hub                         start it (Ctrl+C stops it and its embedded PostgreSQL)
 *   npm run hub -- enroll <name>        enrol a branch PC: prints its node number
 *   npm run hub -- nodes                list the enrolled nodes
 *   npm run hub -- join-code <name>     enrol a PC and print its one-time join code (setup --join)
 *
 * Options (or environment): --host (HUB_HOST, default 127.0.0.1), --port (HUB_PORT, 8790),
 * --data-dir (HUB_DATA_DIR), --cert/--key (HUB_TLS_CERT/HUB_TLS_KEY, files; required beyond
 * loopback), --pg-port (HUB_PG_PORT). DATABASE_URL: use that PostgreSQL instead of the embedded one.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultHubDataDir } from './data-dir.js';
import { HubError } from './errors.js';
import { DEFAULT_HUB_PORT, checkListen, openHubStore, startHub, type HubOptions } from './hub.js';
import { makeJoinCode } from './sync/join.js';
import { enrollNode, listNodes } from './sync/nodes.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'pg-port': { type: 'string' },
  },
});
const env = process.env;
const integer = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,5}$/.test(text)) fail(`${name} must be a port number, got "${text}"`);
  return Number(text);
};
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const certFile = values.cert ?? env.HUB_TLS_CERT;
const keyFile = values.key ?? env.HUB_TLS_KEY;
if (Boolean(certFile) !== Boolean(keyFile)) fail('Give both --cert and --key (a certificate without its key, or the reverse, is no TLS)');
const verbose = env.HUB_PG_LOG === '1';
const options: HubOptions = {
  host: values.host ?? env.HUB_HOST ?? '127.0.0.1',
  port: integer(values.port ?? env.HUB_PORT, 'port') ?? DEFAULT_HUB_PORT,
  pgPort: integer(values['pg-port'] ?? env.HUB_PG_PORT, 'pg-port'),
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: values['data-dir'] ? values['data-dir'] : defaultHubDataDir(env),
  tls: certFile && keyFile ? { cert: readFileSync(certFile), key: readFileSync(keyFile) } : undefined,
  logger: { level: env.HUB_LOG_LEVEL ?? 'info' },
  log: verbose ? (line) => console.error(`[postgres] ${line}`) : undefined,
};

try {
  const [command, ...rest] = positionals;
  if (command === 'enroll' || command === 'nodes' || command === 'join-code') {
    const store = await openHubStore(options);
    try {
      if (command === 'join-code') {
        const { nodeId, code } = await makeJoinCode(store.pool, rest.join(' '));
        console.log(`Enrolled "${rest.join(' ').trim()}" as node ${nodeId}. On that PC: npm run setup -- --join <this hub's address> ${code}`);
      } else if (command === 'enroll') {
        const node = await enrollNode(store.pool, rest.join(' '));
        console.log(`Enrolled "${node.name}" as node ${node.id}`);
      } else {
        for (const node of await listNodes(store.pool)) console.log(`${node.id}\t${node.name}\tenrolled ${node.enrolledAt}\tlast entry ${node.lastSeq}`);
      }
    } finally {
      await store.close();
    }
  } else if (command === undefined || command === 'start') {
    checkListen(options.host!, options.tls);
    const hub = await startHub(options);
    console.log(`Hub listening on ${hub.url} (${hub.database})`);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping the hub`);
      hub.close().then(
        () => process.exit(0),
        (error: unknown) => fail(`The hub did not stop cleanly: ${String(error)}`),
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  } else {
    fail(`Unknown command "${command}": npm run hub [-- enroll <name> | nodes]`);
  }
} catch (error) {
  fail(error instanceof HubError || error instanceof Error ? error.message : String(error));
}
