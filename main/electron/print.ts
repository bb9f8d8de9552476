/**
 * The print bridge's main-process side: the handlers behind preload.cts. Only the app's own
 * window (a page of the service's origin) is answered, and every argument is parsed first
 * (bridge-requests.ts). The maths of pages lives in paper.ts, the settings file in
 * print-settings.ts; this file only drives Electron.
 *
 * A document prints from a hidden window of its own: sandboxed, no preload, JavaScript off,
 * no navigation, in a session that loads nothing but the document and the service's fonts.
 * It is laid out at the paper's printable width in print media, measured (a roll is as long as
 * its content), given an explicit @page rule, and printed with an explicit pageSize, since
 * Chromium otherwise assumes A4.
 */
import { BrowserWindow, dialog, ipcMain, session, type IpcMainEvent, type IpcMainInvokeEvent, type Session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentKind, PrintResult, SavePdfResult } from '../../shared/desktop.js';
import {
  allowedInPrint,
  CHANNELS,
  parseRequest,
  printFailureMessage,
  printRawRequest,
  printRequest,
  safePdfName,
  savePdfRequest,
  savePrintSettingRequest,
  sameOrigin,
  sortedPrinters,
  toPrinterInfo,
  type DesktopConfig,
} from './bridge-requests.js';
import { measureForPrint } from './measure.js';
import { printOnNetworkPrinter } from './network-printer.js';
import { printableWidthPx, printLayout, withPageRule, type ContentSize } from './paper.js';
import { savePdfInFolder } from './pdf-folder.js';
import { printSettingsStore } from './print-settings.js';

export interface PrintBridgeOptions {
  config: DesktopConfig;
  /** Folder of print-settings.json (the app's userData). */
  settingsFolder: string;
  /** Where the app offers to save PDFs (the user's Documents). */
  documentsFolder: string;
  /** POS_PDF_DIR: save PDFs straight into this folder without a dialog (kiosks, tests). */
  pdfFolder?: string;
}

/** Documents being printed right now, by file URL: the only files a print window may load. */
const printing = new Set<string>();

function printSession(serviceUrl: string): Session {
  const printSession = session.fromPartition('optical-pos-print');
  printSession.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !allowedInPrint(details.url, serviceUrl, printing) });
  });
  printSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  printSession.setPermissionCheckHandler(() => false);
  return printSession;
}

/** The document's size in CSS px as it will print (measure.ts), through the window's DevTools. */
async function measure(window: BrowserWindow): Promise<ContentSize> {
  const devtools = window.webContents.debugger;
  devtools.attach('1.3');
  try {
    return await measureForPrint((method, params) => devtools.sendCommand(method, params) as Promise<unknown>);
  } finally {
    devtools.detach();
  }
}

async function printHtml(kind: DocumentKind, html: string, options: PrintBridgeOptions, printSession: Session): Promise<PrintResult> {
  const setting = printSettingsStore(options.settingsFolder).read()[kind];
  const folder = await mkdtemp(path.join(os.tmpdir(), 'optical-pos-print-'));
  const file = path.join(folder, `${kind}.html`);
  const url = pathToFileURL(file).href;
  const window = new BrowserWindow({
    show: false,
    width: printableWidthPx(setting.paper),
    height: 800,
    useContentSize: true,
    webPreferences: {
      session: printSession,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  printing.add(url);
  try {
    await writeFile(file, html, 'utf8');
    await window.loadFile(file);
    const layout = printLayout(setting.paper, await measure(window));
    // Loaded again with the page rule last, so layout and printer agree on the page.
    await writeFile(file, withPageRule(html, layout), 'utf8');
    await window.loadFile(file);
    return await new Promise<PrintResult>((resolve) => {
      window.webContents.print(
        {
          silent: setting.printer !== null,
          ...(setting.printer !== null ? { deviceName: setting.printer } : {}),
          copies: setting.copies,
          printBackground: true,
          pageSize: layout.pageSize,
          scaleFactor: layout.scaleFactor,
          // 'default' margins are the document's @page margins, which withPageRule has set.
          margins: { marginType: 'default' },
        },
        (success, reason) => resolve(success ? { ok: true } : { ok: false, message: printFailureMessage(reason) }),
      );
    });
  } finally {
    printing.delete(url);
    window.destroy();
    await rm(folder, { recursive: true, force: true });
  }
}

async function savePdf(event: IpcMainInvokeEvent, args: unknown[], options: PrintBridgeOptions): Promise<SavePdfResult> {
  const [suggested, pdf] = parseRequest(savePdfRequest, args);
  if (options.pdfFolder) return { saved: true, path: await savePdfInFolder(options.pdfFolder, suggested, pdf) };
  const owner = BrowserWindow.fromWebContents(event.sender);
  const dialogOptions = {
    title: 'Save PDF',
    defaultPath: path.join(options.documentsFolder, safePdfName(suggested)),
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  };
  const choice = owner ? await dialog.showSaveDialog(owner, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
  if (choice.canceled || !choice.filePath) return { saved: false };
  await writeFile(choice.filePath, pdf);
  return { saved: true, path: choice.filePath };
}

/** Wires the bridge's channels. Call once, after app ready. */
export function registerDesktopBridge(options: PrintBridgeOptions): void {
  const { serviceUrl } = options.config;
  const ours = (event: IpcMainEvent | IpcMainInvokeEvent) => sameOrigin(event.senderFrame?.url, serviceUrl);
  const guarded =
    <T>(handler: (event: IpcMainInvokeEvent, args: unknown[]) => Promise<T> | T) =>
    (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!ours(event)) throw new Error('Refused by the desktop app: not the Optical POS window.');
      return handler(event, args);
    };
  const settings = printSettingsStore(options.settingsFolder);
  const printSessionForService = printSession(serviceUrl);

  // Synchronous, before the page's scripts run: the preload needs the URL and key at once.
  ipcMain.on(CHANNELS.config, (event) => {
    event.returnValue = ours(event) ? options.config : null;
  });
  ipcMain.handle(
    CHANNELS.printers,
    guarded(async (event) => sortedPrinters((await event.sender.getPrintersAsync()).map(toPrinterInfo))),
  );
  ipcMain.handle(
    CHANNELS.printSettings,
    guarded(() => settings.read()),
  );
  ipcMain.handle(
    CHANNELS.savePrintSetting,
    guarded((_event, args) => settings.save(...parseRequest(savePrintSettingRequest, args))),
  );
  ipcMain.handle(
    CHANNELS.print,
    guarded((_event, args) => printHtml(...parseRequest(printRequest, args), options, printSessionForService)),
  );
  ipcMain.handle(
    CHANNELS.savePdf,
    guarded((event, args) => savePdf(event, args, options)),
  );
  ipcMain.handle(
    CHANNELS.printRaw,
    guarded((_event, args) => printOnNetworkPrinter(options.settingsFolder, ...parseRequest(printRawRequest, args))),
  );
}
