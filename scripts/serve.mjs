#!/usr/bin/env node
/**
 * `npm run serve`: builds the renderer and the main process only if their sources changed
 * (build-if-changed.mjs), then runs the compiled service (dist/main/bundle/serve.mjs: tsc's output
 * bundled by esbuild) in a child process with its memory settings (below) — no tsx compiling
 * main/ on every start. Should the main
 * build fail (a type error tsc refuses), the service still runs from the sources with tsx, as
 * before, after tsc's messages.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

try {
  buildIfChanged('renderer', { force });
} catch (err) {
  console.error(`npm run serve: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

let compiled = true;
try {
  buildIfChanged('main', { force });
} catch (err) {
  compiled = false;
  console.error(`npm run serve: ${err instanceof Error ? err.message : err}; running main/serve.ts from the sources with tsx instead.`);
}

/**
 * The service runs in a child process so that it starts with the memory settings below (issue 12:
 * RSS under 250 MB on the full data set); both must be in place before the process starts, so
 * this one only builds, starts it and passes signals on. The desktop app starts its service
 * process with the same two (main/electron/main.ts).
 * - MALLOC_ARENA_MAX=2: glibc otherwise keeps up to eight memory arenas per core for the threads
 *   (the read worker, SQLite, libuv) and holds on to what they freed; measured with
 *   `npm run bench -- --quick`, RSS at rest 215 → 182 MiB and after the run 266 → 228 MiB
 *   (together with the next line). Ignored outside Linux.
 * - --max-semi-space-size=4 (MB): V8's young generation, 16 MB a half by default, collected
 *   sooner; a counter's requests make small, short-lived objects.
 * The child notices when this process is gone, even by SIGKILL (its IPC channel closes), and stops.
 */
const memory = { env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' }, execArgv: ['--max-semi-space-size=4'] };
const entry = compiled ? [path.join(root, 'dist', 'main', 'bundle', 'serve.mjs')] : ['--import', 'tsx', path.join(root, 'main', 'serve.ts')];
const child = spawn(process.execPath, [...memory.execArgv, ...entry], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, ...memory.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
