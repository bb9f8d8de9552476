/**
 * The service's log (issue 14): pino, one JSON line per event, to `logs/service.log` in the data
 * folder, 0600. Logged: start, every 5xx with its request id, code and stack, and refusals (4xx)
 * by code. Never bodies, tokens, the service key or a request's query (a mobile could be in it):
 * a request is named by its method and route pattern. At start a log past 5 MiB is rotated,
 * keeping five older files.
 *
 * The log never takes a request down: a line the disk will not take (full, read-only, an I/O
 * error) is dropped and counted, and the next line that can be written is preceded by one saying
 * how many were dropped and why. Writing stays synchronous, so a line that was written is on disk
 * before the answer goes out.
 */
import { closeSync, existsSync, fchmodSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

export const LOG_FILE = path.join('logs', 'service.log');
const ROTATE_AT = 5 * 1024 * 1024;
const KEPT = 5;

function rotate(file: string): void {
  if (!existsSync(file) || statSync(file).size < ROTATE_AT) return;
  rmSync(`${file}.${KEPT}`, { force: true });
  for (let n = KEPT - 1; n >= 1; n--) if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
  renameSync(file, `${file}.1`);
}

/** How long a destination that could not open its file waits before trying again. */
const REOPEN_AFTER_MS = 1000;

/**
 * A pino destination over a file that swallows write faults. pino (and its sync sonic-boom
 * destination) throws what writeSync throws — ENOSPC on a full disk — into whatever was logging,
 * which was a request's error handler: the request answered 500. This one counts what it could not
 * write and says so once it can.
 */
export class FaultTolerantFile {
  private fd: number | null = null;
  private triedAt = 0;
  /** Lines dropped since the last line written, and the last reason (an errno code). */
  private dropped = 0;
  private reason = '';
  /** A line was cut short by the fault: the next write starts a fresh line. */
  private broken = false;

  constructor(readonly file: string) {
    this.open();
  }

  /** Lines dropped and not yet reported in the file. */
  get droppedLines(): number {
    return this.dropped;
  }

  private open(): void {
    this.triedAt = Date.now();
    try {
      const fd = openSync(this.file, 'a', 0o600);
      // Private, as the store; only a regular file (the log may be a link to a device or a pipe).
      if (process.platform !== 'win32' && fstatSync(fd).isFile()) fchmodSync(fd, 0o600);
      this.fd = fd;
    } catch (err) {
      this.reason = errnoCode(err);
    }
  }

  /** Writes all of `bytes`, or throws what the disk answered. */
  private writeAll(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      const n = writeSync(this.fd!, bytes, at, bytes.length - at);
      if (n > 0) this.broken = true;
      at += n;
    }
    this.broken = false;
  }

  write(line: string): void {
    if (this.fd === null && Date.now() - this.triedAt >= REOPEN_AFTER_MS) this.open();
    if (this.fd === null) {
      this.drop(this.reason || 'ENOENT');
      return;
    }
    try {
      const head = this.broken ? '\n' : '';
      if (this.dropped > 0) {
        const notice = { level: 40, time: Date.now(), pid: process.pid, droppedLines: this.dropped, reason: this.reason, msg: 'log lines dropped: the log file could not be written' };
        this.writeAll(Buffer.from(`${head}${JSON.stringify(notice)}\n`));
        this.dropped = 0;
        this.writeAll(Buffer.from(line));
      } else {
        this.writeAll(Buffer.from(head + line));
      }
    } catch (err) {
      this.drop(errnoCode(err));
    }
  }

  private drop(reason: string): void {
    this.dropped++;
    this.reason = reason;
  }

  /** pino's final flush: nothing is buffered. */
  flushSync(): void {}

  end(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // A close that fails loses nothing more: every line was written or counted.
      }
      this.fd = null;
    }
  }
}

const errnoCode = (err: unknown): string => (typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : 'UNKNOWN');

/** A logger writing to the data folder's log file, created private; see FaultTolerantFile. */
export function fileLogger(dataDir: string, level = 'info'): Logger {
  const file = path.join(dataDir, LOG_FILE);
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    rotate(file);
  } catch {
    // A log folder that cannot be made or rotated never stops the service: lines are counted as dropped.
  }
  const destination = new FaultTolerantFile(file);
  return pino(
    { level, base: { pid: process.pid }, redact: { paths: ['req.headers.authorization', 'req.headers["x-pos-service-key"]', 'password', 'token'], censor: '[hidden]' } },
    destination,
  );
}
