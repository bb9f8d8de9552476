/**
 * Joining a new PC to the company (issue 15): head office makes a one-time code for a named PC
 * (the node is enrolled then, so its number is fixed); the PC spends the code once and learns its
 * node number and the company's installation secret (ENC ids read the same on every PC), taken
 * from what head office's node (node 1) has pushed. Only the code's SHA-256 is kept.
 */
import { createHash, randomInt } from 'node:crypto';
import type pg from 'pg';
import type { JoinResponse } from '../../shared/sync.js';
import { HubError } from '../errors.js';
import { installationSecretOf, insertJoinCode, spendJoinCode } from '../store/join-code.js';
import { inTransaction } from '../store/transaction.js';
import { enrollNode } from './nodes.js';

/** Head office's node: the store made by `npm run setup` (not --join) and enrolled first. */
export const HEAD_OFFICE_NODES = [1] as const;

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const hashOf = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

export async function makeJoinCode(pool: pg.Pool, name: string): Promise<{ nodeId: number; code: string }> {
  const node = await enrollNode(pool, name);
  const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  await insertJoinCode(pool, hashOf(raw), node.id);
  return { nodeId: node.id, code: `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}` };
}

export async function join(pool: pg.Pool, code: string): Promise<JoinResponse> {
  return inTransaction(pool, async (client) => {
    const secret = await installationSecretOf(client, HEAD_OFFICE_NODES[0]);
    if (!secret) {
      throw new HubError('conflict', 'HEAD_OFFICE_NOT_SYNCED', 'Head office’s PC has not synced with the hub yet: start it with POS_HUB_URL first, then join');
    }
    const node = await spendJoinCode(client, hashOf(code));
    if (!node) throw new HubError('forbidden', 'JOIN_CODE_INVALID', 'This join code is not valid or was used already: ask head office for a new one');
    return { nodeId: node.nodeId, name: node.name, installationSecret: secret, headOffice: [...HEAD_OFFICE_NODES] };
  });
}
