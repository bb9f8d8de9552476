import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the e2e global setup builds the renderer: dist/renderer, or E2E_RENDERER_DIST so that two
 * Playwright runs in one checkout do not empty each other's build.
 */
export const rendererDist = process.env.E2E_RENDERER_DIST ?? fileURLToPath(new URL('../dist/renderer', import.meta.url));
