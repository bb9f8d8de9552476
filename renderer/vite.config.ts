import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where `vite dev` forwards API calls, so they are same-origin for the page (its CSP allows only 'self'). */
const devService = process.env.OPTICAL_POS_SERVICE_URL ?? 'http://127.0.0.1:5170';

/**
 * The dev server injects an inline script (React Refresh preamble), inline <style> tags and a
 * websocket for HMR, all of which the strict CSP in index.html forbids. Relax it for `vite dev`
 * only, so the shipped build keeps the strict policy.
 */
function devCsp(): Plugin {
  return {
    name: 'optical-pos-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(/(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/, (_m, head: string, policy: string) => {
        const relaxed = policy
          .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
          .replace('connect-src', 'connect-src ws://localhost:* ws://127.0.0.1:*');
        return `${head}${relaxed}"`;
      });
    },
  };
}

export default defineConfig({
  root: rendererRoot,
  // Relative asset URLs so the same build loads wherever it is served (the service at /, test dist folders).
  base: './',
  plugins: [react(), devCsp()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
  },
  server: {
    // The renderer imports ../shared, which lies outside the renderer root.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api-v1': {
        target: devService,
        changeOrigin: true,
        // The service refuses requests from other origins (DNS rebinding, foreign pages); the dev
        // server's page is one, so its proxy speaks as the service's own origin.
        configure: (proxy) => {
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', new URL(devService).origin);
          });
        },
      },
    },
  },
});
