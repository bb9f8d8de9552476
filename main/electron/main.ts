/**
 * The Electron main process, kept thin: start the embedded service in a utility process (off
 * the UI thread) with a per-launch key, open one locked-down window on the renderer the service
 * itself serves (one origin, so no CORS and a CSP of 'self'), and wire the desktop bridge.
 */
import { app, BrowserWindow, dialog, safeStorage, session, shell, utilityProcess } from 'electron';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { appRoot, unpackedPath } from '../app-root.js';
import { sameOrigin } from './bridge-requests.js';
import { HELP_PREFIX } from '../../shared/help.js';
import { electronNativeBinding } from './native-binding.js';
import { registerDesktopBridge } from './print.js';
import { startService, stopService, type MainEnd } from './service-channel.js';
import { sealedTokenKey } from './token-key-store.js';

/** First start builds the demo store; allow for a slow disk. */
const SERVICE_START_MS = 120_000;
const SERVICE_STOP_MS = 5_000;

function forkService(): MainEnd & { kill(): void } {
  // The bundled entry (scripts/build-if-changed.mjs), as `npm run serve` runs its own: one file
  // instead of 400-odd modules loaded one by one, a third of the start (issue 12).
  const child = utilityProcess.fork(path.join(import.meta.dirname, '..', 'bundle', 'service-process.mjs'), [], {
    serviceName: 'Optical POS service',
    stdio: 'inherit',
    // The service's memory settings, as `npm run serve` starts it (scripts/serve.mjs says why).
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    execArgv: ['--max-semi-space-size=4'],
  });
  let alive = true;
  child.on('exit', () => (alive = false));
  return {
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
    send: (message) => {
      if (!alive) throw new Error('The service process has exited.');
      child.postMessage(message);
    },
    kill: () => child.kill(),
  };
}

function createWindow(serviceUrl: string): BrowserWindow {
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
      webviewTag: false,
      spellcheck: false,
    },
  });
  // No pop-ups, no navigation away from the service's pages: web links open in the system browser.
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Help (the guides, served by the service) opens in a window of its own beside the till's,
    // with no preload: it is plain pages of the same origin.
    if (sameOrigin(url, serviceUrl) && new URL(url).pathname.startsWith(HELP_PREFIX)) {
      return { action: 'allow', overrideBrowserWindowOptions: { width: 1000, height: 760, autoHideMenuBar: true, webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } } };
    }
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => {
    if (!sameOrigin(event.url, serviceUrl)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  return window;
}

// Chromium draws its own controls (the time boxes) in the app's locale: the store's (en-IN), not the
// PC's (issue 16). Date boxes no longer depend on it: they are text boxes that read dd/mm/yyyy
// (renderer/src/ui/DateField.tsx). Before ready, or it is ignored.
app.commandLine.appendSwitch('lang', 'en-IN');

/** The one permission the window gets: writing text to the clipboard (the order page's Copy message). */
const ALLOWED_PERMISSION = 'clipboard-sanitized-write';

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === ALLOWED_PERMISSION));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => permission === ALLOWED_PERMISSION);

  const serviceKey = randomBytes(32).toString('base64url');
  const dataDir = process.env.POS_DATA_DIR || path.join(app.getPath('userData'), 'data');
  const service = forkService();
  let serviceUrl: string;
  try {
    const nativeBinding = electronNativeBinding();
    // The token signing key sealed by the OS keychain; null where there is none (token.key, 0600).
    const tokenKey = sealedTokenKey(dataDir, safeStorage);
    serviceUrl = await startService(
      service,
      {
        dataDir,
        ...(tokenKey ? { tokenKey: Buffer.from(tokenKey).toString('base64url') } : {}),
        // Unpacked from the asar in a packaged app, so the service reads plain files.
        staticDir: unpackedPath(path.join(appRoot(), 'dist', 'renderer')),
        serviceKey,
        ...(nativeBinding ? { nativeBinding } : {}),
      },
      SERVICE_START_MS,
    );
  } catch (err) {
    service.kill();
    dialog.showErrorBox('Optical POS could not start', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }

  registerDesktopBridge({
    config: { serviceUrl, serviceKey },
    settingsFolder: app.getPath('userData'),
    documentsFolder: app.getPath('documents'),
    ...(process.env.POS_PDF_DIR ? { pdfFolder: process.env.POS_PDF_DIR } : {}),
  });

  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping) return;
    // Let the service close SQLite cleanly (WAL checkpoint) before the process goes.
    event.preventDefault();
    stopping = true;
    void stopService(service, SERVICE_STOP_MS).then((how) => {
      if (how === 'timeout') service.kill();
      app.quit();
    });
  });
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());

  const window = createWindow(serviceUrl);
  await window.loadURL(`${serviceUrl}/`);
}

main().catch((err: unknown) => {
  console.error(err);
  app.exit(1);
});
