/**
 * What the Electron preload exposes on `window` (contextBridge): the desktop bridge of
 * shared/desktop.ts. Absent when the renderer is served to a plain browser by `npm run serve` or
 * by `vite dev`, where the page's own origin is the service. Partial because a page must check
 * what it got rather than trust the type (see print/bridge.ts).
 */
import type { DesktopBridge } from '../../shared/desktop.js';

declare global {
  interface Window {
    readonly opticalPos?: Partial<DesktopBridge>;
  }
}
