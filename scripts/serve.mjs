#!/usr/bin/env node
/**
 * `npm run serve`: builds the renderer and the main process only if their sources changed
 * (build-if-changed.mjs), then runs the compiled service (dist/main/serve.js) in this same
 * process — no tsx compiling main/ on every start, no second Node start-up. Should the main
 * build fail (a type error tsc refuses), the service still runs from the sources with tsx, as
 * before, after tsc's messages.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

if (compiled) {
  await import(pathToFileURL(path.join(root, 'dist', 'main', 'serve.js')).href);
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'main', 'serve.ts')], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
