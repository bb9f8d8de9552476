/**
 * The desktop app keeps the token signing key sealed by the operating system (issue 14): Electron's
 * safeStorage encrypts it with a key held by the OS keychain (DPAPI on Windows, the Keychain on
 * macOS, libsecret/kwallet on Linux), so a copy of the data folder — a backup, a stolen disk image —
 * carries no key that mints sign-in tokens. `token.key.sealed` in the data folder, 0600.
 *
 * Where the OS offers no keychain (safeStorage unavailable, or Linux's plain-text fallback), the
 * key stays in the 0600 `token.key` file the service makes, exactly as under `npm run serve`.
 * A key the service made before is sealed and its plain file removed, so nobody is signed out.
 *
 * Written against a small port rather than Electron's module, so plain Node tests run it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_KEY_FILE } from '../service/auth/token-key.js';

export const SEALED_TOKEN_KEY_FILE = 'token.key.sealed';

/** What this needs of Electron's safeStorage. */
export interface Sealer {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text' means no keychain, just an obfuscation Electron admits is not one. */
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

export class TokenKeyError extends Error {
  override name = 'TokenKeyError';
}

/**
 * The token key for the service, from the sealed file (made or migrated as needed), or null when
 * this OS cannot seal it (the service then keeps its 0600 token.key file).
 */
export function sealedTokenKey(dataDir: string, sealer: Sealer): Uint8Array | null {
  if (!sealer.isEncryptionAvailable() || sealer.getSelectedStorageBackend?.() === 'basic_text') return null;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const sealedFile = path.join(dataDir, SEALED_TOKEN_KEY_FILE);
  const plainFile = path.join(dataDir, TOKEN_KEY_FILE);
  if (existsSync(sealedFile)) {
    let text: string;
    try {
      text = sealer.decryptString(readFileSync(sealedFile));
    } catch {
      throw new TokenKeyError(
        `${sealedFile} cannot be opened by this Windows/macOS/Linux account (was the data folder copied from another PC or user?). Delete it to make a new key: everyone signs in again.`,
      );
    }
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length < 32) throw new TokenKeyError(`${sealedFile} does not hold a token key: delete it to make a new one (everyone signs in again).`);
    // A plain key left by a run that sealed it but stopped before removing it.
    rmSync(plainFile, { force: true });
    return new Uint8Array(key);
  }
  const key = existsSync(plainFile) ? Buffer.from(readFileSync(plainFile, 'utf8').trim(), 'base64') : randomBytes(32);
  if (key.length < 32) throw new TokenKeyError(`${plainFile} does not hold a token key: delete it and start again (everyone signs in again).`);
  const sealed = sealer.encryptString(key.toString('base64'));
  // Read back before the plain copy goes: a key that cannot be unsealed must not be the only one.
  if (sealer.decryptString(sealed) !== key.toString('base64')) throw new TokenKeyError('The operating system could not seal the token key.');
  writeFileSync(sealedFile, sealed, { mode: 0o600, flag: 'wx' });
  if (process.platform !== 'win32') chmodSync(sealedFile, 0o600);
  rmSync(plainFile, { force: true });
  return new Uint8Array(key);
}
