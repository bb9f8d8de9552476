/**
 * Draws a PrintedDocument with pdfkit. Text is set run by run in the face that has its script
 * (fonts.ts), so "₹" and "राजेश" both print. Fixed sheets (A4, A5) break pages and repeat a
 * table's header; a roll (80 mm) is drawn twice, once to measure and once on a page exactly
 * that long, so the thermal printer feeds no blank paper.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { FONT_FILES, fontFolder, scriptRuns, type FontFile, type Script } from './fonts.js';
import type { Align, Block, Column, Logo, PrintedDocument } from './layout.js';
import { mmToPt } from './paper.js';
import { qrMatrix, QUIET_ZONE } from './qr.js';

export type Pdf = PDFKit.PDFDocument;

/**
 * pdfkit and fontkit take about 230 ms to load: loaded on the first print, not on every start
 * (issue 12, start to first login), synchronously because HTML pages are sized by a measure pass.
 */
const load = createRequire(import.meta.url);
let pdfkit: typeof PDFKitDocument | undefined;
const PDFDocument = function (this: unknown, ...args: ConstructorParameters<typeof PDFKitDocument>) {
  pdfkit ??= load('pdfkit') as typeof PDFKitDocument;
  return new pdfkit(...args);
} as unknown as typeof PDFKitDocument;

/** The PDF format's largest page side (200 in); a roll longer than this breaks into pages. */
const MAX_PAGE_PT = 14_400;
const LINE_GAP = 1;
const RULE = '#888888';
const FAINT = '#cccccc';

/** fontkit's subset of a face: the glyphs a document used, in the order it first used them. */
type Subset = { glyphs: number[]; encode(): Uint8Array };
/** A fontkit font as pdfkit parsed it; registerFont takes one back (pdfkit 0.20), its types do not say so. */
type ParsedFont = { layout(text: string, features?: unknown): unknown; createSubset(): Subset };
/**
 * The current face of a pdfkit document, which holds the fontkit font pdfkit parsed; its types leave
 * both out. Parsed through pdfkit because fontkit is pdfkit's dependency, not one of ours.
 */
type FontHolder = { _font?: { font?: ParsedFont } };

/**
 * Every face, parsed once per process and handed to each document already parsed. fontkit fills
 * its glyph, metrics and shaping caches on the font object as text is laid out, so a fresh parse
 * per document (and a roll is laid out twice) started every receipt cold: about 50 ms a pass.
 * pdfkit still embeds a subset of its own per document, so the bytes are the same. Should a later
 * pdfkit keep the parsed font elsewhere, each document parses the file again: slower, not wrong.
 */
let parsedFonts: Map<FontFile, ParsedFont | Buffer> | null = null;
export function printFaces(): ReadonlyMap<FontFile, ParsedFont | Buffer> {
  parsedFonts ??= new Map(
    (Object.keys(FONT_FILES) as FontFile[]).map((file) => {
      const bytes = readFileSync(path.join(fontFolder(), file));
      const parsed = (new PDFDocument({ autoFirstPage: false }).font(bytes) as unknown as FontHolder)._font?.font;
      return [file, typeof parsed?.layout === 'function' && typeof parsed.createSubset === 'function' ? remembersSubsets(remembersLayouts(parsed)) : bytes];
    }),
  );
  return parsedFonts;
}

/** Text runs a face remembers shaped; a receipt lays out a few hundred, most of them the same each time. */
const LAYOUTS_KEPT = 4096;

/**
 * Shaping a run (fontkit's OpenType substitution and positioning) was a third of a receipt's time,
 * done afresh for every document and twice for a roll (measured, then drawn): the same store
 * name, labels and amounts each time. The face now remembers each run shaped, most recently used
 * first. pdfkit scales the positions of the run it is given in place, so each caller gets its own
 * copy of them; the glyphs are only read.
 */
function remembersLayouts(font: ParsedFont): ParsedFont {
  type Run = { positions: object[] };
  const shape = font.layout.bind(font) as (text: string, features?: unknown) => Run;
  const kept = new Map<string, Run>();
  const copy = <T extends object>(o: T): T => Object.assign(Object.create(Object.getPrototypeOf(o) as object) as T, o);
  font.layout = (text: string, features?: unknown) => {
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = kept.get(key);
    if (run) kept.delete(key);
    else run = shape(text, features);
    kept.set(key, run);
    if (kept.size > LAYOUTS_KEPT) kept.delete(kept.keys().next().value!);
    const mine = copy(run);
    mine.positions = run.positions.map(copy);
    return mine;
  };
  return font;
}

