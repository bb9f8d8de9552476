/**
 * Mutual TLS between branches and the hub (issue 15), over real HTTPS on loopback against a real
 * PostgreSQL: the hub's own CA issues its server certificate and each enrolled PC's client
 * certificate; sync takes only an unrevoked certificate of that CA naming the node it speaks for.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openHubStore, startHub } from '../../hub/hub.js';
import { issueNodeCertificate, revokeNode } from '../../hub/sync/certificates.js';
import { hubFetch, loadHubTls, saveHubTls } from '../../main/service/sync/hub-tls.js';
import { issueClientCert, loadOrCreateCa, serverCertificate, type HubCa, type Pem } from '../../hub/tls/ca.js';
import { TEST_PG, batch, startTestHub, type TestHub } from './hub-helpers.js';

let hub: TestHub;
let ca: HubCa;
let tlsDir: string;
let port: number;
let nodeA: number;
let nodeB: number;
let certA: Pem;

before(async () => {
  tlsDir = await mkdtemp(path.join(os.tmpdir(), 'hub-tls-'));
  ca = await loadOrCreateCa(tlsDir);
  const server = await serverCertificate(ca, tlsDir, ['localhost', '127.0.0.1']);
  hub = await startTestHub({ tls: { ...server, clientCa: ca.cert } });
  port = Number(new URL(hub.url).port);
  nodeA = (await hub.enroll('Andheri till 1')).id;
  nodeB = (await hub.enroll('Borivali till 1')).id;
  certA = await issueNodeCertificate(hub.pool, ca, nodeA);
});
after(async () => {
  await hub?.stop();
  await rm(tlsDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request as a branch makes it: trusting only the hub's CA, presenting `client` if given. */
