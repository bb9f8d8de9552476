/**
 * Reading a label sheet as a scanner does: a page of the PDF rasterised by pdftoppm, a label's
 * cell cut out by its position on the sheet, and ZXing over its pixels. Used by the labels' HTTP
 * tests and by the e2e story that scans a printed label at the counter.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zxing from '@zxing/library';
import { PNG } from 'pngjs';

// ZXing ships CommonJS: its names come off the default export under Node's ESM loader.
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

export interface GreyPage {
  width: number;
  height: number;
  grey: Uint8ClampedArray;
}

export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function withPdf<T>(bytes: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-labels-'));
  try {
    const file = path.join(dir, 'labels.pdf');
    writeFileSync(file, bytes);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page `page` rasterised at `dpi` by pdftoppm, as grey levels. */
export function pageGrey(bytes: Uint8Array, page: number, dpi: number): GreyPage {
  const png = withPdf(bytes, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, 'page.png'));
  });
  const image = PNG.sync.read(png);
  const grey = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < grey.length; i++) grey[i] = image.data[i * 4]!;
  return { width: image.width, height: image.height, grey };
}

/** The 65-up sheet's cell of position p (1-based), in millimetres: left, top, width, height. */
export const cell65 = (p: number): Cell => ({ x: 4.75 + ((p - 1) % 5) * 40.6, y: 10.7 + Math.floor((p - 1) / 5) * 21.2, w: 38.1, h: 21.2 });

export function crop(page: { width: number; grey: Uint8ClampedArray }, dpi: number, mm: Cell) {
  const px = (v: number) => Math.round((v * dpi) / 25.4);
  const [x0, y0, w, h] = [px(mm.x), px(mm.y), px(mm.w), px(mm.h)];
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = page.grey[(y0 + y) * page.width + x0 + x]!;
  return { w, h, grey: out, dark: out.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) / out.length };
}

/** What a scanner reads in the label at cell `mm` of the page: ZXing over the pixels. */
export function scan(page: { width: number; grey: Uint8ClampedArray }, dpi: number, mm: Cell): { text: string; format: string } {
  const part = crop(page, dpi, mm);
  const hints = new Map<zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(part.grey, part.w, part.h))), hints);
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}