/** Embedded subsets a face remembers; a few kilobytes each. */
const SUBSETS_KEPT = 64;

/**
 * Writing a document's font subset (fontkit reads each glyph it used and writes a small font of
 * them) was a third of a receipt's time once shaping was remembered (node --cpu-prof over 600
 * receipt PDFs). A subset's bytes follow from its glyphs and their order alone, and every Latin
 * face starts from the same glyphs in the same order (startsAlike), so receipts that use no other
 * glyph share one subset: the face remembers the bytes by that list, most recently used first.
 */
function remembersSubsets(font: ParsedFont): ParsedFont {
  const create = font.createSubset.bind(font);
  const kept = new Map<string, Uint8Array>();
  font.createSubset = () => {
    const subset = create();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = kept.get(key);
      if (bytes) kept.delete(key);
      else bytes = encode();
      kept.set(key, bytes);
      if (kept.size > SUBSETS_KEPT) kept.delete(kept.keys().next().value!);
      return bytes;
    };
    return subset;
  };
  return font;
}

/**
 * The characters every Latin face of a document takes into its subset first, one by one (spaced,
 * so no two shape into a ligature): what receipts and invoices print. A document then adds only
 * what is rarer (a ligature, an accented name), and most documents end with the same subset.
 */
const LATIN_START = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).concat(['₹', '•', '–', '—', '×', '…']).join(' ');
const startedFaces = new WeakSet<object>();

/** pdfkit's face in use: encode() lays text out and takes its glyphs into the subset. */
type EmbeddedFace = { encode(text: string): unknown };

function startsAlike(pdf: Pdf, script: Script): void {
  if (script !== 'latin') return;
  const face = (pdf as unknown as { _font?: EmbeddedFace })._font;
  if (!face || typeof face.encode !== 'function' || startedFaces.has(face)) return;
  startedFaces.add(face);
  face.encode(LATIN_START);
}

const faceName = (script: Script, bold: boolean) => `${script}-${bold ? 'bold' : 'regular'}`;

interface Page {
  pdf: Pdf;
  y: number;
  left: number;
  width: number;
  top: number;
  /** Lowest y text may reach; null on a roll being measured or drawn to length. */
  bottom: number | null;
  size: number;
  roll: boolean;
}

function newPdf(doc: PrintedDocument, heightPt: number): Pdf {
  return openPdf(doc.title, mmToPt(doc.paper.widthMm), heightPt, mmToPt(doc.paper.marginMm));
}

/**
 * A document with the print faces registered and nothing drawn: what newPdf starts every block
 * document from, and what a layout that is not a flow of blocks (a label sheet's grid) draws on.
 */
export function openPdf(title: string, widthPt: number, heightPt: number, margin: number): Pdf {
  const pdf = new PDFDocument({
    size: [widthPt, heightPt],
    margin,
    info: { Title: title, Producer: 'Optical POS', Creator: 'Optical POS' },
    lang: 'en-IN',
    displayTitle: true,
    // No default face: pdfkit's default, Helvetica, was parsed from its AFM data for every document
    // (a millisecond each, twice a roll) and never used. Our Latin face as the default was worse:
    // opened unnamed, it made pdfkit compare every later `font('latin-regular')` against it
    // (isEqualFont stringifies the font's name table) and open it afresh, for every run of text.
    // Registered by name first, each face is opened once per document and found by its name after.
    font: null as unknown as string,
  });
  for (const [file, font] of printFaces()) {
    const { script, weight } = FONT_FILES[file];
    pdf.registerFont(faceName(script, weight === 'bold'), font as Buffer);
  }
  pdf.font(faceName('latin', false));
  startsAlike(pdf, 'latin');
  return pdf;
}

function setFace(pdf: Pdf, script: Script, bold: boolean, size: number): void {
  pdf.font(faceName(script, bold)).fontSize(size);
  startsAlike(pdf, script);
}