function send(method: 'GET' | 'POST', url: string, options: { client?: Pem; body?: unknown; trust?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method,
        ca: options.trust ?? ca.cert,
        ...(options.client ? { cert: options.client.cert, key: options.client.key } : {}),
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const pushAs = (client: Pem | undefined, nodeId: number, firstSeq: number) =>
  send('POST', '/hub/v1/push', { ...(client ? { client } : {}), body: batch(nodeId, firstSeq, 3) });

test('an enrolled PC with its certificate pushes and pulls; the hub is https only', async () => {
  assert.match(hub.url, /^https:/);
  const pushed = await pushAs(certA, nodeA, 1);
  assert.equal(pushed.status, 200, JSON.stringify(pushed.body));
  assert.equal(pushed.body.acknowledged, 3);
  const pulled = await send('GET', `/hub/v1/pull?nodeId=${nodeA}`, { client: certA });
  assert.equal(pulled.status, 200);
  assert.equal((await send('GET', '/hub/v1/health')).status, 200, 'health needs no certificate');
});

test('no certificate: 401 in words; a certificate of another CA: 401; one of this CA the hub never recorded: 403', async () => {
  const bare = await pushAs(undefined, nodeA, 4);
  assert.equal(bare.status, 401);
  assert.equal(bare.body.code, 'CLIENT_CERTIFICATE_REQUIRED');
  assert.match(String(bare.body.message), /enrolled PC/);

  const otherDir = await mkdtemp(path.join(os.tmpdir(), 'hub-tls-other-'));
  try {
    const otherCa = await loadOrCreateCa(otherDir);
    const forged = await issueClientCert(otherCa, nodeA);
    const answer = await pushAs(forged, nodeA, 4);
    assert.equal(answer.status, 401, 'the handshake did not accept a foreign CA');
    assert.equal(answer.body.code, 'CLIENT_CERTIFICATE_REQUIRED');
  } finally {
    await rm(otherDir, { recursive: true, force: true });
  }
  const unrecorded = await issueClientCert(ca, nodeA);
  const answer = await pushAs(unrecorded, nodeA, 4);
  assert.equal(answer.status, 403);
  assert.equal(answer.body.code, 'CERTIFICATE_UNKNOWN');
});

test("one PC's certificate cannot push or pull for another node", async () => {
  const push = await pushAs(certA, nodeB, 1);
  assert.equal(push.status, 403);
  assert.equal(push.body.code, 'CERTIFICATE_NODE_MISMATCH');
  const pull = await send('GET', `/hub/v1/pull?nodeId=${nodeB}`, { client: certA });
  assert.equal(pull.status, 403);
  const { rows } = await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM change WHERE node_id = $1', [nodeB]);
  assert.equal(Number(rows[0]!.n), 0, 'nothing written for B');
});

test('a revoked PC is refused from its next request; a new certificate lets it back', async () => {
  const certB = await issueNodeCertificate(hub.pool, ca, nodeB);
  assert.equal((await pushAs(certB, nodeB, 1)).status, 200);
  assert.equal(await revokeNode(hub.pool, nodeB), 1);
  const refused = await pushAs(certB, nodeB, 4);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.code, 'CERTIFICATE_REVOKED');
  const renewed = await issueNodeCertificate(hub.pool, ca, nodeB);
  assert.equal((await pushAs(renewed, nodeB, 4)).status, 200);
});

test('a branch trusts only the hub it joined: another CA behind the same address fails the handshake', async () => {
  const otherDir = await mkdtemp(path.join(os.tmpdir(), 'hub-tls-other-'));
  try {
    const otherCa = await loadOrCreateCa(otherDir);
    await assert.rejects(send('GET', '/hub/v1/health', { trust: otherCa.cert }), /self[- ]signed|unable to verify|certificate/i);
  } finally {
    await rm(otherDir, { recursive: true, force: true });
  }
});

test('the CA is made once and kept; the server certificate is re-issued only when its names change', async () => {
  const again = await loadOrCreateCa(tlsDir);
  assert.equal(again.fingerprint, ca.fingerprint);
  assert.match(ca.fingerprint, /^[0-9a-f]{64}$/);
  const same = await serverCertificate(again, tlsDir, ['127.0.0.1', 'localhost']);
  const first = await serverCertificate(again, tlsDir, ['localhost', '127.0.0.1']);
  assert.equal(same.cert, first.cert, 'same names in any order: the same certificate');
  const renamed = await serverCertificate(again, tlsDir, ['hub.example.in', '127.0.0.1']);
  assert.notEqual(renamed.cert, first.cert);
});

test('a command beside the running hub uses its PostgreSQL and leaves it running; a second hub on the folder is refused', async () => {
  const cli = await openHubStore({ dataDir: hub.dataDir, ...TEST_PG, whenRunning: 'attach' });
  try {
    const { rows } = await cli.pool.query<{ n: string }>('SELECT count(*) AS n FROM node');
    assert.equal(Number(rows[0]!.n), 2);
  } finally {
    await cli.close();
  }
  await assert.rejects(startHub({ dataDir: hub.dataDir, port: 0, ...TEST_PG }), /already running/);
  assert.equal((await send('GET', '/hub/v1/health')).status, 200, 'the hub still answers');
  const { rows } = await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM node');
  assert.equal(Number(rows[0]!.n), 2, 'and its database is still up');
});

test("the branch's hub client pins the hub's CA and presents the PC's certificate (saved and read back as enroll --cert-out writes it)", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'branch-hub-tls-'));
  try {
    assert.equal(loadHubTls(path.join(dir, 'none')), null, 'no folder: no TLS');
    const issued = await issueNodeCertificate(hub.pool, ca, nodeA);
    saveHubTls(dir, nodeA, { ca: ca.cert, cert: issued.cert, key: issued.key });
    const tls = loadHubTls(dir)!;
    const post = (client: ReturnType<typeof hubFetch>, firstSeq: number) =>
      client(`${hub.url}/hub/v1/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch(nodeA, firstSeq, 3)) });
    const answer = await post(hubFetch(tls), 4);
    assert.equal(answer.status, 200, await answer.clone().text());
    await assert.rejects(post(hubFetch(null), 7), 'plain fetch does not trust the hub’s own CA');
    const { ca: _, ...noCa } = tls;
    await assert.rejects(post(hubFetch({ ...noCa, ca: (await loadOrCreateCa(path.join(dir, 'other'))).cert }), 7), 'nor does a PC pinned to another CA');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('head office’s read of the current rows takes its certificate as push and pull do', async () => {
  assert.equal(nodeA, 1, 'the first PC enrolled is head office');
  const rows = await send('GET', `/hub/v1/rows/customer?nodeId=${nodeA}`, { client: certA });
  assert.equal(rows.status, 200, JSON.stringify(rows.body));
  assert.ok(Array.isArray(rows.body.rows));
  assert.equal((await send('GET', `/hub/v1/rows/customer?nodeId=${nodeA}`)).status, 401);
  const other = await send('GET', `/hub/v1/rows/customer?nodeId=${nodeB}`, { client: certA });
  assert.equal(other.status, 403);
  assert.equal(other.body.code, 'CERTIFICATE_NODE_MISMATCH');
});
