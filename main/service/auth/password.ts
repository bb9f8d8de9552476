/**
 * Password hashing with scrypt from node:crypto (no native dependency). The stored form carries
 * its own parameters, so they can be raised later without breaking existing users.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { extend } from '../../../shared/extend.js';
import { KDF_LOG_N } from '../kdf-cost.js';

/** scrypt's cost for new hashes (kdf-cost.ts): N = 2^15, r = 8, about 0.1-0.2 s; lower in the test runs only. */
const PARAMS = { N: 2 ** KDF_LOG_N, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, extend(options, { maxmem: 128 * 1024 * 1024 }), (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  const want = Buffer.from(expected, 'base64');
  return key.length === want.length && timingSafeEqual(key, want);
}

/**
 * Checked against when the user name does not exist, so that a wrong name costs the same
 * time as a wrong password and response times do not reveal which user names exist.
 */
export const decoyHash = hashPassword('decoy-password-never-matches');