/** Height of text wrapped to `width`. Mixed-script text is estimated from its runs' widths. */
function textHeight(pdf: Pdf, text: string, width: number, size: number, bold = false): number {
  const runs = scriptRuns(text || ' ');
  if (runs.length === 1) {
    setFace(pdf, runs[0]!.script, bold, size);
    return pdf.heightOfString(text || ' ', { width, lineGap: LINE_GAP });
  }
  let total = 0;
  let line = 0;
  for (const run of runs) {
    setFace(pdf, run.script, bold, size);
    total += pdf.widthOfString(run.text);
    line = Math.max(line, pdf.currentLineHeight(true) + LINE_GAP);
  }
  // A word pushed to the next line leaves a gap; a quarter line of slack per line covers it.
  return Math.max(1, Math.ceil((total * 1.05) / width)) * line;
}

function drawText(pdf: Pdf, text: string, x: number, y: number, width: number, size: number, options: { bold?: boolean; align?: Align } = {}): void {
  if (!text) return;
  const runs = scriptRuns(text);
  runs.forEach((run, i) => {
    setFace(pdf, run.script, options.bold ?? false, size);
    const opts = { width, align: options.align ?? 'left', lineGap: LINE_GAP, continued: i < runs.length - 1 };
    if (i === 0) pdf.text(run.text, x, y, opts);
    else pdf.text(run.text, opts);
  });
}

/** Width of one line of text, run by run in the face of each script. */
function lineWidth(pdf: Pdf, text: string, size: number, bold: boolean): number {
  let width = 0;
  for (const run of scriptRuns(text)) {
    setFace(pdf, run.script, bold, size);
    width += pdf.widthOfString(run.text);
  }
  return width;
}

/**
 * One line that never wraps: cut with "…" where it would pass `width`, and placed by `align`.
 * What a label draws, where a second line has no room. Answers the width drawn.
 */
export function drawLine(pdf: Pdf, text: string, x: number, y: number, width: number, size: number, options: { bold?: boolean; align?: Align } = {}): number {
  const bold = options.bold ?? false;
  let line = text;
  if (lineWidth(pdf, line, size, bold) > width) {
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (lineWidth(pdf, `${chars.slice(0, mid).join('').trimEnd()}…`, size, bold) <= width) lo = mid;
      else hi = mid - 1;
    }
    line = `${chars.slice(0, lo).join('').trimEnd()}…`;
  }
  const drawn = lineWidth(pdf, line, size, bold);
  let at = options.align === 'center' ? x + (width - drawn) / 2 : options.align === 'right' ? x + width - drawn : x;
  for (const run of scriptRuns(line)) {
    setFace(pdf, run.script, bold, size);
    // lineBreak false: drawn where asked, never wrapped, and never a new page near the sheet's foot.
    pdf.text(run.text, at, y, { lineBreak: false });
    at += pdf.widthOfString(run.text);
  }
  return drawn;
}

function hline(pdf: Pdf, x: number, y: number, width: number, color = RULE, weight = 0.5): void {
  pdf.save().moveTo(x, y).lineTo(x + width, y).lineWidth(weight).strokeColor(color).stroke().restore();
}

/** Room for `height` more points, or a new page (fixed sheets only). True when a page was added. */
function ensure(page: Page, height: number): boolean {
  if (page.bottom === null || page.y + height <= page.bottom) return false;
  page.pdf.addPage();
  page.y = page.top;
  return true;
}

/** pdfkit opens images with a method its type definitions leave out. */
interface OpenedImage {
  width: number;
  height: number;
}
type ImageOpener = { openImage(src: Buffer): OpenedImage };

function logoSize(pdf: Pdf, logo: Logo, maxW: number, maxH: number): { image: OpenedImage; w: number; h: number } | null {
  try {
    const image = (pdf as unknown as ImageOpener).openImage(Buffer.from(logo.bytes));
    const scale = Math.min(maxW / image.width, maxH / image.height);
    return { image, w: image.width * scale, h: image.height * scale };
  } catch {
    // A damaged logo file must not stop a receipt: print without it.
    return null;
  }
}

