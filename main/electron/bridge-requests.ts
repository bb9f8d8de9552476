/**
 * What the renderer may ask of the main process, checked before anything is done with it. The
 * renderer is our own page, but it shows what customers and staff typed, so the main process
 * trusts nothing it sends: every IPC argument is parsed here (no Electron, tested in Node).
 */
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PRINT_SETTINGS,
  DOCUMENT_KINDS,
  MAX_COPIES,
  PAPER_SIZES,
  type DocumentKind,
  type PrinterInfo,
  type PrintSettings,
} from '../../shared/desktop.js';
import { ROLL_COLUMNS } from '../../shared/escpos.js';
import { LabelStock } from '../../shared/models/labels.js';
import { isPrinterAddress, PRINTER_ADDRESS_RULE } from '../../shared/network-printer.js';

/** The IPC channels of the desktop bridge; preload.cts spells the same names. */
export const CHANNELS = {
  config: 'desktop:config',
  printers: 'desktop:printers',
  printSettings: 'desktop:print-settings',
  savePrintSetting: 'desktop:save-print-setting',
  print: 'desktop:print',
  savePdf: 'desktop:save-pdf',
  printRaw: 'desktop:print-raw',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** What the preload learns once, synchronously, before the page's scripts run. */
export interface DesktopConfig {
  serviceUrl: string;
  serviceKey: string;
}

export const documentKind = z.enum(DOCUMENT_KINDS);

export const networkPrinter = z.strictObject({
  host: z.string().trim().refine(isPrinterAddress, PRINTER_ADDRESS_RULE),
  port: z.number().int().min(1).max(65535),
  columns: z.literal(ROLL_COLUMNS),
  drawer: z.boolean(),
});

export const documentPrintSetting = z.strictObject({
  printer: z.string().trim().min(1).max(256).nullable(),
  paper: z.enum(PAPER_SIZES),
  copies: z.number().int().min(1).max(MAX_COPIES),
  network: networkPrinter.nullish(),
  labelStock: LabelStock.nullish(),
});

/**
 * The service writes ESC/POS for receipts and TSPL or ZPL for labels; no other kind can be sent to
 * a network printer, and a network label printer needs its language and roll.
 */
const networkOnlyForReceipts = (kind: DocumentKind, setting: { network?: unknown; labelStock?: unknown }) =>
  kind === 'receipt' || !setting.network || (kind === 'label' && !!setting.labelStock);

/** Printed documents are a few hundred KB at most (inline logo); far beyond is not a document. */
export const MAX_HTML_CHARS = 8 * 1024 * 1024;
export const MAX_PDF_BYTES = 32 * 1024 * 1024;

export const printRequest = z.tuple([documentKind, z.string().min(1).max(MAX_HTML_CHARS)]);
export const savePrintSettingRequest = z
  .tuple([documentKind, documentPrintSetting])
  .refine(([kind, setting]) => networkOnlyForReceipts(kind, setting), {
    message: 'Only receipts (ESC/POS) and labels (TSPL or ZPL, with the label size) print on a network printer',
    path: [1, 'network'],
  });

/** A receipt is a few KB, a label job a few hundred bytes a label; a megabyte of printer commands is neither. */
export const MAX_RAW_BYTES = 1024 * 1024;

const startsWith = (bytes: Uint8Array, text: string) => [...text].every((c, i) => bytes[i] === c.charCodeAt(0));
/** A label job in either language: TSPL starts by sizing the label, ZPL by opening a format. */
const isLabelJob = (bytes: Uint8Array) => startsWith(bytes, 'SIZE ') || startsWith(bytes, '^XA');

export const printRawRequest = z
  .tuple([documentKind, z.instanceof(Uint8Array).refine((bytes) => bytes.length <= MAX_RAW_BYTES, 'The print job is too large')])
  .refine(([kind, bytes]) => (kind === 'label' ? isLabelJob(bytes) : bytes[0] === 0x1b && bytes[1] === 0x40), {
    message: 'Not a job for this printer (ESC/POS starts with ESC @; a label job with SIZE or ^XA)',
    path: [1],
  });

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export const savePdfRequest = z.tuple([
  z.string().min(1).max(200),
  z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.length <= MAX_PDF_BYTES, 'The PDF is too large')
    .refine((bytes) => PDF_MAGIC.every((byte, i) => bytes[i] === byte), 'Not a PDF'),
]);

/** Parses IPC arguments; the error names what was wrong, for the renderer to show. */
export function parseRequest<T>(schema: z.ZodType<T>, args: unknown[]): T {
  const result = schema.safeParse(args);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Refused by the desktop app: ${issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'bad request'}`);
  }
  return result.data;
}

/**
 * A file name to offer in the save dialog (or write into POS_PDF_DIR): the base name only,
 * no path the renderer could steer elsewhere, characters every system accepts, ending in .pdf.
 */
export function safePdfName(suggested: string): string {
  const base = path.basename(suggested.replaceAll('\\', '/'));
  const stem = base
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '-')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 120);
  return `${stem || 'document'}.pdf`;
}

/** Settings as stored, read leniently: a kind whose entry is missing or broken keeps its default. */
export function settingsFromJson(json: unknown): PrintSettings {
  const settings: PrintSettings = { ...DEFAULT_PRINT_SETTINGS };
  if (typeof json !== 'object' || json === null) return settings;
  for (const kind of DOCUMENT_KINDS) {
    const parsed = documentPrintSetting.safeParse((json as Record<string, unknown>)[kind]);
    if (parsed.success && networkOnlyForReceipts(kind, parsed.data)) settings[kind] = parsed.data;
  }
  return settings;
}

/**
 * Electron's printer list in the bridge's shape. Electron 21 and later no longer say which
 * printer is the system default (older ones had `isDefault`); it is read when present.
 */
export function toPrinterInfo(printer: { name: string; displayName?: string; isDefault?: unknown }): PrinterInfo {
  return {
    name: printer.name,
    displayName: printer.displayName || printer.name,
    isDefault: printer.isDefault === true,
  };
}

export function sortedPrinters(printers: readonly PrinterInfo[]): PrinterInfo[] {
  return [...printers].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.displayName.localeCompare(b.displayName));
}

/** True when `url` is a page of the service at `serviceUrl` (its own origin, nothing else). */
export function sameOrigin(url: string | undefined, serviceUrl: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === new URL(serviceUrl).origin;
  } catch {
    return false;
  }
}

/**
 * What a print window may load: the document it was given and the service's print fonts.
 * Anything else the HTML names (a tracking pixel, a file on this PC) is not fetched.
 */
export function allowedInPrint(url: string, serviceUrl: string, documents: ReadonlySet<string>): boolean {
  if (documents.has(url) || url.startsWith('data:')) return true;
  if (!sameOrigin(url, serviceUrl)) return false;
  return new URL(url).pathname.startsWith('/api-v1/fonts/');
}

/** Chromium's print failure reasons, told the way a cashier would say them. */
export function printFailureMessage(reason: string): string {
  if (/cancel/i.test(reason)) return 'Printing was cancelled.';
  if (/invalid printer settings/i.test(reason)) return 'The printer refused these settings: check the printer and paper chosen for this document.';
  return `The printer did not print${reason ? ` (${reason})` : ''}. Check that it is on, has paper and is connected.`;
}

/** `receipt.pdf`, else `receipt (2).pdf`, … : never overwrite a file already saved. */
export function freeFileName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  const stem = name.replace(/\.pdf$/i, '');
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n}).pdf`;
    if (!taken(candidate)) return candidate;
  }
}

export type { DocumentKind };
