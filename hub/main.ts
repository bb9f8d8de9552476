/**
 * `npm run hub`: the head-office hub (issue 15).
 *
 *   npm run hub                                   start it (Ctrl+C stops it and its embedded PostgreSQL)
 *   npm run hub -- --tls --host 0.0.0.0           HTTPS with the hub's own CA, mutual TLS for sync
 *   npm run hub -- enroll <name> [--cert-out DIR] enrol a branch PC: its node number (and certificate)
 *   npm run hub -- issue-cert <node> --cert-out DIR   a new certificate for an enrolled PC
 *   npm run hub -- revoke <node>                  revoke every certificate of a PC
 *   npm run hub -- nodes                          list the enrolled nodes and their certificates
 *   npm run hub -- prune                          archive and remove the changes every PC holds
 *                                                 (sync/retention.ts); the running hub also does
 *                                                 it every HUB_PRUNE_HOURS (default 24, 0: never)
 *   npm run hub -- join-code <name> [--cert-out DIR] [--valid-hours N]  enrol a PC and print its
 *                                                 one-time join code (setup --join or --rekey), good
 *                                                 for 24 hours unless N; on a hub with its CA the code
 *                                                 carries the CA's fingerprint and the PC gets its
 *                                                 certificate by joining (--cert-out: a folder to carry, the old way);
 *                                                 --branch CODE[,CODE]: a branch PC, which receives only those
 *                                                 branches' orders and documents (none: head office, everything)
 *
 * Options (or environment): --host (HUB_HOST, default 127.0.0.1), --port (HUB_PORT, 8790),
 * --data-dir (HUB_DATA_DIR), --tls (HUB_TLS=1: a server certificate from the hub's CA for
 * --tls-names/HUB_TLS_NAMES), --cert/--key (HUB_TLS_CERT/HUB_TLS_KEY: a server certificate of
 * your own instead), --pg-port (HUB_PG_PORT). TLS is required beyond loopback, and with TLS the
 * sync routes take only enrolled PCs' client certificates. DATABASE_URL: use that PostgreSQL
 * instead of the embedded one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { defaultHubDataDir } from './data-dir.js';
import { HubError } from './errors.js';
import { DEFAULT_HUB_PORT, checkListen, openHubStore, startHub, type HubOptions } from './hub.js';
import { issueNodeCertificate, nodeCertificates, revokeNode } from './sync/certificates.js';
import { DEFAULT_JOIN_CODE_HOURS, makeJoinCode } from './sync/join.js';
import { enrollNode, listNodes } from './sync/nodes.js';
import { archiveDirOf, pruneLog } from './sync/retention.js';
import { loadOrCreateCa, serverCertificate, type HubCa } from './tls/ca.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'pg-port': { type: 'string' },
    tls: { type: 'boolean', default: false },
    'tls-names': { type: 'string' },
    'cert-out': { type: 'string' },
    'valid-hours': { type: 'string' },
    branch: { type: 'string' },
  },
});
const env = process.env;
const integer = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,5}$/.test(text)) fail(`${name} must be a port number, got "${text}"`);
  return Number(text);
};
function hours(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,3}$/.test(text) || Number(text) > 576) fail(`HUB_PRUNE_HOURS must be a whole number of hours up to 576 (0: never), got "${text}"`);
  return Number(text);
}
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const certFile = values.cert ?? env.HUB_TLS_CERT;
const keyFile = values.key ?? env.HUB_TLS_KEY;
if (Boolean(certFile) !== Boolean(keyFile)) fail('Give both --cert and --key (a certificate without its key, or the reverse, is no TLS)');
const verbose = env.HUB_PG_LOG === '1';
const dataDir = values['data-dir'] ? values['data-dir'] : defaultHubDataDir(env);
const tlsDir = path.join(dataDir, 'tls');
const ownTls = values.tls || env.HUB_TLS === '1';
if (ownTls && certFile) fail('Give either --tls (a certificate from the hub’s own CA) or --cert and --key, not both');
const host = values.host ?? env.HUB_HOST ?? '127.0.0.1';
/** The names branches dial: --tls-names, else the host (or this machine's name when listening everywhere) and loopback. */
const tlsNames = (values['tls-names'] ?? env.HUB_TLS_NAMES)?.split(',').map((n) => n.trim()).filter(Boolean) ?? [
  ...(host === '0.0.0.0' || host === '::' ? [os.hostname()] : [host]),
  'localhost',
  '127.0.0.1',
];

async function tlsOptions(): Promise<HubOptions['tls']> {
  if (!ownTls && !certFile) return undefined;
  const ca = await loadOrCreateCa(tlsDir);
  if (certFile && keyFile) return { cert: readFileSync(certFile), key: readFileSync(keyFile), clientCa: ca.cert };
  return { ...(await serverCertificate(ca, tlsDir, tlsNames)), clientCa: ca.cert, issuer: ca };
}

/** Writes a PC's certificate, key and the hub's CA certificate into `dir`, for that PC's setup. */
async function writeNodeCertificate(store: { pool: pg.Pool }, nodeId: number, dir: string): Promise<void> {
  const ca: HubCa = await loadOrCreateCa(tlsDir);
  const issued = await issueNodeCertificate(store.pool, ca, nodeId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, `node-${nodeId}.crt`), issued.cert);
  writeFileSync(path.join(dir, `node-${nodeId}.key`), issued.key, { mode: 0o600 });
  writeFileSync(path.join(dir, 'hub-ca.crt'), ca.cert);
  console.log(`Certificate ${issued.serial} for node ${nodeId} (until ${issued.notAfter.toISOString().slice(0, 10)}) written to ${dir}`);
  console.log(`Hub CA fingerprint (SHA-256): ${ca.fingerprint}`);
}