function letterhead(page: Page, block: Extract<Block, { kind: 'letterhead' }>): void {
  const { pdf } = page;
  if (block.logo) {
    const fitted = logoSize(pdf, block.logo, Math.min(page.width, mmToPt(page.roll ? 40 : 50)), mmToPt(page.roll ? 16 : 18));
    if (fitted) {
      pdf.image(fitted.image as unknown as Buffer, page.left + (page.width - fitted.w) / 2, page.y, { width: fitted.w, height: fitted.h });
      page.y += fitted.h + 4;
    }
  }
  const nameSize = page.size + 4;
  drawText(pdf, block.name, page.left, page.y, page.width, nameSize, { bold: true, align: 'center' });
  page.y += textHeight(pdf, block.name, page.width, nameSize, true);
  for (const line of block.lines) {
    drawText(pdf, line, page.left, page.y, page.width, page.size - 0.5, { align: 'center' });
    page.y += textHeight(pdf, line, page.width, page.size - 0.5);
  }
  page.y += 4;
}

function title(page: Page, block: Extract<Block, { kind: 'title' }>): void {
  const { pdf } = page;
  const size = page.size + 2;
  hline(pdf, page.left, page.y, page.width);
  page.y += 3;
  drawText(pdf, block.text, page.left, page.y, page.width, size, { bold: true, align: 'center' });
  const h = textHeight(pdf, block.text, page.width, size, true);
  if (block.note && !page.roll) {
    drawText(pdf, block.note, page.left, page.y + (h - textHeight(pdf, block.note, page.width, page.size - 1)) / 2, page.width, page.size - 1, { align: 'right' });
    page.y += h;
  } else if (block.note) {
    page.y += h;
    drawText(pdf, block.note, page.left, page.y, page.width, page.size - 1, { align: 'center' });
    page.y += textHeight(pdf, block.note, page.width, page.size - 1);
  } else {
    page.y += h;
  }
  page.y += 1;
  hline(pdf, page.left, page.y, page.width);
  page.y += 4;
}

function fieldColumn(page: Page, rows: readonly (readonly [string, string])[], x: number, width: number, y: number): number {
  const { pdf } = page;
  const labelW = width * (page.roll ? 0.36 : 0.34);
  for (const [label, value] of rows) {
    const h = Math.max(textHeight(pdf, label, labelW - 4, page.size), textHeight(pdf, value, width - labelW, page.size, true));
    if (page.bottom !== null && y + h > page.bottom) {
      pdf.addPage();
      y = page.top;
    }
    pdf.fillColor('#444444');
    drawText(pdf, label, x, y, labelW - 4, page.size);
    pdf.fillColor('black');
    drawText(pdf, value, x + labelW, y, width - labelW, page.size, { bold: true });
    y += h + 1;
  }
  return y;
}

function fields(page: Page, block: Extract<Block, { kind: 'fields' }>): void {
  const columns = block.columns === 2 && !page.roll ? 2 : 1;
  if (columns === 1) {
    page.y = fieldColumn(page, block.rows, page.left, page.width, page.y) + 3;
    return;
  }
  const gap = 12;
  const w = (page.width - gap) / 2;
  const half = Math.ceil(block.rows.length / 2);
  const start = page.y;
  const leftEnd = fieldColumn(page, block.rows.slice(0, half), page.left, w, start);
  const rightEnd = fieldColumn(page, block.rows.slice(half), page.left + w + gap, w, start);
  page.y = Math.max(leftEnd, rightEnd) + 3;
}

function parties(page: Page, block: Extract<Block, { kind: 'parties' }>): void {
  const { pdf } = page;
  const pad = 4;
  const n = page.roll ? 1 : block.parts.length;
  const gap = 8;
  const w = (page.width - gap * (n - 1)) / n;
  const heightOf = (part: (typeof block.parts)[number]) =>
    textHeight(pdf, part.heading, w - 2 * pad, page.size - 0.5, true) + part.lines.reduce((sum, l) => sum + textHeight(pdf, l, w - 2 * pad, page.size), 0);
  const rows: (typeof block.parts)[number][][] = page.roll ? block.parts.map((p) => [p]) : [[...block.parts]];
  for (const row of rows) {
    const h = Math.max(...row.map(heightOf)) + 2 * pad;
    ensure(page, h);
    row.forEach((part, i) => {
      const x = page.left + i * (w + gap);
      pdf.save().rect(x, page.y, w, h).lineWidth(0.5).strokeColor(RULE).stroke().restore();
      let y = page.y + pad;
      drawText(pdf, part.heading, x + pad, y, w - 2 * pad, page.size - 0.5, { bold: true });
      y += textHeight(pdf, part.heading, w - 2 * pad, page.size - 0.5, true);
      for (const line of part.lines) {
        drawText(pdf, line, x + pad, y, w - 2 * pad, page.size);
        y += textHeight(pdf, line, w - 2 * pad, page.size);
      }
    });
    page.y += h + 5;
  }
}

