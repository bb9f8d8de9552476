/**
 * How long a document is on paper, asked of the browser engine itself through the DevTools
 * protocol: the print window runs with JavaScript off, so the page cannot measure itself. The
 * layout is switched to print media first (screen styles may pad or frame the sheet). Written
 * against a bare `send(method, params)` so the same code drives Electron's webContents.debugger
 * and, in the tests, a Playwright CDP session on Chromium.
 */
import type { ContentSize } from './paper.js';

export type DevtoolsSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

interface LayoutMetrics {
  cssContentSize?: { width?: unknown; height?: unknown };
}

export async function measureForPrint(send: DevtoolsSend): Promise<ContentSize> {
  await send('Emulation.setEmulatedMedia', { media: 'print' });
  const metrics = (await send('Page.getLayoutMetrics')) as LayoutMetrics;
  const width = metrics.cssContentSize?.width;
  const height = metrics.cssContentSize?.height;
  if (typeof width !== 'number' || typeof height !== 'number') {
    throw new Error('The print window could not measure the document.');
  }
  return { widthPx: width, heightPx: height };
}
