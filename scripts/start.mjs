#!/usr/bin/env node
/**
 * `npm start`: build what changed (build-if-changed.mjs: the renderer and the main process are
 * rebuilt only when their sources differ from the last successful build; `--force` rebuilds),
 * then run the desktop app. Where the Electron binary cannot be had (its
 * download comes from outside the npm registry), say so in one line and serve the same app for
 * a browser instead, so the main command always does something useful.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function step(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm start: ${what} failed`);
    process.exit(result.status ?? 1);
  }
}

/** The Electron executable, downloading it once if this machine can; null when it cannot. */
function electronBinary() {
  const dir = path.join(root, 'node_modules', 'electron');
  const located = () => {
    const pathFile = path.join(dir, 'path.txt');
    if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron');
    if (!existsSync(pathFile)) return null;
    const file = path.join(dir, 'dist', readFileSync(pathFile, 'utf8'));
    return existsSync(file) ? file : null;
  };
  if (located()) return located();
  if (!existsSync(path.join(dir, 'install.js'))) return null;
  spawnSync(process.execPath, [path.join(dir, 'install.js')], { cwd: dir, stdio: 'ignore', timeout: 180_000 });
  return located();
}

const force = process.argv.includes('--force');
for (const name of ['renderer', 'main']) {
  try {
    buildIfChanged(name, { root, force });
  } catch (err) {
    console.error(`npm start: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

const electron = electronBinary();
if (!electron) {
  console.log('Electron binary not available on this machine (its download is blocked); serving the app for a browser instead.');
  const child = spawn(process.execPath, [path.join(root, 'dist', 'main', 'bundle', 'serve.mjs')], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  step(process.execPath, [path.join(root, 'scripts', 'native-electron.mjs')], 'building SQLite for Electron');
  const child = spawn(electron, [root], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
