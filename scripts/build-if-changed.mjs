#!/usr/bin/env node
/**
 * Builds the renderer and/or the main process only when an input changed since the last
 * successful build, so `npm run serve` and `npm start` do not rebuild on every start.
 *
 *   node scripts/build-if-changed.mjs renderer [main] [--force]
 *
 * The fingerprint is a sha256 of every input's path and contents (not mtimes: a fresh clone or
 * a checkout touches them all) plus the build command. It is kept beside the output
 * (dist/renderer/.build-fingerprint, dist/main/.build-fingerprint), removed before a build and
 * written only after the build succeeded, so a failed or interrupted build is done again.
 * `--force` builds anyway; `npm run build` and `build:*` always build.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FINGERPRINT_FILE = '.build-fingerprint';

/** Test files are not part of any build (tsconfig.main.json excludes them; Vite never imports them). */
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** The compiled service's entry points: `npm run serve`'s, the desktop app's utility process's, and each worker thread's. */
const SERVICE_ENTRIES = [
  'dist/main/serve.js',
  'dist/main/electron/service-process.js',
  'dist/main/service/reads/read-worker.js',
  'dist/main/service/db/checkpoint-worker.js',
  'dist/main/service/backup/check-worker.js',
];

/** Where the bundle step writes an entry: dist/main/bundle/<name>.mjs. */
const bundled = (entry) => `dist/main/bundle/${path.basename(entry, '.js')}.mjs`;

/**
 * What each build reads, where it writes, and how it is run (`then`: a second command after it). `inputs` are files or folders
 * relative to the root; folders are walked whole, test files left out.
 */
export const TARGETS = {
  renderer: {
    inputs: ['renderer', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json'],
    out: 'dist/renderer',
    // Vite empties dist/renderer; index.html is the last thing of a finished build worth checking.
    outputs: ['dist/renderer/index.html'],
    command: ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
  },
  main: {
    inputs: ['main', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.main.json'],
    out: 'dist/main',
    outputs: ['dist/main/serve.js', 'dist/main/electron/main.js', 'dist/shared/index.js', ...SERVICE_ENTRIES.map(bundled)],
    command: ['tsc', '-p', 'tsconfig.main.json'],
    // Then the service as `npm run serve` runs it: tsc's 400-odd modules bundled into one file per
    // entry (the packages stay in node_modules), because loading them one by one was a third of
    // the start to first login (issue 12). The worker threads' entries sit beside serve.mjs,
    // where db/threads.ts besideModule() looks for them.
    then: [
      'esbuild',
      ...SERVICE_ENTRIES,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--packages=external',
      '--outdir=dist/main/bundle',
      '--entry-names=[name]',
      '--out-extension:.js=.mjs',
      '--log-level=warning',
    ],
  },
};

/** Every file under the inputs (relative, '/'-separated, sorted), test files left out. */
export function inputFiles(root, inputs) {
  const files = new Set();
  const walk = (rel) => {
    const abs = path.join(root, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      if (err.code === 'ENOTDIR') {
        files.add(rel.split(path.sep).join('/'));
        return;
      }
      if (err.code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === '.DS_Store') continue;
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !isTest(entry.name)) files.add(child.split(path.sep).join('/'));
    }
  };
  for (const input of inputs) walk(input);
  return [...files].sort();
}

/** sha256 over the inputs' paths and contents (and anything in `extra`, such as the command). */
export function fingerprint(root, inputs, extra = []) {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(`extra\0${part}\0`);
  for (const file of inputFiles(root, inputs)) {
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

function targetFingerprint(root, target) {
  return fingerprint(root, target.inputs, [target.command, ...(target.then ? [target.then] : [])].map((c) => c.join(' ')));
}

/** True when the output is there and its stamp is `print` (by default, the inputs' fingerprint now). */
export function upToDate(root, target, print = targetFingerprint(root, target)) {
  const stamp = path.join(root, target.out, FINGERPRINT_FILE);
  if (!existsSync(stamp) || !target.outputs.every((file) => existsSync(path.join(root, file)))) return false;
  return readFileSync(stamp, 'utf8').trim() === print;
}

/**
 * Builds `name` unless it is up to date (or `force`). Returns 'reused' or 'built'; throws when
 * the build fails. `run(command, args)` runs the build and returns its exit status (tests pass
 * their own); `targets` replaces TARGETS (tests again).
 */
export function buildIfChanged(name, { root = ROOT, force = false, log = console.log, run = defaultRun(root), targets = TARGETS } = {}) {
  const target = targets[name];
  if (!target) throw new Error(`Unknown build ${name}; one of ${Object.keys(targets).join(', ')}`);
  const print = targetFingerprint(root, target);
  if (!force && upToDate(root, target, print)) {
    log(`${name} unchanged, reusing ${target.out}`);
    return 'reused';
  }
  const stamp = path.join(root, target.out, FINGERPRINT_FILE);
  // Gone before the build starts, so an interrupted build never looks finished.
  rmSync(stamp, { force: true });
  for (const [command, ...args] of [target.command, ...(target.then ? [target.then] : [])]) {
    const status = run(command, args);
    if (status !== 0) throw new Error(`building the ${name} failed (${command} exited ${status})`);
  }
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${print}\n`);
  return 'built';
}

function defaultRun(root) {
  return (command, args) => {
    const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${command}.cmd` : command);
    const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    return result.status ?? 1;
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((a) => a !== '--force');
  if (names.length === 0) {
    console.error(`usage: node scripts/build-if-changed.mjs ${Object.keys(TARGETS).join('|')}... [--force]`);
    process.exit(2);
  }
  try {
    for (const name of names) buildIfChanged(name, { force });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
