/**
 * Joining a new PC to the company (issue 15): head office makes a one-time code for a named PC
 * (the node is enrolled then, so its number is fixed); the PC spends the code once and learns its
 * node number and the company's installation secret (ENC ids read the same on every PC), taken
 * from what head office's node (node 1) has pushed. Only the code's SHA-256 is kept.
 *
 * The same code re-keys a PC whose store went back (a restored backup, refused at push with
 * SEQUENCE_REWOUND): the PC keeps its data and syncs on as the code's new node (rekey() below).
 * On a hub with its own CA the printed code also carries the CA's fingerprint (shared/sync.ts
 * formatJoinCode), and a PC that sends the public key it made is answered its client certificate
 * and the CA, in the same transaction that spends the code: the private key stays on the PC.
 */
import { createHash, randomInt, verify } from 'node:crypto';
import type pg from 'pg';
import { formatJoinCode, joinProofText, parseJoinCode, type JoinRequest, type JoinResponse } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { insertCertificate } from '../store/certificate.js';
import { expiredJoinCode, expireJoinCodes, installationSecretOf, insertJoinCode, nodeJoined, spendJoinCode } from '../store/join-code.js';
import { heldTimes, lockPushes } from '../store/change.js';
import { findNodeByName, findNodeForUpdate, HEAD_OFFICE_NODES, replaceNode } from '../store/node.js';
import { prunedUpto } from '../store/retention.js';
import { inTransaction } from '../store/transaction.js';
import { certifyClientKey, p256PublicKey, type HubCa } from '../tls/ca.js';
import { enrollNode, setBranchesByCode } from './nodes.js';
import { foldToTop } from './row-state.js';
import { logPruned } from './pull.js';


const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const hashOf = (code: string) => createHash('sha256').update(parseJoinCode(code).secret).digest('hex');

/** How long a join code is good for unless head office says otherwise (`--valid-hours`). */
export const DEFAULT_JOIN_CODE_HOURS = 24;

/**
 * Enrols the named PC and makes its one-time code, good for `validHours`; with `ca`, the hub's own
 * CA (a hub on --tls), the printed code carries its fingerprint. A name enrolled before
 * whose PC never joined nor pushed (its code expired, or was lost) gets a new code for the same
 * node instead, and its older codes end.
 */
export async function makeJoinCode(
  pool: pg.Pool,
  name: string,
  validHours: number = DEFAULT_JOIN_CODE_HOURS,
  ca?: HubCa | null,
  /** The codes of the branches the PC serves (it receives only their changes); none: head office, everything. */
  branches: readonly string[] = [],
): Promise<{ nodeId: number; code: string; expiresAt: Date; branches: Array<{ id: number; code: string }> }> {
  if (!Number.isFinite(validHours) || validHours <= 0 || validHours > 24 * 90) {
    throw new HubError('invalid', 'INVALID_INPUT', 'A join code is good for more than 0 and at most 2160 hours (90 days)', { validHours: ['must be 0–2160'] });
  }
  // The branches are known from row_state: every change pushed before now folded into it first.
  if (branches.length > 0) await foldToTop(pool);
  return inTransaction(pool, async (client) => {
    let node = await findNodeByName(client, name.trim());
    if (node && (node.lastSeq > 0 || (await nodeJoined(client, node.id)))) {
      throw new HubError('conflict', 'NODE_NAME_TAKEN', `A node named "${node.name}" is already enrolled and in use (node ${node.id}): give the new PC another name`);
    }
    if (node) await expireJoinCodes(client, node.id);
    else node = await enrollNode(client, name);
    const served = branches.length > 0 ? await setBranchesByCode(client, node.id, branches) : [];
    const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const expiresAt = await insertJoinCode(client, hashOf(raw), node.id, validHours);
    return { nodeId: node.id, code: formatJoinCode(raw, ca?.fingerprint), expiresAt, branches: served };
  });
}

