/**
 * The renderer's only window on the main process: the service's address, and nothing else.
 * CommonJS because sandboxed preloads cannot be ES modules.
 */
import electron = require('electron');

const serviceUrl = electron.ipcRenderer.sendSync('service-url') as string;

electron.contextBridge.exposeInMainWorld('opticalPos', {
  serviceUrl,
  shell: 'electron',
});
