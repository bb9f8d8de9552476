/**
 * Printing a report the service makes as HTML and PDF (a till's X or Z report, a stock-take's
 * variance report): in the desktop app its HTML goes through the bridge to the printer set for
 * `printer`'s kind; in a browser its PDF opens in the tab opened in the click (reportTab), where
 * the browser's own viewer prints it. Answers what to tell the user, or throws what went wrong.
 */
import type { DocumentKind } from '../../../shared/desktop.js';
import { desktopBridge } from './bridge.js';

export interface Report {
  /** The printer (and paper) of this document kind prints it in the desktop app. */
  printer: DocumentKind;
  /** "The report went to the receipt printer." */
  printedWords: string;
  html(): Promise<Uint8Array>;
  pdf(): Promise<Uint8Array>;
}

export async function printReport(report: Report, tab: Window | null): Promise<string> {
  const bridge = desktopBridge();
  if (bridge) {
    const result = await bridge.print(report.printer, new TextDecoder().decode(await report.html()));
    if (!result.ok) throw new Error(result.message ?? 'The report was not printed.');
    return report.printedWords;
  }
  const url = URL.createObjectURL(new Blob([(await report.pdf()).slice()], { type: 'application/pdf' }));
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (tab && !tab.closed) tab.location.href = url;
  else if (!window.open(url, '_blank')) throw new Error('The browser blocked the new tab. Allow pop-ups for this page.');
  return 'The report opened in a new tab: print it from there.';
}

/** The tab the PDF will show in, opened in the click (null in the desktop app). */
export function reportTab(): Window | null {
  return desktopBridge() ? null : window.open('', '_blank');
}
