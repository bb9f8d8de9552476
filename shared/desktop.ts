/**
 * The desktop bridge: what the Electron preload exposes on `window.opticalPos`, typed once here
 * so the preload (main/electron) and the renderer agree without importing each other. Absent in
 * a browser, where printing falls back to the browser's own PDF viewer and print dialog.
 *
 * The main process never calls the service: the renderer fetches a document through the shared
 * client (HTML to print, PDF bytes to save) and hands it to the bridge.
 */
import type { LabelStock } from './models/labels.js';
import type { NetworkPrinter } from './network-printer.js';

/** The documents a store prints, each with its own remembered printer and paper. */
export const DOCUMENT_KINDS = ['receipt', 'invoice', 'prescription', 'jobCard', 'returnReceipt', 'gstCreditNote', 'purchaseOrder', 'goodsReceipt', 'debitNote', 'label'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Paper a document kind prints on. 80 mm and 58 mm are thermal rolls (height follows content). */
export const PAPER_SIZES = ['80mm', '58mm', 'A5', 'A4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export interface PrinterInfo {
  name: string;
  displayName: string;
  isDefault: boolean;
}

export interface DocumentPrintSetting {
  /** System printer name; null asks with the system dialog every time. */
  printer: string | null;
  paper: PaperSize;
  /** 1 to MAX_COPIES. */
  copies: number;
  /**
   * Receipts only: a thermal printer on the network, sent raw ESC/POS instead of going through
   * a system printer (`printer` and `paper` are then unused). Absent or null: the system printer.
   */
  network?: NetworkPrinter | null;
  /**
   * Labels only, with `network`: the thermal label printer's language (TSPL or ZPL) and the roll
   * in it (label size, gap, print head). `columns` and `drawer` of `network` are then unused.
   */
  labelStock?: LabelStock | null;
}

/** The desktop app refuses more copies of one document than this: a slip of the finger, not a need. */
export const MAX_COPIES = 5;

export type PrintSettings = Record<DocumentKind, DocumentPrintSetting>;

export interface PrintResult {
  ok: boolean;
  /** Why printing failed or was cancelled, in words for the cashier. */
  message?: string;
}

export interface SavePdfResult {
  /** False when the user cancelled the save dialog. */
  saved: boolean;
  path?: string;
}

export interface DesktopBridge {
  readonly shell: 'electron';
  /** Origin of the embedded service, e.g. `http://127.0.0.1:51234`. */
  readonly serviceUrl: string;
  /** Per-launch secret the embedded service demands on every API call (header below). */
  readonly serviceKey: string;
  printers(): Promise<PrinterInfo[]>;
  printSettings(): Promise<PrintSettings>;
  savePrintSetting(kind: DocumentKind, setting: DocumentPrintSetting): Promise<PrintSettings>;
  /** Prints the HTML document on the kind's printer and paper (silently when a printer is set). */
  print(kind: DocumentKind, html: string): Promise<PrintResult>;
  /** Offers a save dialog for PDF bytes the renderer fetched. */
  savePdf(suggestedName: string, pdf: Uint8Array): Promise<SavePdfResult>;
  /**
   * Sends an ESC/POS job (bytes starting with ESC @), or for labels a TSPL or ZPL job, to the
   * kind's network printer, as it is: copies and the drawer kick are already in the bytes.
   * Absent in builds before ESC/POS.
   */
  printRaw?(kind: DocumentKind, bytes: Uint8Array): Promise<PrintResult>;
}

/** The header carrying DesktopBridge.serviceKey. */
export const SERVICE_KEY_HEADER = 'x-optical-pos-key';

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  receipt: { printer: null, paper: '80mm', copies: 1 },
  invoice: { printer: null, paper: 'A4', copies: 1 },
  prescription: { printer: null, paper: 'A5', copies: 1 },
  jobCard: { printer: null, paper: 'A5', copies: 1 },
  returnReceipt: { printer: null, paper: '80mm', copies: 1 },
  gstCreditNote: { printer: null, paper: 'A4', copies: 1 },
  purchaseOrder: { printer: null, paper: 'A4', copies: 1 },
  goodsReceipt: { printer: null, paper: 'A4', copies: 1 },
  debitNote: { printer: null, paper: 'A4', copies: 1 },
  // A4 label sheets on the office printer, unless a thermal label printer is set.
  label: { printer: null, paper: 'A4', copies: 1 },
};