function columnWidths(columns: readonly Column[], width: number): number[] {
  const total = columns.reduce((s, c) => s + c.width, 0);
  return columns.map((c) => (c.width / total) * width);
}

function table(page: Page, block: Extract<Block, { kind: 'table' }>): void {
  const { pdf } = page;
  const size = page.size - (page.roll ? 0 : 1);
  const pad = 1.5;
  const widths = columnWidths(block.columns, page.width);
  const rowHeight = (cells: readonly string[], bold: boolean) =>
    Math.max(...cells.map((c, i) => textHeight(pdf, c, widths[i]! - 2 * pad, size, bold))) + 2 * pad;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    let x = page.left;
    cells.forEach((cell, i) => {
      drawText(pdf, cell, x + pad, page.y + pad, widths[i]! - 2 * pad, size, { bold, align: block.columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
  };
  const header = () => {
    const titles = block.columns.map((c) => c.title);
    const h = rowHeight(titles, true);
    pdf.save().rect(page.left, page.y, page.width, h).fill('#eeeeee').restore();
    pdf.fillColor('black');
    drawRow(titles, true);
    page.y += h;
    hline(pdf, page.left, page.y, page.width);
  };
  ensure(page, rowHeight(block.columns.map((c) => c.title), true) * 2);
  header();
  for (const row of block.rows) {
    const h = rowHeight(row, false);
    if (ensure(page, h)) header();
    drawRow(row, false);
    page.y += h;
    hline(pdf, page.left, page.y, page.width, FAINT);
  }
  page.y += 4;
}

function totals(page: Page, block: Extract<Block, { kind: 'totals' }>): void {
  const { pdf } = page;
  const w = page.roll ? page.width : page.width * 0.45;
  const x = page.left + page.width - w;
  for (const row of block.rows) {
    const size = row.strong ? page.size + 1 : page.size;
    const h = Math.max(textHeight(pdf, row.label, w * 0.6, size, row.strong), textHeight(pdf, row.value, w * 0.4, size, row.strong)) + 1;
    ensure(page, h + 2);
    if (row.strong) {
      hline(pdf, x, page.y, w);
      page.y += 2;
    }
    drawText(pdf, row.label, x, page.y, w * 0.6, size, { bold: row.strong ?? false });
    drawText(pdf, row.value, x + w * 0.4, page.y, w * 0.6, size, { bold: row.strong ?? false, align: 'right' });
    page.y += h;
  }
  page.y += 4;
}

function qr(page: Page, block: Extract<Block, { kind: 'qr' }>): void {
  const { pdf } = page;
  const matrix = qrMatrix(block.text);
  const side = mmToPt(page.roll ? 26 : 24);
  const captionH = textHeight(pdf, block.caption, page.width, page.size - 1);
  ensure(page, side + captionH + 4);
  const unit = side / (matrix.size + 2 * QUIET_ZONE);
  const x0 = page.left + (page.width - side) / 2;
  pdf.save();
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      // A hair of overlap keeps viewers from drawing seams between modules.
      if (matrix.dark(row, col)) pdf.rect(x0 + (col + QUIET_ZONE) * unit, page.y + (row + QUIET_ZONE) * unit, unit + 0.05, unit + 0.05);
    }
  }
  pdf.fill('black').restore();
  page.y += side;
  drawText(pdf, block.caption, page.left, page.y, page.width, page.size - 1, { align: 'center' });
  page.y += captionH + 4;
}

function signature(page: Page, block: Extract<Block, { kind: 'signature' }>): void {
  const { pdf } = page;
  const w = page.roll ? page.width : page.width * 0.4;
  const x = page.left + page.width - w;
  const room = 30;
  const h = textHeight(pdf, block.above, w, page.size, true) + room + textHeight(pdf, block.below, w, page.size - 0.5) + 4;
  ensure(page, h);
  page.y += 4;
  drawText(pdf, block.above, x, page.y, w, page.size, { bold: true, align: 'center' });
  page.y += textHeight(pdf, block.above, w, page.size, true) + room;
  hline(pdf, x, page.y, w, 'black');
  page.y += 2;
  drawText(pdf, block.below, x, page.y, w, page.size - 0.5, { align: 'center' });
  page.y += textHeight(pdf, block.below, w, page.size - 0.5) + 4;
}

function stamp(page: Page, block: Extract<Block, { kind: 'stamp' }>): void {
  const { pdf } = page;
  const size = page.size + 6;
  const h = textHeight(pdf, block.text, page.width, size, true) + 6;
  ensure(page, h + 4);
  pdf.save().rect(page.left, page.y, page.width, h).lineWidth(1.5).strokeColor('black').stroke().restore();
  drawText(pdf, block.text, page.left, page.y + 3, page.width, size, { bold: true, align: 'center' });
  page.y += h + 4;
}

function draw(page: Page, block: Block): void {
  switch (block.kind) {
    case 'letterhead':
      return letterhead(page, block);
    case 'title':
      return title(page, block);
    case 'fields':
      return fields(page, block);
    case 'parties':
      return parties(page, block);
    case 'table':
      return table(page, block);
    case 'totals':
      return totals(page, block);
    case 'heading': {
      page.y += 2;
      const h = textHeight(page.pdf, block.text, page.width, page.size, true);
      ensure(page, h * 2);
      drawText(page.pdf, block.text, page.left, page.y, page.width, page.size, { bold: true });
      page.y += h + 1;
      return;
    }
    case 'text': {
      const size = block.small ? page.size - 1 : page.size;
      const h = textHeight(page.pdf, block.text, page.width, size, block.strong);
      ensure(page, h);
      drawText(page.pdf, block.text, page.left, page.y, page.width, size, { bold: block.strong ?? false, align: block.align ?? 'left' });
      page.y += h + 2;
      return;
    }
    case 'rule':
      ensure(page, 6);
      page.y += 2;
      hline(page.pdf, page.left, page.y, page.width);
      page.y += 4;
      return;
    case 'qr':
      return qr(page, block);
    case 'signature':
      return signature(page, block);
    case 'stamp':
      return stamp(page, block);
  }
}

/** Draws every block on a page `heightPt` tall; answers the y where the content ended. */
function drawAll(pdf: Pdf, doc: PrintedDocument, heightPt: number, roll: boolean, breakPages: boolean): number {
  const margin = mmToPt(doc.paper.marginMm);
  const page: Page = {
    pdf,
    y: margin,
    left: margin,
    width: mmToPt(doc.paper.widthMm) - 2 * margin,
    top: margin,
    bottom: breakPages ? heightPt - margin : null,
    size: doc.paper.fontPt,
    roll,
  };
  for (const block of doc.blocks) draw(page, block);
  return page.y;
}

/** Ends the document and answers its bytes. */
export function collect(pdf: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** The content's height on a roll, in points including both margins (what page.ts sizes HTML by). */
export function rollLengthPt(doc: PrintedDocument): number {
  const measure = newPdf(doc, MAX_PAGE_PT);
  // Never ended: ending would embed font subsets and compress pages no one reads.
  return drawAll(measure, doc, MAX_PAGE_PT, true, false) + mmToPt(doc.paper.marginMm);
}

export async function renderPdf(doc: PrintedDocument): Promise<Uint8Array> {
  const roll = doc.paper.heightMm === null;
  const heightPt = roll ? Math.min(MAX_PAGE_PT, Math.ceil(rollLengthPt(doc))) : mmToPt(doc.paper.heightMm!);
  const pdf = newPdf(doc, heightPt);
  drawAll(pdf, doc, heightPt, roll, !roll || heightPt >= MAX_PAGE_PT);
  return collect(pdf);
}
