/**
 * `npm run setup -- --join <hub> <code>` (issue 15): makes this PC a new node of an existing
 * company. The hub answers the node number for the code (once), the company's installation
 * secret and head office's node(s); the store is created empty with them, then filled from the
 * hub's snapshot of the company's current rows (sync/snapshot.ts: master data, customers,
 * orders…) and the changes pulled after its mark; from a hub without snapshots, everything pulled
 * from cursor 0. Written to a side file and renamed into place only when complete, as `npm run
 * setup` does. The side file keeps the join's answer: killed on the way, the same command run
 * again goes on from where it stopped without spending the code again.
 *
 * A hub on HTTPS with its own CA: the code carries the first digits of the CA's fingerprint. The
 * PC asks the hub for its CA (GET /hub/v1/join, over a connection that checks nothing), refuses a
 * CA the code was not made for before it sends the code, then joins over a connection that trusts
 * only that CA, sending the public half of a key pair it made itself; the hub answers the PC's
 * client certificate. The private key is written only here, readable by this PC's user alone.
 */
import { createHash, createPrivateKey, generateKeyPairSync, sign, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../db/database.js';
import { asActor } from '../db/journal.js';
import { loadInstallation } from '../store/installation.js';
import { settings } from '../store/setting.js';
import { createJoinSnapshot, dropJoinSnapshot, readJoinSnapshot } from '../store/snapshot.js';
import { syncStore } from '../store/sync.js';
import { fingerprintMatches, JoinInfo, joinProofText, JoinResponse, parseJoinCode, SYNC_PATHS, type JoinRequest } from '../../../shared/sync.js';
import { hubFetch, hubTlsDir, joinFetch, loadHubTls, saveHubTls, type HubFetch, type HubTls } from './hub-tls.js';
import { downloadSnapshot, NoSnapshots, SnapshotGone, type SnapshotProgress } from './snapshot.js';
import { HubRefusal, startSyncWorker } from './worker.js';

/** The setting that keeps the hub a PC joined (this PC's own: never taken from another node). */
export const HUB_URL_SETTING = 'hub_url';

export interface JoinOptions {
  /** The old way, for a hub on mutual TLS: the folder `npm run hub -- join-code NAME --cert-out DIR` wrote. */
  certDir?: string | undefined;
  /** Where this PC keeps its certificate folder (POS_HUB_TLS_DIR); `<dataDir>/hub-tls` by default. */
  tlsDir?: string | undefined;
  /**
   * 'snapshot' (the default): the company's current rows from the hub's snapshot, then the changes
   * after it; 'log': every change from the first (what a hub without snapshots serves; the tests
   * compare the two).
   */
  from?: 'snapshot' | 'log' | undefined;
  /** Told after each table of the snapshot is in (the setup command prints it). */
  progress?: ((p: SnapshotProgress) => void) | undefined;
  /** Rows asked for in one snapshot page (the hub's default when not given). */
  snapshotPageRows?: number | undefined;
}

export async function joinCompany(
  dataDir: string,
  storeFileName: string,
  hubUrl: string,
  code: string,
  now = () => new Date(),
  options: JoinOptions = {},
): Promise<{ file: string; join: JoinResponse; tlsDir: string | null }> {
  const target = path.join(dataDir, storeFileName);
  if (existsSync(target)) throw new Error(`A store is already set up in ${dataDir}`);
  const base = hubUrl.replace(/\/+$/, '');
  const tlsDir = options.tlsDir ?? hubTlsDir(dataDir);
  const { secret, caFingerprint } = parseJoinCode(code);
  const partial = `${target}.partial`;
  const codeHash = createHash('sha256').update(secret).digest('hex');
  // A join of this code killed before it completed: it goes on (the code is spent already).
  const resumed = resumable(partial, codeHash);
  if (resumed) return fill(dataDir, target, partial, resumed.pending, codeHash, hubUrl, now, options, resumed.db);
  const carried = loadHubTls(options.certDir ?? tlsDir);
  if (options.certDir && !carried) throw new Error(`No certificate folder at ${options.certDir}`);
  if (carried && caFingerprint && !fingerprintMatches(fingerprintOf(carried.ca), caFingerprint)) {
    throw new Error(`The certificate folder is for another hub than the one the join code was made for (${options.certDir ?? tlsDir})`);
  }

  // Nothing is written on this PC, and the code is not sent, until the hub is the one the code names.
  let request: JoinRequest = { code: secret };
  let client: HubFetch = hubFetch(carried);
  let own: { ca: string; key: string } | null = null;
  if (!carried && new URL(base).protocol === 'https:') {
    const ca = await hubCaFor(base, caFingerprint);
    const made = ownKey(secret);
    request = { code: secret, publicKey: made.publicKey, proof: made.proof };
    own = { ca, key: made.key };
    client = joinFetch(ca);
  } else if (!carried && caFingerprint) {
    throw new Error(`This join code was made by a hub on HTTPS: give its address as https://… (not ${base})`);
  }
  let body: { code?: string; message?: string };
  let response: Response;
  try {
    response = await client(`${base}${SYNC_PATHS.join}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    body = (await response.json()) as { code?: string; message?: string };
  } finally {
    if ('close' in client) await (client as { close(): Promise<void> }).close();
  }
  if (!response.ok) throw new HubRefusal(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? 'The hub refused the join');
  const join = JoinResponse.parse(body);
  const tls: HubTls | null = own ? certified(join, own.ca, own.key) : carried;

  mkdirSync(dataDir, { recursive: true });
  const saveTls = tls !== null && (options.certDir !== undefined || own !== null);
  return fill(dataDir, target, partial, { join, tls, saveTls, base }, codeHash, hubUrl, now, options);
}

/** What a join's side file keeps so that a re-run resumes it without spending the code again. */
interface Pending {
  join: JoinResponse;
  tls: HubTls | null;
  /** The PC's TLS is written to its folder once the store is complete. */
  saveTls: boolean;
  base: string;
}

/** A new side file: the company's secret, this PC's node and hub, and the join kept for a re-run. */
function makeSideFile(partial: string, pending: Pending, codeHash: string, now: () => Date): Db {
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const db = openDatabase(partial);
  const { join } = pending;
  asActor({ userId: null, branchId: null, till: '', source: 'setup', now }, () =>
    db
      .transaction(() => {
        settings(db).set('installation_secret', join.installationSecret);
        settings(db).set('node', String(join.nodeId));
        settings(db).set('mode', 'store');
        // The PC syncs with this hub from its next start without POS_HUB_URL (which still overrides it).
        settings(db).set(HUB_URL_SETTING, pending.base);
        syncStore(db).setState({ head_office: JSON.stringify(join.headOffice) });
        createJoinSnapshot(db, JSON.stringify(pending), codeHash);
      })
      .immediate(),
  );
  return db;
}

/** The side file of a join of this code killed before it completed, and its join; null: none. */
function resumable(partial: string, codeHash: string): { db: Db; pending: Pending } | null {
  if (!existsSync(partial)) return null;
  let db: Db | null = null;
  try {
    db = openDatabase(partial);
    const state = readJoinSnapshot(db);
    if (state && state.code_hash === codeHash) return { db, pending: JSON.parse(state.pending) as Pending };
  } catch {
    // Not a side file this join can go on with: it is made again.
  }
  if (db?.open) db.close();
  return null;
}

async function fill(
  dataDir: string,
  target: string,
  partial: string,
  pending: Pending,
  codeHash: string,
  hubUrl: string,
  now: () => Date,
  options: JoinOptions,
  resumed?: Db,
): Promise<{ file: string; join: JoinResponse; tlsDir: string | null }> {
  const { join, tls } = pending;
  let db = resumed ?? makeSideFile(partial, pending, codeHash, now);
  try {
    const installation = loadInstallation(db);
    if (options.from !== 'log') {
      const client = hubFetch(tls);
      const hub = { base: pending.base, client, nodeId: installation.node };
      for (;;) {
        try {
          await downloadSnapshot(db, hub, readJoinSnapshot(db)!, now, options.progress, options.snapshotPageRows);
          break;
        } catch (err) {
          if (err instanceof NoSnapshots) break;
          if (!(err instanceof SnapshotGone)) throw err;
          // Part of a snapshot the hub has closed: the side file is made again, and a new one read.
          db.close();
          db = makeSideFile(partial, pending, codeHash, now);
        }
      }
    }
    // The changes after the snapshot's mark (or, from a hub without snapshots, the whole log).
    const worker = startSyncWorker({ db, hubUrl, tls, nodeId: installation.node, now, intervalMs: 60_000 });
    await worker.syncNow();
    await worker.close();
    const state = syncStore(db).state();
    if (state.last_error) throw new Error(`The store was made but could not be filled from the hub: ${state.last_error}`);
    dropJoinSnapshot(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const tlsDir = options.tlsDir ?? hubTlsDir(dataDir);
    if (pending.saveTls && tls) saveHubTls(tlsDir, join.nodeId, tls);
    renameSync(partial, target);
    return { file: target, join, tlsDir: tls ? tlsDir : null };
  } catch (err) {
    // The side file stays: the same command run again goes on from where this one stopped.
    if (db.open) db.close();
    throw err;
  }
}

const fingerprintOf = (certPem: string): string => new X509Certificate(certPem).fingerprint256.replace(/:/g, '').toLowerCase();

/** The hub's CA, asked over a connection that checks nothing and kept only if the code's fingerprint is its. */
async function hubCaFor(base: string, caFingerprint: string | null): Promise<string> {
  if (!caFingerprint) {
    throw new Error(
      'This hub speaks HTTPS and this join code does not carry its fingerprint (a code made by a hub on --tls ends in four more groups, e.g. ABCD-EFGH-JKLM-9F3A-0C21-77B4-E5D0): ask head office for a new code, or give the certificate folder with --hub-cert-dir',
    );
  }
  const probe = joinFetch(null);
  let info: JoinInfo;
  try {
    const answer = await probe(`${base}${SYNC_PATHS.join}`);
    const parsed = JoinInfo.safeParse(answer.ok ? await answer.json() : null);
    if (!parsed.success) throw new Error(`The hub at ${base} cannot enrol a PC by its code alone (it answered HTTP ${answer.status}): update it, or use --hub-cert-dir`);
    info = parsed.data;
  } finally {
    await probe.close();
  }
  if (!info.caCertificate) throw new Error(`The hub at ${base} has no certificate authority of its own to enrol this PC (start it with --tls), or use --hub-cert-dir`);
  const actual = fingerprintOf(info.caCertificate);
  if (!fingerprintMatches(actual, caFingerprint)) {
    throw new Error(
      `This hub is not the one the join code was made for: the hub at ${base} has the fingerprint ${actual.slice(0, caFingerprint.length).toUpperCase()}, the code ${caFingerprint.toUpperCase()}. Check the hub's address with head office; nothing was sent to it`,
    );
  }
  return info.caCertificate;
}

/** A key pair made on this PC for the hub to certify, and its proof over the code's secret. */
export function ownKey(secret: string): { publicKey: string; proof: string; key: string } {
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    proof: sign('sha256', Buffer.from(joinProofText(secret)), keys.privateKey).toString('base64'),
    key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The PC's TLS from the join answer: the certificate must be for this PC's key, signed by the CA it checked. */
export function certified(join: JoinResponse, ca: string, key: string): HubTls {
  if (!join.certificate || !join.caCertificate) throw new Error('The hub answered no certificate for this PC: ask head office to check the hub runs with --tls');
  const cert = new X509Certificate(join.certificate);
  if (fingerprintOf(join.caCertificate) !== fingerprintOf(ca) || !cert.verify(new X509Certificate(ca).publicKey) || !cert.checkPrivateKey(createPrivateKey(key))) {
    throw new Error('The certificate the hub answered is not for this PC’s key from the CA it checked: join refused');
  }
  return { ca, cert: join.certificate, key };
}
