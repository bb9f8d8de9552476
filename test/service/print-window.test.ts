/**
 * The desktop print path without Electron, in the same engine: a real receipt's HTML from the
 * service (started as the desktop app starts it, with a key), opened in Chromium the way the
 * print window opens it (a file, JavaScript off, nothing loaded but the document and the
 * service's fonts), measured over DevTools (measure.ts), given its page (paper.ts) and printed
 * to PDF. The PDF must be one page of exactly the computed size with the receipt's numbers on
 * it: the roll is long enough, and not a page of A4.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright';
import { createClient, type Client } from '../../shared/client.js';
import { SERVICE_KEY_HEADER, type PaperSize } from '../../shared/desktop.js';
import { api } from '../../shared/endpoints/index.js';
import { allowedInPrint } from '../../main/electron/bridge-requests.js';
import { measureForPrint } from '../../main/electron/measure.js';
import { MICRONS_PER_MM, printableWidthPx, printLayout, withPageRule } from '../../main/electron/paper.js';
import { encIdOf, pdfInfo, pdfText, squeeze } from '../helpers/print.js';
import { makeSale } from '../helpers/sales.js';
import { startTestService, type TestService } from '../helpers/service.js';

const KEY = 'print-window-test-key-0123456789';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PT_PER_MICRON = 72 / 25_400;

let svc: TestService;
let cashier: Client;
let browser: Browser;
let folder: string;

before(async () => {
  svc = await startTestService({ serviceKey: KEY });
  const keyed = createClient({ baseUrl: svc.url, headers: { [SERVICE_KEY_HEADER]: KEY } });
  const { token } = await keyed.call(api.Auth.login, { body: { userName: 'cashier', password: 'demo1234' } });
  cashier = createClient({ baseUrl: svc.url, headers: { [SERVICE_KEY_HEADER]: KEY }, getToken: () => token });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  folder = mkdtempSync(path.join(os.tmpdir(), 'pos-print-window-'));
});
after(async () => {
  await browser?.close();
  await svc?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

interface Printed {
  pdf: Uint8Array;
  layout: ReturnType<typeof printLayout>;
  blocked: string[];
  fonts: number;
}

/** What print.ts does with Electron, step by step, with Playwright's Chromium instead. */
async function printLikeTheDesktop(html: string, paper: PaperSize): Promise<Printed> {
  const file = path.join(folder, `${paper}-${Date.now()}.html`);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: printableWidthPx(paper), height: 800 } });
  const blocked: string[] = [];
  let fonts = 0;
  await context.route('**/*', (route) => {
    const requested = route.request().url();
    if (!allowedInPrint(requested, svc.url, new Set([url]))) {
      blocked.push(requested);
      return route.abort();
    }
    if (requested.includes('/api-v1/fonts/')) fonts += 1;
    return route.continue();
  });
  try {
    const page = await context.newPage();
    writeFileSync(file, html);
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const size = await measureForPrint((method, params) => cdp.send(method as never, params as never) as Promise<unknown>);
    const layout = printLayout(paper, size);
    writeFileSync(file, withPageRule(html, layout));
    await page.goto(url, { waitUntil: 'load' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, scale: layout.scaleFactor / 100 });
    return { pdf, layout, blocked, fonts };
  } finally {
    await context.close();
  }
}

async function receiptHtml(): Promise<{ html: string; receiptNo: string; orderNo: string }> {
  const sale = await makeSale(svc, cashier, { paid: 500, qty: 2 });
  const id = encIdOf(svc, 'receipt', sale.receiptNo!);
  const answer = await cashier.raw(api.Common.receiptPdfHtml, { body: id });
  assert.match(answer.contentType, /^text\/html/);
  return { html: new TextDecoder().decode(answer.bytes), receiptNo: sale.receiptNo!, orderNo: sale.salesOrderNo };
}

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1, `${what}: ${actual} pt, expected ${expected.toFixed(2)} pt`);

test(
  'an 80 mm receipt prints as one page exactly the roll’s width and the measured length',
  { skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}` },
  async () => {
    const { html, receiptNo, orderNo } = await receiptHtml();
    const { pdf, layout, blocked, fonts } = await printLikeTheDesktop(html, '80mm');
    const info = pdfInfo(pdf);
    assert.equal(info.pages, 1, 'the whole receipt on one length of roll');
    near(info.widthPt, 80 * MICRONS_PER_MM * PT_PER_MICRON, 'width');
    near(info.heightPt, layout.pageSize.height * PT_PER_MICRON, 'height');
    assert.ok(layout.pageSize.height > 60_000 && layout.pageSize.height < 400_000, `a receipt's length: ${layout.pageSize.height} µm`);
    assert.equal(layout.scaleFactor, 100, 'an 80 mm receipt fits an 80 mm roll unscaled');
    const text = squeeze(pdfText(pdf));
    assert.ok(text.includes(receiptNo), 'the receipt number is on the paper');
    assert.ok(text.includes(orderNo), 'the order number is on the paper, at the end of the roll too');
    assert.deepEqual(blocked, [], 'the receipt needs nothing beyond its fonts');
    assert.ok(fonts > 0, 'the service’s fonts load into the print window (no key, from a file:// page)');
  },
);

test(
  'the same receipt on a 58 mm roll is scaled to fit, still one page of the roll’s width',
  { skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}` },
  async () => {
    const { html, receiptNo } = await receiptHtml();
    const { pdf, layout } = await printLikeTheDesktop(html, '58mm');
    assert.ok(layout.scaleFactor < 100);
    const info = pdfInfo(pdf);
    assert.equal(info.pages, 1);
    near(info.widthPt, 58 * MICRONS_PER_MM * PT_PER_MICRON, 'width');
    near(info.heightPt, layout.pageSize.height * PT_PER_MICRON, 'height');
    assert.ok(squeeze(pdfText(pdf)).includes(receiptNo));
  },
);

test(
  'a receipt on A5 gets the A5 sheet, not Chromium’s A4 default; anything else the HTML names is not fetched',
  { skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}` },
  async () => {
    const { html } = await receiptHtml();
    // Without the document's own CSP, to see the print window's filter do the refusing.
    const tracked = html
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('</body>', '<img src="https://tracker.example/pixel.gif"><img src="file:///etc/hostname"></body>');
    assert.notEqual(tracked, html);
    const { pdf, blocked } = await printLikeTheDesktop(tracked, 'A5');
    const info = pdfInfo(pdf);
    near(info.widthPt, 148 * MICRONS_PER_MM * PT_PER_MICRON, 'width');
    near(info.heightPt, 210 * MICRONS_PER_MM * PT_PER_MICRON, 'height');
    assert.deepEqual([...new Set(blocked)].sort(), ['file:///etc/hostname', 'https://tracker.example/pixel.gif']);
  },
);
