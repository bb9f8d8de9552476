/**
 * How a branch PC talks to its hub over mutual TLS (issue 15): it trusts only the hub's own CA
 * (`hub-ca.crt`, not the system's authorities) and presents its own client certificate, both
 * from the folder `npm run hub -- enroll … --cert-out DIR` wrote (node-N.crt, node-N.key,
 * hub-ca.crt), kept in `<data dir>/hub-tls/` or named by POS_HUB_TLS_DIR.
 *
 * Node's own fetch cannot take a client certificate; undici (the library Node's fetch is built
 * on) can, through an Agent whose connections carry the TLS options. It is loaded at the first
 * request to a hub, not at every start of a till that may have none (about 70 ms of the start to
 * first login, issue 12).
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Agent, fetch as UndiciFetch } from 'undici';
import { extend } from '../../../shared/extend.js';

export interface HubTls {
  /** The hub's CA certificate (PEM): the only authority this PC trusts for its hub. */
  ca: string;
  /** This PC's certificate and key (PEM). */
  cert: string;
  key: string;
}

export const hubTlsDir = (dataDir: string): string => path.join(dataDir, 'hub-tls');

/**
 * Reads the folder: hub-ca.crt and one node-N.crt with its node-N.key. Null when there is no such
 * folder (a hub on loopback without TLS); a folder with only some of them is an error in words.
 */
export function loadHubTls(dir: string): HubTls | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir);
  const certs = files.filter((f) => /^node-\d+\.crt$/.test(f));
  const caFile = path.join(dir, 'hub-ca.crt');
  if (!existsSync(caFile) || certs.length !== 1 || !files.includes(certs[0]!.replace(/\.crt$/, '.key'))) {
    throw new Error(`${dir} must hold hub-ca.crt and one node-N.crt with its node-N.key, as "npm run hub -- enroll … --cert-out" writes them`);
  }
  return {
    ca: readFileSync(caFile, 'utf8'),
    cert: readFileSync(path.join(dir, certs[0]!), 'utf8'),
    key: readFileSync(path.join(dir, certs[0]!.replace(/\.crt$/, '.key')), 'utf8'),
  };
}

/** Keeps a PC's certificate (from the join answer) where loadHubTls finds it; the key readable by its owner only. */
export function saveHubTls(dir: string, nodeId: number, tls: HubTls): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
  // One identity per folder: a re-keyed PC's old node certificate goes (the hub refuses that node now).
  for (const file of readdirSync(dir)) {
    if (/^node-\d+\.(crt|key)$/.test(file) && !file.startsWith(`node-${nodeId}.`)) rmSync(path.join(dir, file));
  }
  writeFileSync(path.join(dir, 'hub-ca.crt'), tls.ca);
  writeFileSync(path.join(dir, `node-${nodeId}.crt`), tls.cert);
  const keyFile = path.join(dir, `node-${nodeId}.key`);
  writeFileSync(keyFile, tls.key, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(keyFile, 0o600);
}

export type HubFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** fetch for the hub: with `tls`, over connections that pin the hub's CA and present this PC's certificate. */
export function hubFetch(tls: HubTls | null): HubFetch {
  if (!tls) return (url, init) => fetch(url, init);
  return agentFetch({ ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: true }).fetch;
}

/**
 * For joining (sync/join.ts). `ca` given: connections that trust only that CA (and check the
 * hub's name), with no certificate of this PC's yet. `null`: connections that check nothing, only
 * to ask the hub which CA it has; the PC trusts that answer only if the join code's fingerprint
 * matches it, and sends nothing secret over such a connection.
 */
export function joinFetch(ca: string | null): HubFetch & { close(): Promise<void> } {
  const { fetch, close } = agentFetch(ca === null ? { rejectUnauthorized: false } : { ca, rejectUnauthorized: true });
  return Object.assign(fetch, { close });
}

type ConnectOptions = { ca?: string; cert?: string; key?: string; rejectUnauthorized: boolean };

/** undici's fetch over one Agent with these TLS options, both made at the first request. */
function agentFetch(connect: ConnectOptions): { fetch: HubFetch; close(): Promise<void> } {
  let agent: Promise<{ dispatcher: Agent; fetch: typeof UndiciFetch }> | undefined;
  const start = () =>
    (agent ??= import('undici').then(({ Agent, fetch }) => ({ dispatcher: new Agent({ connect }), fetch })));
  return {
    fetch: async (url, init) => {
      const { dispatcher, fetch } = await start();
      return fetch(url, extend(init as object, { dispatcher })) as unknown as Promise<Response>;
    },
    close: async () => {
      if (agent) await (await agent).dispatcher.close();
    },
  };
}
