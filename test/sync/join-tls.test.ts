/**
 * Joining a PC to a hub on mutual TLS with only the hub's address and the join code (issue 15):
 * the code carries the first digits of the hub CA's fingerprint, the PC checks the hub against it
 * before it sends the code, makes its own key pair and gets its client certificate in the join
 * answer. `npm run hub -- join-code` and `npm run setup -- --join` run as their own processes
 * beside a real hub over embedded PostgreSQL; the joined PC then syncs over mutual TLS.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { generateKeyPairSync, X509Certificate, createPrivateKey } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api } from '../../shared/endpoints/index.js';
import { formatJoinCode, parseJoinCode, SYNC_PATHS } from '../../shared/sync.js';
import { issueNodeCertificate, revokeNode } from '../../hub/sync/certificates.js';
import { makeJoinCode } from '../../hub/sync/join.js';
import { loadOrCreateCa, serverCertificate, type HubCa } from '../../hub/tls/ca.js';
import { hubTlsDir, joinFetch, saveHubTls } from '../../main/service/sync/hub-tls.js';
import { joinCompany } from '../../main/service/sync/join.js';
import { rekeyStore } from '../../main/service/sync/rekey.js';
import { STORE_FILE } from '../../main/service/store-file.js';
import { startTestHub, type TestHub } from '../hub/hub-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { makeSale } from '../helpers/sales.js';

let hub: TestHub;
let ca: HubCa;
let caDir: string;
const nodes: TestService[] = [];
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optical-pos-join-tls-'));
  dirs.push(dir);
  return dir;
};

before(async () => {
  caDir = temp();
  ca = await loadOrCreateCa(caDir);
  hub = await startTestHub({ tls: { ...(await serverCertificate(ca, caDir, ['localhost', '127.0.0.1'])), clientCa: ca.cert, issuer: ca } });
  // Head office: node 1 with its certificate, synced once so the hub knows the installation secret.
  const head = await hub.enroll('Head office');
  const headDir = temp();
  const headCert = await issueNodeCertificate(hub.pool, ca, head.id);
  saveHubTls(hubTlsDir(headDir), head.id, { ca: ca.cert, cert: headCert.cert, key: headCert.key });
  nodes.push(await startTestService({ dataDir: headDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 }));
  await syncNow(nodes[0]!);
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
const syncNow = async (svc: TestService) => (await admin(svc)).call(api.Sync.now, { body: {} });
const status = async (svc: TestService) => (await admin(svc)).call(api.Sync.status, {});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run setup -- --join URL CODE --data-dir DIR` as its own process (the hub answers meanwhile). */
const setupJoin = (url: string, code: string, dataDir: string): Promise<Run> => run('main/setup.ts', ['--join', url, code, '--data-dir', dataDir]);

/** `npm run hub -- …` as its own process, beside the running hub (it attaches to its PostgreSQL). */
const hubCli = (...args: string[]): Promise<Run> => run('hub/main.ts', [...args, '--data-dir', hub.dataDir]);

