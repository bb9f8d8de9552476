/**
 * Joining the company's hub on the first-run screen (Setup.joinHub), against a real hub over
 * embedded PostgreSQL on mutual TLS: a code made for another hub's CA is refused before the code
 * is sent, naming the hub address, and nothing is written; the right code makes the store, the
 * same address then serves it, and it syncs with that hub without POS_HUB_URL (the hub it joined
 * is remembered in the store).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { ApiError} from '../../shared/client.js';
import { createClient } from '../../shared/client.js';
import { api } from '../../shared/endpoints/index.js';
import { issueNodeCertificate } from '../../hub/sync/certificates.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { loadOrCreateCa, serverCertificate, type HubCa } from '../../hub/tls/ca.js';
import { hubTlsDir, saveHubTls } from '../../main/service/sync/hub-tls.js';
import { startTestHub, type TestHub } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';

let hub: TestHub;
let ca: HubCa;
let head: TestService;
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-first-run-join-'));
  dirs.push(dir);
  return dir;
};

before(async () => {
  const caDir = temp();
  ca = await loadOrCreateCa(caDir);
  hub = await startTestHub({ tls: { ...(await serverCertificate(ca, caDir, ['localhost', '127.0.0.1'])), clientCa: ca.cert, issuer: ca } });
  const node = await hub.enroll('Head office');
  const headDir = temp();
  const cert = await issueNodeCertificate(hub.pool, ca, node.id);
  saveHubTls(hubTlsDir(headDir), node.id, { ca: ca.cert, cert: cert.cert, key: cert.key });
  head = await startTestService({ dataDir: headDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  await (await head.as('admin')).call(api.Sync.now, { body: {} });
});

after(async () => {
  await head?.close();
  await hub?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const codeUsed = async (nodeId: number) =>
  (await hub.pool.query<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM join_code WHERE node_id = $1', [nodeId])).rows[0]!.used;

test('a PC joins on screen with the hub address and code: the wrong hub is refused first, then it is served the company’s store and syncs without POS_HUB_URL', { timeout: 120_000 }, async () => {
  const pc = await startTestService({ dataDir: path.join(temp(), 'surat'), noStore: 'ask', readWorkers: 0, syncIntervalMs: 60_000 });
  try {
    const other = await loadOrCreateCa(path.join(temp(), 'other-ca'));
    const wrong = await makeJoinCode(hub.pool, 'Surat till 0', undefined, other);
    let refused: ApiError | undefined;
    await pc.anon.call(api.Setup.joinHub, { body: { hubUrl: hub.url, joinCode: wrong.code } }).catch((e: unknown) => (refused = e as ApiError));
    assert.equal(refused?.status, 400);
    assert.match(refused!.fieldErrors('hubUrl')[0] ?? '', /not the one the join code was made for.*nothing was sent/);
    assert.equal(await codeUsed(wrong.nodeId), false, 'the code was never sent');
    assert.deepEqual(readdirSync(pc.dataDir).filter((f) => f.includes('sqlite') || f === 'hub-tls'), [], 'nothing written');

    const right = await makeJoinCode(hub.pool, 'Surat till 1', undefined, ca);
    const done = await pc.anon.call(api.Setup.joinHub, { body: { hubUrl: hub.url, joinCode: right.code } });
    assert.equal(done.state, 'store');
    await pc.server.switched();
    assert.equal(pc.server.mode, 'store');
    const kept = pc.server.deps.db.prepare("SELECT value FROM setting WHERE key = 'hub_url'").get() as { value: string };
    assert.equal(kept.value, hub.url);
    assert.ok(pc.server.deps.sync, 'the sync worker runs without POS_HUB_URL');

    // A user of the first PC signs in here; a sale made there arrives.
    const cashier = await pc.as('cashier');
    const sold = await makeSale(head, await head.as('cashier'), { paid: 'all', lastName: 'Joinedonscreen' });
    await (await head.as('admin')).call(api.Sync.now, { body: {} });
    const status = await cashier.call(api.Sync.now, { body: {} });
    assert.equal(status.lastError, null);
    const row = pc.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE id = ?').get(sold.rowId) as { order_no: string } | undefined;
    assert.equal(row?.order_no, sold.salesOrderNo);
    const again = await createClient({ baseUrl: pc.url, getToken: () => cashier.token }).call(api.Setup.status, {});
    assert.equal(again.state, 'store');
  } finally {
    await pc.close();
  }
});
