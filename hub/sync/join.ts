/**
 * Joining a new PC to the company (issue 15): head office makes a one-time code for a named PC
 * (the node is enrolled then, so its number is fixed); the PC spends the code once and learns its
 * node number and the company's installation secret (ENC ids read the same on every PC), taken
 * from what head office's node (node 1) has pushed. Only the code's SHA-256 is kept.
 *
 * On a hub with its own CA the printed code also carries the CA's fingerprint (shared/sync.ts
 * formatJoinCode), and a PC that sends the public key it made is answered its client certificate
 * and the CA, in the same transaction that spends the code: the private key stays on the PC.
 */
import { createHash, randomInt, verify } from 'node:crypto';
import type pg from 'pg';
import { formatJoinCode, joinProofText, parseJoinCode, type JoinRequest, type JoinResponse } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { insertCertificate } from '../store/certificate.js';
import { installationSecretOf, insertJoinCode, spendJoinCode } from '../store/join-code.js';
import { inTransaction } from '../store/transaction.js';
import { certifyClientKey, p256PublicKey, type HubCa } from '../tls/ca.js';
import { enrollNode } from './nodes.js';

/** Head office's node: the store made by `npm run setup` (not --join) and enrolled first. */
export const HEAD_OFFICE_NODES = [1] as const;

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const hashOf = (code: string) => createHash('sha256').update(parseJoinCode(code).secret).digest('hex');

/** `ca`: the hub's own CA, whose fingerprint the printed code then carries (a hub on --tls). */
export async function makeJoinCode(pool: pg.Pool, name: string, ca?: HubCa | null): Promise<{ nodeId: number; code: string }> {
  const node = await enrollNode(pool, name);
  const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  await insertJoinCode(pool, hashOf(raw), node.id);
  return { nodeId: node.id, code: formatJoinCode(raw, ca?.fingerprint) };
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
    if (!node) throw new HubError('forbidden', 'JOIN_CODE_INVALID', 'This join code is not valid or was used already: ask head office for a new one');
    const answer: JoinResponse = { nodeId: node.nodeId, name: node.name, installationSecret: secret, headOffice: [...HEAD_OFFICE_NODES] };
    if (!ca || !publicKey) return answer;
    const issued = (await certifyClientKey(ca, node.nodeId, publicKey))!;
    await insertCertificate(client, { serial: issued.serial, nodeId: node.nodeId, subject: issued.subject, notAfter: issued.notAfter });
    return { ...answer, certificate: issued.cert, caCertificate: ca.cert };
  });
}

/** The PC's public key, refused in words (nothing spent) unless P-256 and signed for this code. */
function checkedKey(request: JoinRequest): string {
  const key = p256PublicKey(request.publicKey!);
  if (!key) throw new HubError('invalid', 'JOIN_KEY_INVALID', 'The PC’s public key is not valid: it must be an ECDSA P-256 key (SPKI PEM), as npm run setup -- --join makes it');
  const signed = request.proof !== undefined && verify('sha256', Buffer.from(joinProofText(request.code)), key, Buffer.from(request.proof, 'base64'));
  if (!signed) throw new HubError('invalid', 'JOIN_KEY_PROOF', 'The PC did not prove it holds the key it sent (proof missing or wrong): run npm run setup -- --join again');
  return request.publicKey!;
}
