/**
 * `npm run setup -- --rekey <hub> <code>` (issue 15): gives a PC whose store went back (a restored
 * backup, refused by the hub with SEQUENCE_REWOUND) a fresh identity, keeping its data. With the
 * app closed:
 *
 *   - head office makes a join code (`npm run hub -- join-code "Surat till 1 (re-keyed)"`): a new node;
 *   - the PC sends the code, its old node number, the last entry the hub acknowledged to it and the
 *     clock times of every journal entry after it. The hub keeps as the PC's own the old node's
 *     entries it holds with those very times (up to where the store went back), makes the new node
 *     go on after them and refuses the old node from then on (hub/sync/join.ts);
 *   - the store takes the new node number (ids are node × 2^32 + a local count, so none it mints can
 *     be one the old node minted before or after the backup) and a new till code (default: the new
 *     node in base 36), so its document numbers are a series no till used; sync starts again.
 *
 * The old node's entries the store lost (made after the backup) come back by pull as another node's.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { asActor, journalClock } from '../db/journal.js';
import { defaultTillCode, loadInstallation, tillCodeOf } from '../store/installation.js';
import { settings } from '../store/setting.js';
import { syncStore } from '../store/sync.js';
import { JoinResponse, parseJoinCode, SYNC_PATHS, type JoinRequest } from '../../../shared/sync.js';
import { hubFetch, hubTlsDir, loadHubTls, saveHubTls } from './hub-tls.js';
import { certified, ownKey } from './join.js';
import { asSender } from './outbox.js';
import { HubRefusal } from './worker.js';

export interface RekeyResult {
  oldNode: number;
  newNode: number;
  tillCode: string;
  /** The old node's last entry the hub keeps as this PC's; the new node sends from the next. */
  commonSeq: number;
}

export async function rekeyStore(
  dataDir: string,
  storeFileName: string,
  hubUrl: string,
  code: string,
  options: { tillCode?: string; certDir?: string; now?: () => Date } = {},
): Promise<RekeyResult> {
  const file = path.join(dataDir, storeFileName);
  if (!existsSync(file)) throw new Error(`No store in ${dataDir} to re-key: set it up or join first`);
  const tillCode = options.tillCode === undefined ? undefined : tillCodeOf(options.tillCode);
  const tls = options.certDir ? loadHubTls(options.certDir) : loadHubTls(hubTlsDir(dataDir));
  if (options.certDir && !tls) throw new Error(`No certificate folder at ${options.certDir}`);
  const db = openDatabase(file);
  try {
    const oldNode = loadInstallation(db).node;
    const store = syncStore(db);
    const after = store.state().acked_seq;
    const times = store.journalTimes(after);
    times.forEach((entry, i) => {
      if (entry.seq !== after + i + 1) throw new Error(`The journal misses entry ${after + i + 1}: this store cannot be re-keyed`);
    });
    // Over mutual TLS the new node needs its own certificate: unless one was carried, this PC makes
    // a key and the hub's answer certifies it, as a join does (the key stays here).
    const { secret } = parseJoinCode(code);
    const own = tls && !options.certDir ? ownKey(secret) : null;
    const request: JoinRequest = {
      code: secret,
      rekey: { nodeId: oldNode, after, hlcs: times.map((t) => asSender(t.hlc, oldNode)), pulled: store.state().pull_cursor },
      ...(own ? { publicKey: own.publicKey, proof: own.proof } : {}),
    };
    const response = await hubFetch(tls)(`${hubUrl.replace(/\/+$/, '')}${SYNC_PATHS.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as { code?: string; message?: string };
    if (!response.ok) throw new HubRefusal(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? 'The hub refused the re-key');
    const join = JoinResponse.parse(body);
    if (!join.rekey || join.rekey.replaced !== oldNode) throw new Error('The hub did not re-key this node (an older hub?)');
    const newTls = own && tls ? certified(join, tls.ca, own.key) : tls;
    const newTill = tillCode ?? defaultTillCode(join.nodeId);
    const commonSeq = join.rekey.commonSeq;
    asActor({ userId: null, branchId: null, till: '', source: 'setup', now: options.now ?? (() => new Date()) }, () =>
      db
        .transaction(() => {
          journalClock(db).setNode(join.nodeId);
          settings(db).set('node', String(join.nodeId));
          settings(db).set('till_code', newTill);
          store.setState({ acked_seq: commonSeq, pending_batch: null, stopped_reason: null, last_error: null });
        })
        .immediate(),
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
    if (newTls && (options.certDir || own)) saveHubTls(hubTlsDir(dataDir), join.nodeId, newTls);
    return { oldNode, newNode: join.nodeId, tillCode: newTill, commonSeq };
  } finally {
    if (db.open) db.close();
  }
}