function run(script: string, args: string[]): Promise<Run> {
  const env = { ...process.env };
  delete env.POS_HUB_TLS_DIR;
  delete env.HUB_TLS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), script), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const codeUsed = async (nodeId: number) =>
  (await hub.pool.query<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM join_code WHERE node_id = $1', [nodeId])).rows[0]!.used;

/** Every file under `dir` (PostgreSQL's own cluster aside: its tables are searched by SQL). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'pg' ? [] : filesUnder(path.join(dir, e.name))) : [path.join(dir, e.name)]));

test('the printed code carries the hub CA fingerprint in typeable groups, and reads back', () => {
  const code = formatJoinCode('ABCDEFGHJKMN', ca.fingerprint);
  assert.match(code, /^ABCD-EFGH-JKMN(-[0-9A-F]{4}){4}$/);
  assert.deepEqual(parseJoinCode(code.toLowerCase().replace(/-/g, ' ')), { secret: 'ABCDEFGHJKMN', caFingerprint: ca.fingerprint.slice(0, 16) });
  assert.deepEqual(parseJoinCode('abcd-efgh-jkmn'), { secret: 'ABCDEFGHJKMN', caFingerprint: null });
});

test('with only the hub address and the code a PC joins over TLS, its private key made and kept on the PC, and syncs over mutual TLS', async () => {
  // Head office's command, on a hub whose CA is in its data folder (tls/, where --tls makes it).
  mkdirSync(path.join(hub.dataDir, 'tls'), { recursive: true, mode: 0o700 });
  for (const file of ['ca.crt', 'ca.key']) copyFileSync(path.join(caDir, file), path.join(hub.dataDir, 'tls', file));
  const made = await hubCli('join-code', 'Surat till 1');
  assert.equal(made.status, 0, made.stderr);
  const [, node, code] = /as node (\d+)\. On that PC: npm run setup -- --join https:.* ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){6})$/m.exec(made.stdout) ?? [];
  assert.ok(code, made.stdout);
  const nodeId = Number(node);
  assert.equal(parseJoinCode(code).caFingerprint, ca.fingerprint.slice(0, 16), 'the code carries the CA fingerprint');
  const branchDir = path.join(temp(), 'surat');
  const run = await setupJoin(hub.url, code, branchDir);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`Joined as node ${nodeId}`));

  // The PC's certificate folder: hub-ca.crt, node-N.crt and node-N.key, private to its user.
  const tlsDir = hubTlsDir(branchDir);
  const keyFile = path.join(tlsDir, `node-${nodeId}.key`);
  assert.deepEqual(readdirSync(tlsDir).sort(), ['hub-ca.crt', `node-${nodeId}.crt`, `node-${nodeId}.key`]);
  if (process.platform !== 'win32') {
    assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    assert.equal(statSync(tlsDir).mode & 0o777, 0o700);
  }
  assert.equal(readFileSync(path.join(tlsDir, 'hub-ca.crt'), 'utf8'), ca.cert);
  const key = readFileSync(keyFile, 'utf8');
  const cert = new X509Certificate(readFileSync(path.join(tlsDir, `node-${nodeId}.crt`), 'utf8'));
  assert.ok(cert.checkPrivateKey(createPrivateKey(key)), 'the certificate is for the key made on the PC');
  assert.ok(cert.verify(new X509Certificate(ca.cert).publicKey), 'signed by the hub CA');
  assert.match(cert.subject, new RegExp(`CN=node-${nodeId}`));
  const serial = cert.serialNumber.replace(/^0+/, '').toUpperCase();
  const { rows: recorded } = await hub.pool.query<{ node_id: number }>('SELECT node_id FROM certificate WHERE serial = $1', [serial]);
  assert.deepEqual(recorded, [{ node_id: nodeId }], 'the hub recorded it (so it can revoke it)');

  // The private key is on the PC only: no table of the hub, no file beside it holds it.
  // Its secret part: the private scalar, as base64 in the PEM (after the 36 bytes every P-256 PKCS#8 key begins with) and as hex.
  const scalar = key.split('\n').filter((line) => line && !line.startsWith('-----')).join('').slice(48, 88);
  const scalarHex = Buffer.from(createPrivateKey(key).export({ format: 'jwk' }).d!, 'base64url').toString('hex');
  const { rows: tables } = await hub.pool.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'");
  assert.ok(tables.length >= 4);
  for (const { name } of tables) {
    const { rows } = await hub.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${name}" t WHERE t::text LIKE '%PRIVATE KEY%' OR t::text LIKE $1 OR t::text ILIKE $2`,
      [`%${scalar}%`, `%${scalarHex}%`],
    );
    assert.equal(Number(rows[0]!.n), 0, `hub table ${name} holds no private key`);
  }
  for (const file of [...filesUnder(hub.dataDir), ...filesUnder(caDir)]) {
    const text = readFileSync(file, 'latin1');
    assert.ok(!text.includes(scalar) && !text.toLowerCase().includes(scalarHex), `${file} does not hold the PC's key`);
  }

  // And it syncs over mutual TLS with that certificate.
  const surat = await startTestService({ dataDir: branchDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  nodes.push(surat);
  const head = nodes[0]!;
  const atHead = await makeSale(head, await head.as('cashier'), { paid: 'all', lastName: 'Joinedbytls' });
  await syncNow(head);
  await syncNow(surat);
  const row = surat.server.deps.db.prepare('SELECT order_no FROM sales_order WHERE id = ?').get(atHead.rowId) as { order_no: string } | undefined;
  assert.equal(row?.order_no, atHead.salesOrderNo, 'the order arrived');
  const s = await status(surat);
  assert.equal(s.lastError, null);
  assert.equal(s.online, true);
  const { rows } = await hub.pool.query<{ n: string }>('SELECT count(*) AS n FROM change WHERE node_id = $1', [nodeId]);
  assert.ok(Number(rows[0]!.n) > 0, 'the joined PC pushed (its sign-in at least)');
});

test('a code made for another hub’s CA is refused before the code is sent: nothing is written on the PC and the code stays unspent', async () => {
  const other = await loadOrCreateCa(path.join(temp(), 'other-ca'));
  const { code, nodeId } = await makeJoinCode(hub.pool, 'Vapi till 1', undefined, other);
  const branchDir = path.join(temp(), 'vapi');
  const run = await setupJoin(hub.url, code, branchDir);
  assert.equal(run.status, 1);
  assert.match(run.stderr, /this hub is not the one the join code was made for/i);
  assert.equal(existsSync(branchDir), false, 'nothing written on the PC');
  assert.equal(await codeUsed(nodeId), false, 'the code was never sent');

  // Without a fingerprint, an https hub is refused in words too (use --hub-cert-dir or a new code).
  const bare = formatJoinCode(parseJoinCode(code).secret);
  await assert.rejects(joinCompany(branchDir, STORE_FILE, hub.url, bare), /does not carry its fingerprint/);
  assert.equal(existsSync(branchDir), false);
  assert.equal(await codeUsed(nodeId), false);
});

test('the hub refuses a public key the PC does not prove it holds, and spends nothing', async () => {
  const { code, nodeId } = await makeJoinCode(hub.pool, 'Navsari till 1', undefined, ca);
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const client = joinFetch(ca.cert);
  try {
    const post = (body: object) => client(`${hub.url}${SYNC_PATHS.join}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const unproven = await post({ code: parseJoinCode(code).secret, publicKey: pem, proof: Buffer.alloc(64, 1).toString('base64') });
    assert.equal(unproven.status, 400);
    assert.equal(((await unproven.json()) as { code: string }).code, 'JOIN_KEY_PROOF');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const wrongKind = await post({ code: parseJoinCode(code).secret, publicKey: rsa, proof: 'x'.repeat(20) });
    assert.equal(wrongKind.status, 400);
    assert.equal(((await wrongKind.json()) as { code: string }).code, 'JOIN_KEY_INVALID');
    const info = await client(`${hub.url}${SYNC_PATHS.join}`);
    assert.deepEqual(await info.json(), { caCertificate: ca.cert }, 'the hub shows its CA without a client certificate');
  } finally {
    await client.close();
  }
  assert.equal(await codeUsed(nodeId), false);
});

test('a PC that joined by code alone can be revoked like any other', async () => {
  const surat = nodes[1]!;
  const nodeId = Number((await hub.pool.query<{ id: number }>("SELECT id FROM node WHERE name = 'Surat till 1'")).rows[0]!.id);
  assert.equal(await revokeNode(hub.pool, nodeId), 1);
  await syncNow(surat).catch(() => undefined);
  assert.match(JSON.stringify(await status(surat)), /revoked/i);
});

test('a PC on mutual TLS re-keyed by code gets its new node certificate in the answer and syncs on as the new node', { timeout: 120_000 }, async () => {
  const first = await makeJoinCode(hub.pool, 'Bharuch till 1', undefined, ca);
  const dataDir = path.join(temp(), 'bharuch');
  await joinCompany(dataDir, STORE_FILE, hub.url, first.code);
  let bharuch = await startTestService({ dataDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  await makeSale(bharuch, await bharuch.as('cashier'), { paid: 'all', lastName: 'Beforerekey' });
  await syncNow(bharuch);
  assert.equal((await status(bharuch)).lastError, null);
  await bharuch.close();

  const second = await makeJoinCode(hub.pool, 'Bharuch till 1 (re-keyed)', undefined, ca);
  const result = await rekeyStore(dataDir, STORE_FILE, hub.url, second.code);
  assert.deepEqual([result.oldNode, result.newNode], [first.nodeId, second.nodeId]);
  // The folder now holds the new node's certificate only, for a key made on this PC.
  const tlsDir = hubTlsDir(dataDir);
  assert.deepEqual(readdirSync(tlsDir).sort(), ['hub-ca.crt', `node-${second.nodeId}.crt`, `node-${second.nodeId}.key`]);
  const cert = new X509Certificate(readFileSync(path.join(tlsDir, `node-${second.nodeId}.crt`), 'utf8'));
  assert.match(cert.subject, new RegExp(`CN=node-${second.nodeId}`));
  assert.ok(cert.checkPrivateKey(createPrivateKey(readFileSync(path.join(tlsDir, `node-${second.nodeId}.key`), 'utf8'))));

  bharuch = await startTestService({ dataDir, hubUrl: hub.url, syncIntervalMs: 60_000, readWorkers: 0 });
  nodes.push(bharuch);
  admins.delete(bharuch);
  const after = await makeSale(bharuch, await bharuch.as('cashier'), { paid: 'all', lastName: 'Afterrekey' });
  await syncNow(bharuch);
  const s = await status(bharuch);
  assert.equal(s.lastError, null, 'the new node syncs over mutual TLS');
  assert.equal(s.stopped, null);
  const { rows } = await hub.pool.query<{ n: string }>("SELECT count(*) AS n FROM change WHERE node_id = $1 AND tbl = 'sales_order'", [second.nodeId]);
  assert.ok(Number(rows[0]!.n) >= 1, `the sale after the re-key (${after.salesOrderNo}) reached the hub as node ${second.nodeId}`);
});
