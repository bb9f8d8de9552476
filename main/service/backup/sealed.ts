/**
 * The encrypted backup file (issue 14): a backup written outside the data folder (a USB drive, a
 * network share) is sealed with AES-256-GCM under a key derived from the store's backup passphrase
 * by scrypt (node:crypto only).
 *
 *   offset  bytes  what
 *   0       8      magic "OPOSBAK\0"
 *   8       1      format version (1)
 *   9       1      scrypt log2(N)
 *   10      1      scrypt r
 *   11      1      scrypt p
 *   12      16     scrypt salt
 *   28      12     GCM iv (random per file)
 *   40      16     key check: SHA-256("optical-pos backup key check" ‖ key), first 16 bytes
 *   56      8      header sum: SHA-256 of bytes 0–55, first 8 bytes
 *   64      …      ciphertext of the SQLite file
 *   end-16  16     GCM tag
 *
 * The whole header is the cipher's additional authenticated data, so a changed byte anywhere, header
 * or body, fails the tag. The header sum catches a changed header before the key is derived, and
 * the key check then tells a wrong passphrase from a damaged body, so each is refused in its own
 * words (a forger who fixes the sum still meets the tag). Decryption streams to a temporary file that is used only once the tag
 * has been checked, and deleted otherwise.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, openSync, readSync, rmSync } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_MODE } from '../db/database.js';
import { KDF_LOG_N } from '../kdf-cost.js';

export const MAGIC = Buffer.from('OPOSBAK\0', 'latin1');
const VERSION = 1;
export const HEADER_BYTES = 64;
const TAG_BYTES = 16;

export interface KdfParams {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
}

/** scrypt's cost (kdf-cost.ts: 2^15, r = 8; lower in the test runs only). A file's header carries its cost, so either file restores either way. */
export const DEFAULT_KDF = { logN: KDF_LOG_N, r: 8, p: 1 } as const;
/** The most a file's header may ask of scrypt (2^18 × r 8: 256 MiB), so a crafted file cannot exhaust memory. */
const MAX_LOG_N = 18;

export function deriveKey(passphrase: string, kdf: KdfParams): Buffer {
  const N = 2 ** kdf.logN;
  return scryptSync(passphrase.normalize('NFC'), kdf.salt, 32, { N, r: kdf.r, p: kdf.p, maxmem: 256 * N * kdf.r + 16 * 1024 * 1024 });
}

export function keyCheck(key: Buffer): Buffer {
  return createHash('sha256').update('optical-pos backup key check').update(key).digest().subarray(0, 16);
}

/** A refusal of a backup file, in words for the manager. */
export class BackupFileError extends Error {
  constructor(
    readonly code: 'NOT_A_BACKUP' | 'WRONG_PASSPHRASE' | 'DAMAGED' | 'NEEDS_PASSPHRASE' | 'NEWER_FORMAT',
    message: string,
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

const headerSum = (first56: Buffer) => createHash('sha256').update(first56).digest().subarray(0, 8);

function header(kdf: KdfParams, iv: Buffer, key: Buffer): Buffer {
  const first = Buffer.concat([MAGIC, Buffer.from([VERSION, kdf.logN, kdf.r, kdf.p]), kdf.salt, iv, keyCheck(key)]);
  return Buffer.concat([first, headerSum(first)]);
}

/** Whether a file starts like a sealed backup (otherwise it should be a plain SQLite file). */
export function isSealed(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    return readSync(fd, start, 0, start.length, 0) === start.length && start.equals(MAGIC);
  } finally {
    closeSync(fd);
  }
}

/** Encrypts `plainFile` into `sealedFile` (made 0600, must not exist) with `key` (derived with `kdf`). */
export async function seal(plainFile: string, sealedFile: string, key: Buffer, kdf: KdfParams): Promise<void> {
  const iv = randomBytes(12);
  const head = header(kdf, iv, key);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  const out = createWriteStream(sealedFile, { flags: 'wx', mode: FILE_MODE });
  out.write(head);
  await pipeline(createReadStream(plainFile), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).once('error', reject));
}

function readHeader(file: string): { kdf: KdfParams; iv: Buffer; check: Buffer; head: Buffer; size: number } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(HEADER_BYTES);
    const got = readSync(fd, head, 0, HEADER_BYTES, 0);
    if (got < MAGIC.length || !head.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new BackupFileError('NOT_A_BACKUP', `${file} is not an Optical POS backup.`);
    }
    if (head[8]! > VERSION) throw new BackupFileError('NEWER_FORMAT', `${file} was written by a newer Optical POS: update the app to read it.`);
    if (got < HEADER_BYTES || size <= HEADER_BYTES + TAG_BYTES || head[8] !== VERSION || head[9]! < 10 || head[9]! > MAX_LOG_N || head[10] === 0 || head[10]! > 16 || head[11] === 0 || head[11]! > 4 || !headerSum(head.subarray(0, 56)).equals(head.subarray(56, 64))) {
      throw new BackupFileError('DAMAGED', `${file} is damaged (its header is cut short or changed): it cannot be used.`);
    }
    return {
      kdf: { logN: head[9]!, r: head[10]!, p: head[11]!, salt: Buffer.from(head.subarray(12, 28)) },
      iv: Buffer.from(head.subarray(28, 40)),
      check: Buffer.from(head.subarray(40, 56)),
      head,
      size,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * Decrypts `sealedFile` with the key its header's scrypt parameters give (`keyFor`), into `plainFile`
 * (0600, must not exist) or, without one, only to check it. Answers the SHA-256 of the plain bytes.
 * A wrong key, or any byte changed, is refused with a BackupFileError and leaves no plain file behind.
 */
export async function unseal(sealedFile: string, keyFor: (kdf: KdfParams) => Buffer, plainFile?: string): Promise<string> {
  const { kdf, iv, check, head, size } = readHeader(sealedFile);
  const key = keyFor(kdf);
  if (!timingSafeEqual(keyCheck(key), check)) {
    throw new BackupFileError('WRONG_PASSPHRASE', 'The backup passphrase is wrong for this file (or the file is from another store).');
  }
  const tagFd = openSync(sealedFile, 'r');
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    readSync(tagFd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    closeSync(tagFd);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(head);
  decipher.setAuthTag(tag);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, plainFile ? chunk : undefined);
    },
  });
  try {
    const body = createReadStream(sealedFile, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
    if (plainFile) await pipeline(body, decipher, hashing, createWriteStream(plainFile, { flags: 'wx', mode: FILE_MODE }));
    else await pipeline(body, decipher, hashing, new Writable({ write: (_c, _e, done) => done() }));
  } catch (err) {
    if (plainFile) rmSync(plainFile, { force: true });
    if (err instanceof Error && /auth|tag/i.test(err.message)) {
      throw new BackupFileError('DAMAGED', `${sealedFile} has been changed or damaged since it was written (its seal does not match): it cannot be used.`);
    }
    throw err;
  }
  return hash.digest('hex');
}

/** The key for a sealed file from a passphrase typed at restore. */
export const fromPassphrase = (passphrase: string) => (kdf: KdfParams) => deriveKey(passphrase, kdf);
