/**
 * Builds the renderer before any test runs, so the service serves what the sources say now and
 * not a stale dist/ from an earlier run. In dist/renderer it is built only when its sources
 * changed since the build there (scripts/build-if-changed.mjs: a sha256 of their contents, so a
 * stale build is never reused): `npm test` has just built it before the unit suite, and building
 * it again cost about ten seconds of every e2e run. A run with its own E2E_RENDERER_DIST builds
 * there every time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rendererDist, repoRoot } from './paths.js';

export default function globalSetup(): void {
  const result = process.env.E2E_RENDERER_DIST
    ? spawnSync(
        process.execPath,
        [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn', '--outDir', rendererDist, '--emptyOutDir'],
        { cwd: repoRoot, stdio: 'inherit' },
      )
    : spawnSync(process.execPath, [join(repoRoot, 'scripts/build-if-changed.mjs'), 'renderer'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Renderer build failed (exit ${result.status ?? result.signal})`);
  if (!existsSync(join(rendererDist, 'index.html'))) throw new Error(`Renderer build left no index.html in ${rendererDist}`);
}
