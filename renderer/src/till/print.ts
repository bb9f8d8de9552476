/**
 * Printing a till report (issue 16): in the desktop app its HTML goes to the receipt printer
 * through the bridge; in a browser its PDF opens in a new tab (opened in the click itself).
 */
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../core/service.js';
import { printReport } from '../print/report.js';

export { reportTab } from '../print/report.js';

export function printTillReport(sessionId: string, tab: Window | null): Promise<string> {
  const bytes = async (format: 'html' | 'pdf') => (await client.raw(api.Till.reportPrint, { params: { sessionId }, query: { format } })).bytes;
  return printReport({ printer: 'receipt', printedWords: 'The report went to the receipt printer.', html: () => bytes('html'), pdf: () => bytes('pdf') }, tab);
}
