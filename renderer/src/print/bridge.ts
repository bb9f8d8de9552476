/**
 * The desktop bridge, when the renderer runs inside the Electron window. Checked at run time
 * rather than trusted from the type: a page served to a plain browser has no `window.opticalPos`,
 * and a preload from an older build may expose the service address without the print calls.
 */
import type { DesktopBridge } from '../../../shared/desktop.js';

export function desktopBridge(): DesktopBridge | null {
  const bridge = window.opticalPos as Partial<DesktopBridge> | undefined;
  return bridge?.shell === 'electron' && typeof bridge.print === 'function' && typeof bridge.savePdf === 'function'
    ? (bridge as DesktopBridge)
    : null;
}
