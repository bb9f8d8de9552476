/**
 * Issue 14: the desktop app keeps the token signing key sealed by the OS keychain (Electron's
 * safeStorage, here a stand-in with the same shape), migrates a plain key without signing anyone
 * out, and leaves the plain 0600 file where the OS cannot seal.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sealedTokenKey, SEALED_TOKEN_KEY_FILE, TokenKeyError, type Sealer } from '../../main/electron/token-key-store.js';
import { startServer } from '../../main/service/server.js';
import { api } from '../../shared/endpoints/index.js';
import { createClient } from '../../shared/client.js';
import { tokenKey, TOKEN_KEY_FILE } from '../../main/service/auth/token-key.js';

/** Seals by XOR with this "account's" byte, so another account cannot open it. */
const keychain = (account: number, backend = 'gnome_libsecret'): Sealer => ({
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => backend,
  encryptString: (plain) => Buffer.concat([Buffer.from('SEAL'), Buffer.from(plain).map((b) => b ^ account)]),
  decryptString: (sealed) => {
    if (sealed.subarray(0, 4).toString() !== 'SEAL') throw new Error('not sealed');
    const text = Buffer.from(sealed.subarray(4).map((b) => b ^ account)).toString();
    if (!/^[A-Za-z0-9+/=]+$/.test(text)) throw new Error('wrong account');
    return text;
  },
});
const folder = () => mkdtempSync(path.join(os.tmpdir(), 'pos-token-key-'));

test('a new key is made sealed (0600), never written plain, and the same key comes back', () => {
  const dir = folder();
  try {
    const key = sealedTokenKey(dir, keychain(7))!;
    assert.equal(key.length, 32);
    assert.ok(!existsSync(path.join(dir, TOKEN_KEY_FILE)), 'no plain key file');
    const sealed = readFileSync(path.join(dir, SEALED_TOKEN_KEY_FILE));
    assert.ok(!sealed.includes(Buffer.from(Buffer.from(key).toString('base64'))), 'the file does not hold the key in the clear');
    if (process.platform !== 'win32') assert.equal(statSync(path.join(dir, SEALED_TOKEN_KEY_FILE)).mode & 0o777, 0o600);
    assert.deepEqual(sealedTokenKey(dir, keychain(7)), key);
    assert.throws(() => sealedTokenKey(dir, keychain(9)), (err: unknown) => err instanceof TokenKeyError && /another PC or user/.test(err.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a plain key the service made is sealed and removed: the same key, so nobody is signed out', () => {
  const dir = folder();
  try {
    const plain = tokenKey(dir);
    const key = sealedTokenKey(dir, keychain(3))!;
    assert.deepEqual(key, plain);
    assert.ok(!existsSync(path.join(dir, TOKEN_KEY_FILE)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a keychain (or with Linux’s plain-text fallback) the key stays in the 0600 token.key', () => {
  const dir = folder();
  try {
    writeFileSync(path.join(dir, 'keep'), '');
    assert.equal(sealedTokenKey(dir, { ...keychain(1), isEncryptionAvailable: () => false }), null);
    assert.equal(sealedTokenKey(dir, keychain(1, 'basic_text')), null);
    assert.ok(!existsSync(path.join(dir, SEALED_TOKEN_KEY_FILE)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the service signs with the key it is given and writes no token.key; another key does not accept its tokens', async () => {
  const dir = folder();
  const key = sealedTokenKey(dir, keychain(5))!;
  let server = await startServer({ dataDir: dir, port: 0, tokenKey: key });
  try {
    const { token } = await createClient({ baseUrl: server.url }).call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
    const client = (url: string) => createClient({ baseUrl: url, getToken: () => token });
    assert.ok((await client(server.url).call(api.Account.userDetails, {})).userName);
    assert.ok(!existsSync(path.join(dir, TOKEN_KEY_FILE)));
    await server.close();
    server = await startServer({ dataDir: dir, port: 0 });
    await assert.rejects(client(server.url).call(api.Account.userDetails, {}), (err: { status?: number }) => err.status === 401);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
