/**
 * What main/electron/print.ts does with a document, done with Playwright's Chromium instead of
 * Electron (same engine): a file opened with JavaScript off, nothing fetched but the document
 * and the service's fonts (allowedInPrint), measured over DevTools in print media
 * (measure.ts), given its page (paper.ts) and printed, here to PDF. For the node tests and for
 * the desktop e2e where no Electron binary exists.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import type { PaperSize } from '../../shared/desktop.js';
import { allowedInPrint } from '../../main/electron/bridge-requests.js';
import { measureForPrint } from '../../main/electron/measure.js';
import { printableWidthPx, printLayout, withPageRule, type PrintLayout } from '../../main/electron/paper.js';

export interface PrintedLikeTheDesktop {
  pdf: Uint8Array;
  layout: PrintLayout;
  /** URLs the print window refused to fetch. */
  blocked: string[];
  /** Font files fetched from the service. */
  fonts: number;
}

export async function printLikeTheDesktop(
  browser: Browser,
  options: { html: string; paper: PaperSize; serviceUrl: string; folder: string },
): Promise<PrintedLikeTheDesktop> {
  const file = path.join(options.folder, `${options.paper}-${Date.now()}-${Math.random().toString(36).slice(2)}.html`);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: printableWidthPx(options.paper), height: 800 } });
  const blocked: string[] = [];
  let fonts = 0;
  await context.route('**/*', (route) => {
    const requested = route.request().url();
    if (!allowedInPrint(requested, options.serviceUrl, new Set([url]))) {
      blocked.push(requested);
      return route.abort();
    }
    if (requested.includes('/api-v1/fonts/')) fonts += 1;
    return route.continue();
  });
  try {
    const page = await context.newPage();
    writeFileSync(file, options.html);
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const layout = printLayout(options.paper, await measureForPrint((method, params) => cdp.send(method as never, params as never) as Promise<unknown>));
    writeFileSync(file, withPageRule(options.html, layout));
    await page.goto(url, { waitUntil: 'load' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, scale: layout.scaleFactor / 100 });
    return { pdf, layout, blocked, fonts };
  } finally {
    await context.close();
  }
}
