/**
 * Printing a transfer's delivery challan or tax invoice (A4): in the desktop app its HTML goes to
 * the printer set for invoices through the bridge; in a browser its PDF opens in a new tab (opened
 * in the click itself, so no pop-up blocker stops it).
 */
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../core/service.js';
import { desktopBridge } from '../print/bridge.js';

export async function printTransfer(transferId: string, tab: Window | null): Promise<string> {
  const bridge = desktopBridge();
  if (bridge) {
    const html = await client.raw(api.Transfers.print, { params: { transferId }, query: { format: 'html' } });
    const result = await bridge.print('invoice', new TextDecoder().decode(html.bytes));
    if (!result.ok) throw new Error(result.message ?? 'The document was not printed.');
    return 'The document went to the invoice printer.';
  }
  const pdf = await client.raw(api.Transfers.print, { params: { transferId }, query: { format: 'pdf' } });
  const url = URL.createObjectURL(new Blob([pdf.bytes.slice()], { type: 'application/pdf' }));
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (tab && !tab.closed) tab.location.href = url;
  else if (!window.open(url, '_blank')) throw new Error('The browser blocked the new tab. Allow pop-ups for this page.');
  return 'The document opened in a new tab: print it from there.';
}

/** The tab the PDF will show in, opened in the click (null in the desktop app). */
export function printTab(): Window | null {
  return desktopBridge() ? null : window.open('', '_blank');
}