const nodeNumber = (text: string | undefined): number => {
  if (!text || !/^\d{1,7}$/.test(text)) fail(`Give the node's number, e.g. 3 (got "${text ?? ''}")`);
  return Number(text);
};

const options: HubOptions = {
  host,
  port: integer(values.port ?? env.HUB_PORT, 'port') ?? DEFAULT_HUB_PORT,
  pgPort: integer(values['pg-port'] ?? env.HUB_PG_PORT, 'pg-port'),
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir,
  tls: undefined,
  logger: { level: env.HUB_LOG_LEVEL ?? 'info' },
  log: verbose ? (line) => console.error(`[postgres] ${line}`) : undefined,
  // A stale cluster stopped or waited for at start: always said, a restart that pauses says why.
  notice: (line) => console.error(line),
  pruneEveryMs: hours(env.HUB_PRUNE_HOURS, 24) * 3_600_000,
};

try {
  const [command, ...rest] = positionals;
  if (command === 'enroll' || command === 'nodes' || command === 'issue-cert' || command === 'revoke' || command === 'join-code' || command === 'prune') {
    const store = await openHubStore({ ...options, whenRunning: 'attach' });
    try {
      if (command === 'join-code') {
        const hours = values['valid-hours'] === undefined ? DEFAULT_JOIN_CODE_HOURS : Number(values['valid-hours']);
        // A hub on --tls (or that has made its CA): the code carries the CA's fingerprint.
        const ca = ownTls || existsSync(path.join(tlsDir, 'ca.crt')) ? await loadOrCreateCa(tlsDir) : null;
        const branchCodes = values.branch?.split(',') ?? [];
        const { nodeId, code, expiresAt, branches } = await makeJoinCode(store.pool, rest.join(' '), hours, ca, branchCodes);
        const certDir = values['cert-out'];
        const address = ca ? `https://<this hub's address>:${options.port}` : "<this hub's address>";
        console.log(`Enrolled "${rest.join(' ').trim()}" as node ${nodeId}. On that PC: npm run setup -- --join ${address} ${code}${certDir ? ` --hub-cert-dir <a copy of ${certDir}>` : ''}`);
        console.log(
          branches.length > 0
            ? `The PC serves ${branches.map((b) => b.code).join(', ')}: it receives those branches' orders and documents, the customers and master data, and fetches another branch's order when asked for it.`
            : 'No --branch: a head-office PC, which receives every branch’s changes.',
        );
        console.log(`The code is good until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (${hours} h); after that run join-code again for a new one.`);
        if (certDir) await writeNodeCertificate(store, nodeId, certDir);
      } else if (command === 'enroll') {
        const node = await enrollNode(store.pool, rest.join(' '));
        console.log(`Enrolled "${node.name}" as node ${node.id}`);
        if (values['cert-out']) await writeNodeCertificate(store, node.id, values['cert-out']);
      } else if (command === 'issue-cert') {
        if (!values['cert-out']) fail('Say where to write the certificate: --cert-out DIR');
        await writeNodeCertificate(store, nodeNumber(rest[0]), values['cert-out']);
      } else if (command === 'prune') {
        const result = await pruneLog(store.pool, archiveDirOf(dataDir));
        const { behind, mark } = result.bounds;
        if (result.busy) console.log('Another prune is running (the hub’s own): try again when it is done');
        else if (result.removed > 0) console.log(`Archived and removed ${result.removed} changes (cursor ${result.from + 1} to ${result.upto}) into ${result.files.join(', ')}`);
        else console.log(`Nothing to remove: the log holds the changes after cursor ${result.upto}`);
        if (behind === null) console.log('No PC has pulled yet: the log is kept whole');
        else if (behind.pulledUpto < mark) {
          console.log(`Kept from cursor ${result.upto + 1}: node ${behind.nodeId} ("${behind.name}") has pulled only up to ${behind.pulledUpto} (last reached the hub ${behind.seenAt ?? 'never'}). A PC gone for good holds the log back until it is revoked: npm run hub -- revoke ${behind.nodeId}`);
        }
      } else if (command === 'revoke') {
        const node = nodeNumber(rest[0]);
        console.log(`Revoked node ${node} and ${await revokeNode(store.pool, node)} certificate(s) of it: it can no longer sync, and no longer holds the hub's log back`);
      } else {
        for (const node of await listNodes(store.pool)) {
          const certs = await nodeCertificates(store.pool, node.id);
          const live = certs.filter((c) => !c.revokedAt).length;
          const serves = node.branches === null ? 'every branch' : `branches ${node.branches.join(', ')}`;
          const state = node.revokedAt ? `\trevoked ${node.revokedAt}` : node.replacedBy ? `\tre-keyed as node ${node.replacedBy}` : '';
          console.log(`${node.id}\t${node.name}\t${serves}\tenrolled ${node.enrolledAt}\tlast entry ${node.lastSeq}\tpulled up to ${node.pulledUpto ?? '-'}\tcertificates ${live} live, ${certs.length - live} revoked${state}`);
        }
      }
    } finally {
      await store.close();
    }
  } else if (command === undefined || command === 'start') {
    options.tls = await tlsOptions();
    checkListen(options.host!, options.tls);
    const hub = await startHub(options);
    console.log(`Hub listening on ${hub.url} (${hub.database})`);
    if (options.tls?.clientCa) console.log(`Mutual TLS: sync only from enrolled PCs with a certificate of the hub's CA (${tlsDir})`);
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
    fail(`Unknown command "${command}": npm run hub [-- enroll <name> [--cert-out DIR] | issue-cert <node> --cert-out DIR | revoke <node> | nodes | prune]`);
  }
} catch (error) {
  fail(error instanceof HubError || error instanceof Error ? error.message : String(error));
}
