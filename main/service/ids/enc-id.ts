/**
 * ENC ids: the only form in which a row id leaves the service.
 *
 * One AES-256 block holds [version, entity tag, 8-byte id, 6-byte MAC]. Encrypting a single
 * block with a fixed key is a keyed permutation, so the same id always gives the same string
 * (clients may compare and cache them), nothing about the number shows, and the MAC inside the
 * block makes any changed character decode to garbage that fails the check (2^-48 odds of a
 * forgery passing). The keys derive from a secret generated once per installation.
 */
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { ENC_PREFIX } from '../../../shared/contract/primitives.js';
import { ENTITY_TAGS, type Entity } from './entities.js';

const VERSION = 1;
const ENCODED_LENGTH = 22; // 16 bytes in unpadded base64url
const BASE64URL = /^[A-Za-z0-9_-]{22}$/;
/** Ids remembered in both directions together before all are forgotten (about 10 MB at most). */
const REMEMBERED = 100_000;

export type DecodeFailure = 'malformed' | 'forged' | 'wrong-kind';

export class EncIdError extends Error {
  constructor(
    readonly reason: DecodeFailure,
    readonly expected: Entity,
  ) {
    super(reason === 'wrong-kind' ? `Not a ${expected} id` : `Not a valid ${expected} id`);
  }
}

export interface EncIds {
  encode(entity: Entity, id: number): string;
  encodeNullable(entity: Entity, id: number | null | undefined): string | null;
  /** Throws EncIdError; callers turn it into a 400 naming the field (see http/errors.ts). */
  decode(entity: Entity, value: string): number;
}

export function encIds(keys: { cipherKey: Buffer; macKey: Buffer }, limit = REMEMBERED): EncIds {
  const mac = (head: Buffer) => createHmac('sha256', keys.macKey).update(head).digest().subarray(0, 6);
  // Both directions are pure functions of the keys, so each is remembered: a list encodes the
  // same customers and items again and again, and every request's token decodes the same four
  // ids. A string is remembered only once it has decoded, so it is genuine. One map per kind,
  // keyed by the number or the string itself (no key to build per call: a list of 500 orders
  // encodes 1,000 ids); all forgotten at once past `limit`.
  const encoded = new Map<Entity, Map<number, string>>();
  const decoded = new Map<Entity, Map<string, number>>();
  let remembered = 0;
  const remember = <K, V>(maps: Map<Entity, Map<K, V>>, entity: Entity, key: K, value: V) => {
    if (remembered >= limit) {
      encoded.clear();
      decoded.clear();
      remembered = 0;
    }
    let map = maps.get(entity);
    if (!map) maps.set(entity, (map = new Map<K, V>()));
    map.set(key, value);
    remembered++;
  };

  function encode(entity: Entity, id: number): string {
    const hit = encoded.get(entity)?.get(id);
    if (hit !== undefined) return hit;
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Cannot encode id ${id}`);
    const block = Buffer.alloc(16);
    block[0] = VERSION;
    block[1] = ENTITY_TAGS[entity];
    block.writeBigUInt64BE(BigInt(id), 2);
    mac(block.subarray(0, 10)).copy(block, 10);
    const cipher = createCipheriv('aes-256-ecb', keys.cipherKey, null).setAutoPadding(false);
    const text = ENC_PREFIX + Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
    remember(encoded, entity, id, text);
    return text;
  }

  function decode(entity: Entity, value: string): number {
    if (typeof value !== 'string' || !value.startsWith(ENC_PREFIX)) throw new EncIdError('malformed', entity);
    const known = decoded.get(entity)?.get(value);
    if (known !== undefined) return known;
    const body = value.slice(ENC_PREFIX.length);
    if (body.length !== ENCODED_LENGTH || !BASE64URL.test(body)) throw new EncIdError('malformed', entity);
    const bytes = Buffer.from(body, 'base64url');
    // The last character of 22 carries 2 spare bits; a string that differs only there would
    // decode to the same block, so insist on the canonical spelling.
    if (bytes.toString('base64url') !== body) throw new EncIdError('malformed', entity);
    const decipher = createDecipheriv('aes-256-ecb', keys.cipherKey, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(bytes), decipher.final()]);
    if (block[0] !== VERSION || !timingSafeEqual(mac(block.subarray(0, 10)), block.subarray(10))) {
      throw new EncIdError('forged', entity);
    }
    if (block[1] !== ENTITY_TAGS[entity]) throw new EncIdError('wrong-kind', entity);
    const id = block.readBigUInt64BE(2);
    if (id > BigInt(Number.MAX_SAFE_INTEGER)) throw new EncIdError('forged', entity);
    remember(decoded, entity, value, Number(id));
    return Number(id);
  }

  return {
    encode,
    encodeNullable: (entity, id) => (id === null || id === undefined ? null : encode(entity, id)),
    decode,
  };
}
