#!/usr/bin/env node
/**
 * Compiles better-sqlite3 for the installed Electron's ABI into .native/electron-<version>/,
 * beside the Node build in node_modules (which the tests use). Runs once per Electron version;
 * needs Electron's headers, so only where Electron itself could be downloaded.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const target = path.join(root, '.native', `electron-${version}`, 'better_sqlite3.node');
if (existsSync(target)) process.exit(0);

console.log(`Building better-sqlite3 for Electron ${version} (once; about a minute)...`);
const work = mkdtempSync(path.join(os.tmpdir(), 'better-sqlite3-electron-'));
try {
  cpSync(path.join(root, 'node_modules', 'better-sqlite3'), work, { recursive: true, filter: (p) => !p.includes(`${path.sep}build${path.sep}`) });
  const env = { ...process.env };
  // A machine-wide nodedir (npm config) would point node-gyp at Node's headers, not Electron's.
  delete env.npm_config_nodedir;
  delete env.NPM_CONFIG_NODEDIR;
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
      'rebuild',
      '--release',
      '--runtime=electron',
      `--target=${version}`,
      '--dist-url=https://electronjs.org/headers',
    ],
    { cwd: work, stdio: 'inherit', env },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), target);
} finally {
  rmSync(work, { recursive: true, force: true });
}
