/**
 * The service as `npm run serve` runs it: dist/main/bundle/serve.mjs, built by
 * scripts/build-if-changed.mjs when the sources changed since the last build (a no-op otherwise:
 * `npm test` builds it once before the unit suite). A test that starts the service in its own
 * process many times starts this bundle, about 1 s, instead of the sources through tsx, 2–5 s.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The bundled service entry, built first if its sources changed. */
export function bundledServe(): string {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-changed.mjs'), 'main'], { cwd: root, encoding: 'utf8' });
  assert.equal(built.status, 0, `building the service failed: ${built.stdout}${built.stderr}`);
  return path.join(root, 'dist', 'main', 'bundle', 'serve.mjs');
}
