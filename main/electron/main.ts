/**
 * The Electron main process, kept thin: start the embedded service on loopback, open one
 * locked-down window on the built renderer, and tell the renderer where the service is.
 */
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import path from 'node:path';
import { appRoot } from '../app-root.js';
import { startServer, type RunningServer } from '../service/server.js';
import { electronNativeBinding } from './native-binding.js';

let server: RunningServer | undefined;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

async function createWindow(serviceUrl: string): Promise<void> {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    title: 'Optical POS',
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  // No pop-ups, no navigation away from the app: links to the web open in the system browser.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  ipcMain.on('service-url', (event) => {
    event.returnValue = serviceUrl;
  });
  await window.loadFile(path.join(appRoot(), 'dist', 'renderer', 'index.html'));
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  const nativeBinding = electronNativeBinding();
  server = await startServer({
    dataDir: process.env.POS_DATA_DIR || path.join(app.getPath('userData'), 'data'),
    port: 0,
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  await createWindow(server.url);
  app.on('window-all-closed', () => app.quit());
}

app.on('before-quit', () => {
  void server?.close();
});

main().catch((err: unknown) => {
  console.error(err);
  app.exit(1);
});
