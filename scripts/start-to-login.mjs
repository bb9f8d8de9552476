#!/usr/bin/env node
/**
 * Start to first login: spawns `npm run serve` on a free port, waits for its
 * "Optical POS service listening on http://…" line, then signs in as the demo cashier until the
 * service answers 200, and reports the time from the spawn to that 200. Twice: the first start
 * on a new data folder (the demo store is created) and a restart on the same folder.
 *
 *   node scripts/start-to-login.mjs [--restarts N]   prints {"firstStartMs":…,"restartMs":…}
 *
 * With --restarts N the restart is timed N times and restartMs is the median (restartsMs lists
 * them all). The renderer is built first if it is not up to date, so no build is timed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTENING = /Optical POS service listening on (https?:\/\/\S+)/;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Ends the child and everything it started (npm → sh → node), then waits for it to be gone. */
function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      // Its own process group (detached), so the service under npm goes too.
      if (process.platform === 'win32') child.kill();
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function login(url) {
  const response = await fetch(`${url}/api-v1/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'cashier', password: 'demo1234' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Milliseconds from spawning `command` (default `npm run serve`) in `root` with POS_DATA_DIR =
 * `dataDir` and PORT=0 to the first 200 from Auth/login. The child is stopped before returning.
 */
export async function startToLogin({ root = ROOT, dataDir, command = npm, args = ['run', 'serve', '--silent'], timeoutMs = 120_000, env = {} }) {
  const start = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    // POS_DEMO=1: a first start makes the demo at once (its cashier signs in) instead of the first-run screen.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POS_DATA_DIR: dataDir, POS_DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let output = '';
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" line within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const read = (chunk) => {
        output += chunk;
        const match = LISTENING.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} ${args.join(' ')} exited (${code}) before listening:\n${output}`));
      });
    });
    for (;;) {
      const status = await login(url).catch(() => 0);
      if (status === 200) return Math.round(performance.now() - start);
      if (performance.now() - start > timeoutMs) throw new Error(`login did not answer 200 within ${timeoutMs} ms (last ${status})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop(child);
  }
}

/** First start on a new data folder, then `restarts` restarts on it; the folder is removed after. */
export async function measureStartup({ root = ROOT, restarts = 1, ...options } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pos-start-'));
  try {
    const firstStartMs = await startToLogin({ root, dataDir, ...options });
    const restartsMs = [];
    for (let i = 0; i < restarts; i++) restartsMs.push(await startToLogin({ root, dataDir, ...options }));
    const sorted = [...restartsMs].sort((a, b) => a - b);
    const restartMs = sorted[Math.floor((sorted.length - 1) / 2)];
    return restarts > 1 ? { firstStartMs, restartMs, restartsMs } : { firstStartMs, restartMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--restarts');
  const restarts = at > 0 ? Number(process.argv[at + 1]) : 1;
  const { buildIfChanged } = await import('./build-if-changed.mjs');
  for (const name of ['renderer', 'main']) buildIfChanged(name, { log: () => {} });
  console.log(JSON.stringify(await measureStartup({ restarts })));
}
