/**
 * Coded errors (issue 13), the bottom of the service: a rule anywhere — a domain area, a store
 * module, a document — refuses with a kind and a stable code, in words a cashier understands. It
 * never decides an HTTP status: one table at the edge (http/errors.ts) turns kinds into statuses,
 * as Fastify's `FST_ERR_*` errors carry a code and their status is mapped once.
 *
 * Codes are stable: a client may act on them (PRICE_APPROVAL_REQUIRED offers the manager's
 * approval at the till). A refusal with no particular code gets its kind's code (INVALID_INPUT …).
 * This module imports nothing from the service.
 */

export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-many' | 'unavailable';

/** Field path (e.g. `customerModel.mobile`) to the messages for that field. */
export type FieldErrors = Record<string, string[]>;

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    /** For 'too-many': when the caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The code a refusal of each kind carries when its rule names none. */
export const KIND_CODES: Record<ErrorKind, string> = {
  invalid: 'INVALID_INPUT',
  unauthenticated: 'NOT_SIGNED_IN',
  forbidden: 'NOT_ALLOWED',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'too-many': 'TOO_MANY_ATTEMPTS',
  unavailable: 'UNAVAILABLE',
};

/** Bad input: names the field(s) it refuses. */
export const invalid = (message: string, errors?: FieldErrors, code = KIND_CODES.invalid) => new ServiceError('invalid', code, message, errors);
/** No valid sign-in. */
export const unauthenticated = (message: string, code = KIND_CODES.unauthenticated) => new ServiceError('unauthenticated', code, message);
/** Signed in, but the role or branch does not own this. */
export const forbidden = (message: string, errors?: FieldErrors, code = KIND_CODES.forbidden) => new ServiceError('forbidden', code, message, errors);
/** No such record (or none this user may see). */
export const notFound = (message: string, code = KIND_CODES['not-found']) => new ServiceError('not-found', code, message);
/** The record's state does not allow it (already saved, already cancelled, not enough stock …). */
export const conflict = (message: string, code = KIND_CODES.conflict) => new ServiceError('conflict', code, message);
/** Too many attempts: try again after the given seconds. */
export const tooMany = (message: string, retryAfterSeconds: number, code = KIND_CODES['too-many']) =>
  new ServiceError('too-many', code, message, undefined, retryAfterSeconds);
/** The service cannot answer now (a read stopped, a worker lost); not the caller's fault. */
export const unavailable = (message: string, code = KIND_CODES.unavailable) => new ServiceError('unavailable', code, message);

/** An id that failed to decode, named by the field it came in. */
export function invalidId(field: string, reason: string): ServiceError {
  return invalid(`Invalid identifier: ${field}`, { [field]: [reason] }, 'INVALID_ID');
}

/**
 * What the store's file answered, as a refusal a cashier understands (issue 14): a full disk, a
 * read-only file, an I/O error or a file held by another program is not the request's fault and
 * nothing of it was written (the command's transaction rolled back). null for anything else.
 * Recognised by SQLite's extended result codes as better-sqlite3 names them.
 */
export function storeFault(err: unknown): ServiceError | null {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  if (!code.startsWith('SQLITE_')) return null;
  if (code === 'SQLITE_FULL') return unavailable('The disk is full: nothing was saved. Free some space on the computer, then try again.', 'STORE_FULL');
  if (code.startsWith('SQLITE_READONLY')) return unavailable('The store cannot be written (a read-only disk or file): nothing was saved. Call support.', 'STORE_READ_ONLY');
  if (code.startsWith('SQLITE_IOERR')) return unavailable('The disk could not be read or written: nothing was saved. Try again; if it keeps happening, call support.', 'STORE_IO_ERROR');
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return unavailable('The store is busy (another program is using its file): nothing was saved. Try again in a moment.', 'STORE_BUSY');
  if (code.startsWith('SQLITE_CANTOPEN')) return unavailable('The store’s file cannot be opened: nothing was saved. Call support.', 'STORE_UNAVAILABLE');
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return unavailable('The store’s file is damaged: nothing was saved. Call support before going on.', 'STORE_DAMAGED');
  return null;
}

/**
 * What the computer's file system answered a file the service writes or reads besides the store
 * (a log, a logo, a backup, a temporary file), as a refusal a cashier understands: Node's errno
 * codes for a full, read-only or failing disk, too many open files, a file another program holds
 * or the service may not touch. Not the request's fault, so a coded 503, never a 500. null for
 * anything else.
 */
export function fileFault(err: unknown): ServiceError | null {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return unavailable('The disk is full. Free some space on the computer, then try again.', 'DISK_FULL');
    case 'EROFS':
      return unavailable('The disk cannot be written (it is read-only). Call support.', 'DISK_READ_ONLY');
    case 'EIO':
      return unavailable('The disk could not be read or written. Try again; if it keeps happening, call support.', 'DISK_IO_ERROR');
    case 'EMFILE':
    case 'ENFILE':
      return unavailable('Too many files are open on this computer. Try again in a moment; if it keeps happening, restart the app.', 'TOO_MANY_OPEN_FILES');
    case 'EBUSY':
      return unavailable('A file the app needs is held by another program. Try again in a moment.', 'FILE_BUSY');
    case 'EACCES':
    case 'EPERM':
      return unavailable('The app may not open a file it needs (permissions). Call support.', 'FILE_NOT_ALLOWED');
    default:
      return null;
  }
}

/** A fault of the store's file or of any other file, as a coded refusal; null for anything else. */
export const systemFault = (err: unknown): ServiceError | null => storeFault(err) ?? fileFault(err);
