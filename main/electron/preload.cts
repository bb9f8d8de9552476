/**
 * The renderer's only window on the main process: the desktop bridge of shared/desktop.ts on
 * `window.opticalPos`, and nothing else (no Node, no ipcRenderer). CommonJS because sandboxed
 * preloads cannot be ES modules, and self-contained because they cannot require our files:
 * the channel names are spelled here and type-checked against bridge-requests.ts.
 */
import electron = require('electron');
import type { DesktopBridge } from '../../shared/desktop.js';
import type { Channel, DesktopConfig } from './bridge-requests.js';

const { contextBridge, ipcRenderer } = electron;

const invoke = (channel: Channel, ...args: unknown[]) => ipcRenderer.invoke(channel, ...args);

// Null when this page is not the service's own (the main process checks the frame's origin).
const config = ipcRenderer.sendSync('desktop:config' satisfies Channel) as DesktopConfig | null;

if (config) {
  const bridge: DesktopBridge = {
    shell: 'electron',
    serviceUrl: config.serviceUrl,
    serviceKey: config.serviceKey,
    printers: () => invoke('desktop:printers'),
    printSettings: () => invoke('desktop:print-settings'),
    savePrintSetting: (kind, setting) => invoke('desktop:save-print-setting', kind, setting),
    print: (kind, html) => invoke('desktop:print', kind, html),
    savePdf: (suggestedName, pdf) => invoke('desktop:save-pdf', suggestedName, pdf),
    printRaw: (kind, bytes) => invoke('desktop:print-raw', kind, bytes),
  };
  contextBridge.exposeInMainWorld('opticalPos', bridge);
}
