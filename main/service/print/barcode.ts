/**
 * The barcode on a label: EAN-13 when the item's barcode is a valid EAN-13 (what a scanner at any
 * counter or a supplier's system expects), else Code 128 of its barcode or, without one, its code.
 *
 * bwip-js (Barcode Writer in Pure PostScript, in JavaScript) encodes the symbol; its SVG at scale 1
 * is read back as bars in module units, and the PDF draws each bar as a filled rectangle, as
 * qr.ts's matrix is drawn: exactly as crisp as the printer allows, no bitmap in between. The
 * thermal printers draw their own barcodes (label-printer.ts) and need only the symbology and text.
 */
import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js';
import { ean13CheckDigit } from '../catalog/barcode.js';
import { invalid } from '../errors.js';

/** Loaded at the first label rather than at start-up (as pdf.ts loads pdfkit): it is 1 MB of script. */
let bwip: typeof BwipJs | undefined;
const bwipjs = (): typeof BwipJs => (bwip ??= createRequire(import.meta.url)('bwip-js') as typeof BwipJs);

export type Symbology = 'ean13' | 'code128';

export interface LabelBarcode {
  symbology: Symbology;
  /** What the bars hold: 13 digits for EAN-13, the barcode or code for Code 128. */
  text: string;
}

/** A barcode as bars, in modules (the narrowest bar's width), without quiet zones. */
export interface BarPattern {
  modules: number;
  bars: ReadonlyArray<{ x: number; width: number }>;
  /** Light modules a scanner needs clear on either side (EAN-13: 11 and 7; Code 128: 10). */
  quiet: { left: number; right: number };
}

export function isEan13(text: string | null): text is string {
  return text !== null && /^\d{13}$/.test(text) && ean13CheckDigit(text.slice(0, 12)) === text[12];
}

/** Printable ASCII: what Code 128 (sets A and B) and the printers' built-in fonts hold. */
const CODE128_TEXT = /^[\x20-\x7e]{1,48}$/;

export function labelBarcode(item: { code: string; barcode: string | null }): LabelBarcode {
  const barcode = item.barcode?.trim() || null;
  if (isEan13(barcode)) return { symbology: 'ean13', text: barcode };
  if (barcode && CODE128_TEXT.test(barcode)) return { symbology: 'code128', text: barcode };
  if (CODE128_TEXT.test(item.code)) return { symbology: 'code128', text: item.code };
  throw invalid(`Item ${item.code}: its barcode and code have characters a barcode cannot hold (letters, digits and signs of the keyboard only). Give it a barcode in the catalogue.`, {
    lines: [`Item ${item.code} has no barcode a label can print`],
  });
}

/** Patterns already drawn, by symbology and text; a sheet repeats each SKU's barcode many times. */
const PATTERNS_KEPT = 2048;
const patterns = new Map<string, BarPattern>();

/** `M0.50 29L0.50 0` with stroke-width w: a bar centred on x, w modules wide. */
const PATH = /<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g;
const MOVE = /M([\d.]+) /g;

export function barPattern(barcode: LabelBarcode): BarPattern {
  const key = `${barcode.symbology}\u0000${barcode.text}`;
  const kept = patterns.get(key);
  if (kept) return kept;
  const svg = bwipjs().toSVG({ bcid: barcode.symbology, text: barcode.text, scale: 1, height: 1 });
  const modules = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)?.[1]);
  const bars: { x: number; width: number }[] = [];
  for (const [, width, d] of svg.matchAll(PATH)) {
    for (const [, centre] of d!.matchAll(MOVE)) bars.push({ x: Number(centre) - Number(width) / 2, width: Number(width) });
  }
  if (!Number.isFinite(modules) || bars.length === 0) throw new Error(`bwip-js drew no bars for ${barcode.symbology} ${barcode.text}`);
  bars.sort((a, b) => a.x - b.x);
  const pattern: BarPattern = { modules, bars, quiet: barcode.symbology === 'ean13' ? { left: 11, right: 7 } : { left: 10, right: 10 } };
  patterns.set(key, pattern);
  if (patterns.size > PATTERNS_KEPT) patterns.delete(patterns.keys().next().value!);
  return pattern;
}
