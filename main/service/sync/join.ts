/**
 * `npm run setup -- --join <hub> <code>` (issue 15): makes this PC a new node of an existing
 * company. The hub answers the node number for the code (once), the company's installation
 * secret and head office's node(s); the store is created empty with them, then everything the
 * company's PCs have pushed is pulled from cursor 0 and applied (master data, customers, orders…).
 * Written to a side file and renamed into place only when complete, as `npm run setup` does.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { asActor } from '../db/journal.js';
import { loadInstallation } from '../store/installation.js';
import { settings } from '../store/setting.js';
import { syncStore } from '../store/sync.js';
import { JoinResponse, SYNC_PATHS } from '../../../shared/sync.js';
import { hubFetch, hubTlsDir, loadHubTls, saveHubTls } from './hub-tls.js';
import { HubRefusal, startSyncWorker } from './worker.js';

/**
 * `certDir`: for a hub on mutual TLS, the folder `npm run hub -- join-code NAME --cert-out DIR`
 * wrote for this PC (its certificate and the hub's CA); it is kept as `<dataDir>/hub-tls`.
 */
export async function joinCompany(
  dataDir: string,
  storeFileName: string,
  hubUrl: string,
  code: string,
  now = () => new Date(),
  certDir?: string,
): Promise<{ file: string; join: JoinResponse }> {
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, storeFileName);
  if (existsSync(target)) throw new Error(`A store is already set up in ${dataDir}`);
  const tls = certDir ? loadHubTls(certDir) : loadHubTls(hubTlsDir(dataDir));
  if (certDir && !tls) throw new Error(`No certificate folder at ${certDir}`);
  const response = await hubFetch(tls)(`${hubUrl.replace(/\/+$/, '')}${SYNC_PATHS.join}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json()) as { code?: string; message?: string };
  if (!response.ok) throw new HubRefusal(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? 'The hub refused the join');
  const join = JoinResponse.parse(body);
  const partial = `${target}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const db = openDatabase(partial);
  try {
    asActor({ userId: null, branchId: null, till: '', source: 'setup', now }, () =>
      db
        .transaction(() => {
          settings(db).set('installation_secret', join.installationSecret);
          settings(db).set('node', String(join.nodeId));
          settings(db).set('mode', 'store');
          syncStore(db).setState({ head_office: JSON.stringify(join.headOffice) });
        })
        .immediate(),
    );
    const installation = loadInstallation(db);
    const worker = startSyncWorker({ db, hubUrl, tls, nodeId: installation.node, now, intervalMs: 60_000 });
    await worker.syncNow();
    await worker.close();
    const state = syncStore(db).state();
    if (state.last_error) throw new Error(`The store was made but could not be filled from the hub: ${state.last_error}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    if (tls && certDir) saveHubTls(hubTlsDir(dataDir), join.nodeId, tls);
    renameSync(partial, target);
    return { file: target, join };
  } catch (err) {
    if (db.open) db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    throw err;
  }
}
