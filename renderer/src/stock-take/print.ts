/**
 * Printing a stock-take's variance report (A4): in the desktop app on the A4 printer set for
 * invoices, through the bridge; in a browser its PDF opens in a new tab (opened in the click).
 */
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../core/service.js';
import { printReport } from '../print/report.js';

export { reportTab } from '../print/report.js';

export function printVarianceReport(stockTakeId: string, tab: Window | null): Promise<string> {
  const bytes = async (format: 'html' | 'pdf') => (await client.raw(api.StockTake.report, { params: { stockTakeId }, query: { format } })).bytes;
  return printReport({ printer: 'invoice', printedWords: 'The report went to the A4 printer.', html: () => bytes('html'), pdf: () => bytes('pdf') }, tab);
}