/** `ca`: the hub's own CA when it speaks TLS; with the PC's `publicKey` the answer carries its certificate. */
export async function join(pool: pg.Pool, request: JoinRequest, ca?: HubCa | null): Promise<JoinResponse> {
  const publicKey = ca && request.publicKey !== undefined ? checkedKey(request) : null;
  return inTransaction(pool, async (client) => {
    const secret = await installationSecretOf(client, HEAD_OFFICE_NODES[0]);
    if (!secret) {
      throw new HubError('conflict', 'HEAD_OFFICE_NOT_SYNCED', 'Head office’s PC has not synced with the hub yet: start it with POS_HUB_URL first, then join');
    }
    const node = await spendJoinCode(client, hashOf(request.code));
    if (!node) {
      const expired = await expiredJoinCode(client, hashOf(request.code));
      if (expired) {
        throw new HubError('gone', 'JOIN_CODE_EXPIRED', `This join code expired at ${expired.toISOString().slice(0, 16).replace('T', ' ')} UTC: ask head office for a new one`);
      }
      throw new HubError('forbidden', 'JOIN_CODE_INVALID', 'This join code is not valid or was used already: ask head office for a new one');
    }
    let answer: JoinResponse = { nodeId: node.nodeId, name: node.name, installationSecret: secret, headOffice: [...HEAD_OFFICE_NODES] };
    if (request.rekey) answer = { ...answer, rekey: { replaced: request.rekey.nodeId, commonSeq: await rekey(client, request.rekey, node.nodeId) } };
    if (!ca || !publicKey) return answer;
    const issued = (await certifyClientKey(ca, node.nodeId, publicKey))!;
    await insertCertificate(client, { serial: issued.serial, nodeId: node.nodeId, subject: issued.subject, notAfter: issued.notAfter });
    return { ...answer, certificate: issued.cert, caCertificate: ca.cert };
  });
}

/**
 * The code's new node takes over from a PC's old node (its store went back: a restored backup).
 * Under the push lock: the old node's entries after `after` that the hub holds with the very times
 * the PC still has are the PC's own; the first that differs (or is missing) is where the store went
 * back. The new node starts after the last common entry, the old one is refused from now on.
 */
async function rekey(client: pg.PoolClient, request: NonNullable<JoinRequest['rekey']>, newNode: number): Promise<number> {
  await lockPushes(client);
  const old = await findNodeForUpdate(client, request.nodeId);
  if (!old) throw new HubError('forbidden', 'NODE_NOT_ENROLLED', `Node ${request.nodeId} is not enrolled at this hub: there is nothing to re-key`);
  if ((HEAD_OFFICE_NODES as readonly number[]).includes(old.id)) {
    throw new HubError('conflict', 'HEAD_OFFICE_REKEY', `Node ${old.id} is head office’s PC, whose master data every PC takes: it cannot be re-keyed (restore head office from its latest backup instead)`);
  }
  if (old.replacedBy !== null) throw new HubError('conflict', 'NODE_REPLACED', `Node ${old.id} was re-keyed already (as node ${old.replacedBy})`);
  if (request.after > old.lastSeq) {
    throw new HubError('conflict', 'SEQUENCE_GAP', `The hub holds node ${old.id}'s entries up to ${old.lastSeq} only, the PC counts ${request.after} as sent`);
  }
  const pruned = await prunedUpto(client);
  if (request.pulled !== undefined && request.pulled < pruned) throw logPruned(old.id, request.pulled, pruned);
  const held = await heldTimes(client, old.id, request.after, request.hlcs.length);
  // The hub holds a node's entries without a gap until retention removes the oldest: one missing
  // after `after` was removed, and what the PC holds of it can no longer be compared.
  if (old.lastSeq > request.after && request.hlcs.length > 0 && held[0]?.seq !== request.after + 1) {
    throw new HubError(
      'gone',
      'LOG_PRUNED',
      `The hub no longer holds node ${old.id}'s entries after ${request.after} (every PC had them, and they were archived): this store is older than that and cannot be re-keyed. Join this PC again with a new join code (npm run setup -- --join)`,
    );
  }
  let common = request.after;
  for (const [i, entry] of held.entries()) {
    if (entry.seq !== request.after + i + 1 || entry.hlc !== request.hlcs[i]) break;
    common = entry.seq;
  }
  await replaceNode(client, old.id, newNode, common);
  return common;
}

/** The PC's public key, refused in words (nothing spent) unless P-256 and signed for this code. */
function checkedKey(request: JoinRequest): string {
  const key = p256PublicKey(request.publicKey!);
  if (!key) throw new HubError('invalid', 'JOIN_KEY_INVALID', 'The PC’s public key is not valid: it must be an ECDSA P-256 key (SPKI PEM), as npm run setup -- --join makes it');
  const signed = request.proof !== undefined && verify('sha256', Buffer.from(joinProofText(request.code)), key, Buffer.from(request.proof, 'base64'));
  if (!signed) throw new HubError('invalid', 'JOIN_KEY_PROOF', 'The PC did not prove it holds the key it sent (proof missing or wrong): run npm run setup -- --join again');
  return request.publicKey!;
}
