/**
 * Where a fetched document goes. In the desktop app: the HTML to the bridge, which prints it on
 * the printer and paper set for its kind, and the PDF to a save dialog; a receipt whose setting
 * names a network printer goes there as ESC/POS instead. In a browser: the PDF in a new tab,
 * where the browser's own viewer has the print button and dialog, or downloaded.
 * Each function answers what to tell the cashier, or throws what went wrong.
 */
import type { DesktopBridge, DocumentPrintSetting } from '../../../shared/desktop.js';
import type { NetworkPrinter } from '../../../shared/network-printer.js';
import { desktopBridge } from './bridge.js';
import { DOCUMENT_WORDS, fetchDocument, fetchEscPos, pdfFileName, type Printable } from './documents.js';
import { PrintProblem, viaBridge } from './problem.js';

/**
 * Long enough for the tab's viewer or the download to read the blob, short enough that a day of
 * printing does not keep every PDF in memory. A tab that has loaded the PDF keeps its own copy.
 */
const BLOB_LIFETIME_MS = 60_000;

function pdfUrl(pdf: Uint8Array): string {
  const url = URL.createObjectURL(new Blob([pdf.slice()], { type: 'application/pdf' }));
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_LIFETIME_MS);
  return url;
}

/**
 * Opens the tab the PDF will be shown in. It must be called in the click (or key press) itself:
 * browsers allow a page to open a tab only in answer to one, and the PDF is fetched after it.
 * Null in the desktop app, which prints without a tab, and when the browser refused.
 */
export function openPrintTab(doc: Printable): Window | null {
  if (desktopBridge()) return null;
  const tab = window.open('', '_blank');
  if (tab) {
    const note = `Preparing the ${DOCUMENT_WORDS[doc.kind]} ${doc.number}…`;
    tab.document.title = note;
    tab.document.body.textContent = note;
  }
  return tab;
}

/** The network printer this document kind prints on, when the bridge can send to one. */
async function networkPrinterFor(bridge: DesktopBridge, doc: Printable): Promise<{ printer: NetworkPrinter; copies: number } | null> {
  if (doc.kind !== 'receipt' || typeof bridge.printRaw !== 'function') return null;
  const setting: DocumentPrintSetting = (await viaBridge(() => bridge.printSettings()))[doc.kind];
  return setting.network ? { printer: setting.network, copies: setting.copies } : null;
}

/** Every copy in one job, the drawer kicked by the first only: it opens once per sale. */
async function printOnNetwork(bridge: DesktopBridge, doc: Printable, printer: NetworkPrinter, copies: number): Promise<string> {
  const first = await fetchEscPos(doc, printer.columns, printer.drawer);
  const again = copies > 1 ? (printer.drawer ? await fetchEscPos(doc, printer.columns, false) : first) : null;
  const job = new Uint8Array(first.length + (copies - 1) * (again?.length ?? 0));
  job.set(first);
  for (let i = 1; i < copies; i++) job.set(again!, first.length + (i - 1) * again!.length);
  const result = await viaBridge(() => bridge.printRaw!(doc.kind, job));
  if (!result.ok) throw new PrintProblem(result.message ?? `The ${DOCUMENT_WORDS[doc.kind]} was not printed.`);
  return `The ${DOCUMENT_WORDS[doc.kind]} went to the network printer ${printer.host}.`;
}

export async function printDocument(doc: Printable, tab: Window | null): Promise<string> {
  const word = DOCUMENT_WORDS[doc.kind];
  const bridge = desktopBridge();
  if (bridge) {
    const network = await networkPrinterFor(bridge, doc);
    if (network) return printOnNetwork(bridge, doc, network.printer, network.copies);
    const html = new TextDecoder().decode(await fetchDocument(doc, 'html'));
    const result = await viaBridge(() => bridge.print(doc.kind, html));
    if (!result.ok) throw new PrintProblem(result.message ?? `The ${word} was not printed.`);
    return `The ${word} went to the printer.`;
  }
  try {
    showPdf(await fetchDocument(doc, 'pdf'), tab);
    return `The ${word} opened in a new tab: print it from there.`;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A PDF already fetched, shown in the tab opened for it in the click (openPrintTab), else a new one. */
export function showPdf(pdf: Uint8Array, tab: Window | null): void {
  const url = pdfUrl(pdf);
  if (tab && !tab.closed) {
    tab.location.href = url;
  } else if (!window.open(url, '_blank')) {
    throw new PrintProblem('The browser blocked the new tab. Allow pop-ups for this page, or use Save PDF.');
  }
}

export async function savePdf(doc: Printable): Promise<string> {
  return savePdfBytes(await fetchDocument(doc, 'pdf'), pdfFileName(doc));
}

/** PDF bytes to a file: the desktop app's save dialog, or the browser's download. */
export async function savePdfBytes(pdf: Uint8Array, name: string): Promise<string> {
  const bridge = desktopBridge();
  if (bridge) {
    const result = await viaBridge(() => bridge.savePdf(name, pdf));
    return result.saved ? `Saved ${result.path ?? name}.` : 'Not saved.';
  }
  const link = document.createElement('a');
  link.href = pdfUrl(pdf);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  return `Downloaded ${name}.`;
}
