/**
 * The service's log (issue 14): pino, one JSON line per event, to `logs/service.log` in the data
 * folder, 0600. Logged: start, every 5xx with its request id, code and stack, and refusals (4xx)
 * by code. Never bodies, tokens, the service key or a request's query (a mobile could be in it):
 * a request is named by its method and route pattern. At start a log past 5 MiB is rotated,
 * keeping five older files.
 */
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
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

/** A logger writing to the data folder's log file, created private. */
export function fileLogger(dataDir: string, level = 'info'): Logger {
  const file = path.join(dataDir, LOG_FILE);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  rotate(file);
  const destination = pino.destination({ dest: file, sync: true, mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  return pino(
    { level, base: { pid: process.pid }, redact: { paths: ['req.headers.authorization', 'req.headers["x-pos-service-key"]', 'password', 'token'], censor: '[hidden]' } },
    destination,
  );
}
