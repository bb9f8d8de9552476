/**
 * Branch sync over mutual TLS (issue 15): a hub on HTTPS with its own CA, head office's PC with its
 * certificate folder, and a PC that joins by code with the folder `join-code --cert-out` wrote.
 * A sale at either reaches the other; a revoked PC is refused and says why on its sync status.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { issueNodeCertificate, revokeNode } from '../../hub/sync/certificates.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { loadOrCreateCa, serverCertificate } from '../../hub/tls/ca.js';
import { hubTlsDir, saveHubTls } from '../../main/service/sync/hub-tls.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { startTestHub, type TestHub } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';

let hub: TestHub;
const nodes: TestService[] = [];
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-mtls-'));
  dirs.push(dir);
  return dir;
};

before(async () => {
  const tlsDir = temp();
  const ca = await loadOrCreateCa(tlsDir);
  hub = await startTestHub({ tls: { ...(await serverCertificate(ca, tlsDir, ['localhost', '127.0.0.1'])), clientCa: ca.cert } });
  assert.match(hub.url, /^https:/);
  // Head office: node 1, its certificate in its data folder's hub-tls/.
  const head = await hub.enroll('Head office');
  const headDir = temp();
  const headCert = await issueNodeCertificate(hub.pool, ca, head.id);
  saveHubTls(hubTlsDir(headDir), head.id, { ca: ca.cert, cert: headCert.cert, key: headCert.key });
  nodes.push(await startTestService({ dataDir: headDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 }));
  await syncNow(nodes[0]!);
  // A branch PC joins by code with the folder the hub wrote for it.
  const { code, nodeId } = await makeJoinCode(hub.pool, 'Surat till 1');
  const certDir = temp();
  const issued = await issueNodeCertificate(hub.pool, ca, nodeId);
  saveHubTls(certDir, nodeId, { ca: ca.cert, cert: issued.cert, key: issued.key });
  const branchDir = temp();
  await joinCompany(branchDir, STORE_FILE, hub.url, code, () => new Date(), { certDir });
  nodes.push(await startTestService({ dataDir: branchDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 }));
});

after(async () => {
  for (const svc of nodes) await svc.close();
  await hub?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const admins = new Map<TestService, Awaited<ReturnType<TestService['as']>>>();
const admin = async (svc: TestService) => {
  if (!admins.has(svc)) admins.set(svc, await svc.as('admin'));
  return admins.get(svc)!;
};
async function syncNow(svc: TestService) {
  return (await admin(svc)).call(api.Sync.now, { body: {} });
}
const status = async (svc: TestService) => (await admin(svc)).call(api.Sync.status, {});

test('over mutual TLS a sale at head office reaches the joined PC, and the joined PC pushes its own changes', async () => {
  const [head, surat] = nodes as [TestService, TestService];
  const atHead = await makeSale(head, await head.as('cashier'), { paid: 'all', lastName: 'Overtls' });
  await syncNow(head);
  await syncNow(surat);
  const row = surat.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE id = ?').get(atHead.rowId) as { order_no: string } | undefined;
  assert.equal(row?.order_no, atHead.salesOrderNo, 'the order arrived');
  const s = await status(surat);
  assert.equal(s.lastError, null);
  assert.equal(s.online, true);
  const { rows } = await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM change WHERE node_id = 2');
  assert.ok(Number(rows[0]!.n) > 0, 'the joined PC pushed (its sign-in at least)');
});

test('a revoked PC is refused by the hub, and its sync status says so', async () => {
  const surat = nodes[1]!;
  await revokeNode(hub.pool, 2);
  await syncNow(surat).catch(() => undefined);
  const s = await status(surat);
  assert.match(JSON.stringify(s), /revoked/i);
});
