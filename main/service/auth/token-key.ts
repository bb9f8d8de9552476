/**
 * The key that signs sign-in tokens (issue 14). It used to be derived from the installation secret
 * kept inside the store file, so anyone who could read a copy of the store (a backup, a USB stick)
 * could mint a 10-year admin token. It now lives in its own file, `token.key` in the data folder,
 * 0600, never in the store or its backups. A new key signs everyone out: delete the file and
 * restart to do so on purpose.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TOKEN_KEY_FILE = 'token.key';

/** The data folder's token key, made (random, 0600) on first use and its mode repaired. */
export function tokenKey(dataDir: string): Uint8Array {
  const file = path.join(dataDir, TOKEN_KEY_FILE);
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  if (process.platform !== 'win32' && (statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} does not hold a token key: delete it and start again (everyone signs in again).`);
  return new Uint8Array(key);
}
