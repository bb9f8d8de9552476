/**
 * Paper maths for native printing, kept free of Electron so plain Node tests can hold it to
 * account. Chromium prints on A4 unless told otherwise, so every print names its page size
 * (in microns, as webContents.print wants it) and the same size and margins again as an @page
 * rule, so the layout and the printer agree.
 *
 * A thermal roll has no page height: the page is as long as the document, measured in CSS px
 * in the print window (laid out at the roll's printable width, print media) and converted here.
 * A document wider than the paper's printable width (a receipt made for 80 mm sent to a 58 mm
 * roll, an A4 invoice to A5) is scaled down to fit rather than cut off at the edge.
 */
import type { PaperSize } from '../../shared/desktop.js';

export const MICRONS_PER_MM = 1000;
/** A CSS pixel is 1/96 inch, whatever the screen. */
export const MICRONS_PER_CSS_PX = 25_400 / 96;
/** Chromium refuses a custom page side under this. */
export const MIN_PAGE_MICRONS = 353;
/** A roll longer than this is cut into pages of this length rather than sent as one endless page. */
export const MAX_ROLL_MM = 2_000;
/** Roll length beyond the measured content: rounding, and a little feed before the cutter. */
export const ROLL_FEED_MM = 4;

interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PaperSpec {
  widthMm: number;
  /** Null for a roll: the page ends where the content does. */
  heightMm: number | null;
  marginsMm: Margins;
}

const even = (mm: number): Margins => ({ top: mm, right: mm, bottom: mm, left: mm });

export const PAPER_SPECS: Record<PaperSize, PaperSpec> = {
  // An 80 mm thermal head prints about 72 mm of the roll; a 58 mm one about 48 mm.
  '80mm': { widthMm: 80, heightMm: null, marginsMm: { top: 3, right: 4, bottom: 3, left: 4 } },
  '58mm': { widthMm: 58, heightMm: null, marginsMm: { top: 3, right: 5, bottom: 3, left: 5 } },
  // Office printers cannot reach the sheet's edge; 10 to 12 mm suits all of them.
  A5: { widthMm: 148, heightMm: 210, marginsMm: even(10) },
  A4: { widthMm: 210, heightMm: 297, marginsMm: even(12) },
};

export const pxToMicrons = (px: number): number => px * MICRONS_PER_CSS_PX;
export const mmToPx = (mm: number): number => (mm * MICRONS_PER_MM) / MICRONS_PER_CSS_PX;

/** Width the print window lays the document out at: the paper's printable width, in whole CSS px. */
export function printableWidthPx(paper: PaperSize): number {
  const spec = PAPER_SPECS[paper];
  return Math.floor(mmToPx(spec.widthMm - spec.marginsMm.left - spec.marginsMm.right));
}

/** The document as laid out in the print window (print media), in CSS px. */
export interface ContentSize {
  widthPx: number;
  heightPx: number;
}

export interface PrintLayout {
  /** For webContents.print's pageSize: microns, whole numbers. */
  pageSize: { width: number; height: number };
  /** For webContents.print's scaleFactor: percent, 100 unless the document is wider than the paper. */
  scaleFactor: number;
  /** The same page as CSS, to put after the document's own @page rule so it wins. */
  pageCss: string;
}

const mm = (value: number): string => `${Number(value.toFixed(2))}mm`;

export function printLayout(paper: PaperSize, content: ContentSize): PrintLayout {
  if (!(content.widthPx > 0) || !(content.heightPx >= 0)) {
    throw new RangeError(`Cannot lay out a document of ${content.widthPx}×${content.heightPx} px`);
  }
  const spec = PAPER_SPECS[paper];
  const margins = spec.marginsMm;
  const fits = printableWidthPx(paper);
  // Whole percents: Chromium takes the scale factor as an integer.
  const scaleFactor = content.widthPx <= fits ? 100 : Math.max(10, Math.floor((fits / content.widthPx) * 100));
  let heightMm: number;
  if (spec.heightMm !== null) {
    heightMm = spec.heightMm;
  } else {
    const contentMm = (pxToMicrons(content.heightPx) * scaleFactor) / 100 / MICRONS_PER_MM;
    heightMm = Math.min(MAX_ROLL_MM, Math.ceil(contentMm + margins.top + margins.bottom + ROLL_FEED_MM));
  }
  const micron = (value: number) => Math.max(MIN_PAGE_MICRONS, Math.round(value * MICRONS_PER_MM));
  return {
    pageSize: { width: micron(spec.widthMm), height: micron(heightMm) },
    scaleFactor,
    pageCss:
      `@page{size:${mm(spec.widthMm)} ${mm(heightMm)};` +
      `margin:${mm(margins.top)} ${mm(margins.right)} ${mm(margins.bottom)} ${mm(margins.left)};}`,
  };
}

/**
 * The document with the print's @page rule last, so it overrides any the document has. A
 * style element after the body is still applied (parsers move it into the body) and, coming
 * last, wins the cascade.
 */
export function withPageRule(html: string, layout: PrintLayout): string {
  return `${html}\n<style>${layout.pageCss}</style>\n`;
}
