/**
 * Printing a till report (issue 16): in the desktop app its HTML goes to the receipt printer
 * through the bridge; in a browser its PDF opens in a new tab (opened in the click itself).
 */
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../core/service.js';
import { desktopBridge } from '../print/bridge.js';

export async function printTillReport(sessionId: string, tab: Window | null): Promise<string> {
  const bridge = desktopBridge();
  if (bridge) {
    const html = await client.raw(api.Till.reportPrint, { params: { sessionId }, query: { format: 'html' } });
    const result = await bridge.print('receipt', new TextDecoder().decode(html.bytes));
    if (!result.ok) throw new Error(result.message ?? 'The report was not printed.');
    return 'The report went to the receipt printer.';
  }
  const pdf = await client.raw(api.Till.reportPrint, { params: { sessionId }, query: { format: 'pdf' } });
  const url = URL.createObjectURL(new Blob([pdf.bytes.slice()], { type: 'application/pdf' }));
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (tab && !tab.closed) tab.location.href = url;
  else if (!window.open(url, '_blank')) throw new Error('The browser blocked the new tab. Allow pop-ups for this page.');
  return 'The report opened in a new tab: print it from there.';
}

/** The tab the PDF will show in, opened in the click (null in the desktop app). */
export function reportTab(): Window | null {
  return desktopBridge() ? null : window.open('', '_blank');
}
