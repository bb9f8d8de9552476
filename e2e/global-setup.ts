/**
 * Builds the renderer before any test runs, so the service serves what the sources say now and
 * not a stale dist/ from an earlier run. A build takes a few seconds; skipping it is not worth
 * the risk of testing old code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rendererDist, repoRoot } from './paths.js';

export default function globalSetup(): void {
  const viteBin = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn', '--outDir', rendererDist, '--emptyOutDir'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`Renderer build failed (exit ${result.status ?? result.signal})`);
  if (!existsSync(join(rendererDist, 'index.html'))) throw new Error(`Renderer build left no index.html in ${rendererDist}`);
}
