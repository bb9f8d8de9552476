/** The print bridge's paper maths (main/electron/paper.ts), which runs without Electron. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_ROLL_MM,
  MIN_PAGE_MICRONS,
  ROLL_FEED_MM,
  mmToPx,
  printableWidthPx,
  printLayout,
  pxToMicrons,
  withPageRule,
} from '../../main/electron/paper.js';

test('a CSS pixel is 1/96 inch: 96 px are 25.4 mm, 1 mm is about 3.78 px', () => {
  assert.equal(pxToMicrons(96), 25_400);
  assert.equal(Math.round(pxToMicrons(1) * 1000) / 1000, 264.583);
  assert.equal(Math.round(mmToPx(25.4) * 1e9) / 1e9, 96);
  assert.equal(Math.round(mmToPx(1) * 1000) / 1000, 3.78);
});

test('documents are laid out at the printable width: 72 mm of an 80 mm roll, 48 mm of a 58 mm one', () => {
  assert.equal(printableWidthPx('80mm'), Math.floor(mmToPx(72)));
  assert.equal(printableWidthPx('80mm'), 272);
  assert.equal(printableWidthPx('58mm'), 181);
  assert.equal(printableWidthPx('A4'), Math.floor(mmToPx(186)));
});

test('sheets get their ISO size in microns whatever the content, never Electron’s A4 default by omission', () => {
  const a4 = printLayout('A4', { widthPx: 600, heightPx: 5000 });
  assert.deepEqual(a4.pageSize, { width: 210_000, height: 297_000 });
  assert.equal(a4.scaleFactor, 100);
  assert.equal(a4.pageCss, '@page{size:210mm 297mm;margin:12mm 12mm 12mm 12mm;}');
  const a5 = printLayout('A5', { widthPx: 400, heightPx: 10 });
  assert.deepEqual(a5.pageSize, { width: 148_000, height: 210_000 });
  assert.equal(a5.pageCss, '@page{size:148mm 210mm;margin:10mm 10mm 10mm 10mm;}');
});

test('a roll is as long as its content plus margins and feed, rounded up to the millimetre', () => {
  // 378 px ≈ 100.01 mm of content; +3 top +3 bottom +4 feed → 111 mm.
  const layout = printLayout('80mm', { widthPx: 272, heightPx: 378 });
  const expectedMm = Math.ceil(pxToMicrons(378) / 1000 + 3 + 3 + ROLL_FEED_MM);
  assert.equal(expectedMm, 111);
  assert.deepEqual(layout.pageSize, { width: 80_000, height: 111_000 });
  assert.equal(layout.scaleFactor, 100);
  assert.equal(layout.pageCss, '@page{size:80mm 111mm;margin:3mm 4mm 3mm 4mm;}');
  assert.equal(printLayout('58mm', { widthPx: 181, heightPx: 378 }).pageSize.width, 58_000);
});

test('a longer receipt makes a longer page; an empty one still a valid page', () => {
  const short = printLayout('80mm', { widthPx: 272, heightPx: 300 }).pageSize.height;
  const long = printLayout('80mm', { widthPx: 272, heightPx: 3000 }).pageSize.height;
  assert.ok(long > short);
  const empty = printLayout('80mm', { widthPx: 272, heightPx: 0 });
  assert.equal(empty.pageSize.height, (3 + 3 + ROLL_FEED_MM) * 1000);
  assert.ok(empty.pageSize.height >= MIN_PAGE_MICRONS);
});

test('an endless roll is cut into pages of the longest length', () => {
  const layout = printLayout('80mm', { widthPx: 272, heightPx: 1_000_000 });
  assert.equal(layout.pageSize.height, MAX_ROLL_MM * 1000);
});

test('a document wider than the paper is scaled down to fit, and a roll’s length shrinks with it', () => {
  // An 80 mm receipt (72 mm sheet = 272 px) on a 58 mm roll (181 px printable).
  const layout = printLayout('58mm', { widthPx: 272, heightPx: 1000 });
  assert.equal(layout.scaleFactor, Math.floor((181 / 272) * 100));
  assert.equal(layout.scaleFactor, 66);
  const unscaled = printLayout('58mm', { widthPx: 181, heightPx: 1000 });
  assert.ok(layout.pageSize.height < unscaled.pageSize.height);
  assert.equal(layout.pageSize.height, Math.ceil((pxToMicrons(1000) * 0.66) / 1000 + 3 + 3 + ROLL_FEED_MM) * 1000);
  // An A4 invoice on A5 paper keeps the A5 page and scales.
  const a5 = printLayout('A5', { widthPx: printableWidthPx('A4'), heightPx: 1000 });
  assert.deepEqual(a5.pageSize, { width: 148_000, height: 210_000 });
  assert.ok(a5.scaleFactor < 100 && a5.scaleFactor > 60);
});

test('nonsense measurements are refused, not printed as a zero-width page', () => {
  assert.throws(() => printLayout('80mm', { widthPx: 0, heightPx: 100 }), RangeError);
  assert.throws(() => printLayout('A4', { widthPx: Number.NaN, heightPx: 100 }), RangeError);
  assert.throws(() => printLayout('A4', { widthPx: 100, heightPx: -1 }), RangeError);
});

test('the page rule comes after the document, so it overrides the document’s own @page', () => {
  const layout = printLayout('80mm', { widthPx: 272, heightPx: 100 });
  const html = '<!doctype html><html><head><style>@page{size:80mm 300mm;margin:4mm;}</style></head><body>x</body></html>';
  const printed = withPageRule(html, layout);
  assert.ok(printed.startsWith(html));
  assert.ok(printed.lastIndexOf(layout.pageCss) > printed.indexOf('@page{size:80mm 300mm'));
});
