/**
 * The desktop print path without Electron, in the same engine: a real receipt's HTML from the
 * service (started as the desktop app starts it, with a key), opened in Chromium the way the
 * print window opens it (a file, JavaScript off, nothing loaded but the document and the
 * service's fonts), measured over DevTools (measure.ts), given its page (paper.ts) and printed
 * to PDF. The PDF must be one page of exactly the computed size with the receipt's numbers on
 * it: the roll is long enough, and not a page of A4.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright';
import { createClient, type Client } from '../../shared/client.js';
import { SERVICE_KEY_HEADER, type PaperSize } from '../../shared/desktop.js';
import { api } from '../../shared/endpoints/index.js';
import { MICRONS_PER_MM } from '../../main/electron/paper.js';
import { chromiumPath } from '../../scripts/prerequisites.mjs';
import { encIdOf, pdfInfo, pdfText, squeeze } from '../helpers/print.js';
import { printLikeTheDesktop } from '../helpers/print-window.js';
import { makeSale } from '../helpers/sales.js';
import { openTillOnce, startTestService, type TestService } from '../helpers/service.js';

const KEY = 'print-window-test-key-0123456789';
const CHROMIUM = chromiumPath();
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
  await openTillOnce(cashier);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  folder = mkdtempSync(path.join(os.tmpdir(), 'pos-print-window-'));
});
after(async () => {
  await browser?.close();
  await svc?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const printLike = (html: string, paper: PaperSize) => printLikeTheDesktop(browser, { html, paper, serviceUrl: svc.url, folder });

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
    const { pdf, layout, blocked, fonts } = await printLike(html, '80mm');
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
    const { pdf, layout } = await printLike(html, '58mm');
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
    const { pdf, blocked } = await printLike(tracked, 'A5');
    const info = pdfInfo(pdf);
    near(info.widthPt, 148 * MICRONS_PER_MM * PT_PER_MICRON, 'width');
    near(info.heightPt, 210 * MICRONS_PER_MM * PT_PER_MICRON, 'height');
    assert.deepEqual([...new Set(blocked)].sort(), ['file:///etc/hostname', 'https://tracker.example/pixel.gif']);
  },
);
