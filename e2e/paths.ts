import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where `vite build --config renderer/vite.config.ts` writes the renderer. */
export const rendererDist = fileURLToPath(new URL('../dist/renderer', import.meta.url));
