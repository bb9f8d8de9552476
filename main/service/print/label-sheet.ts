/**
 * Labels on an A4 sheet of label stock, for the store's laser or inkjet printer. A sheet is a grid
 * of fixed cells, not a flow of blocks, so it has its own layout here rather than blocks for the
 * block writers; it draws with the PDF writer's faces and lines (pdf.ts: openPdf, drawLine), so
 * "₹" and a Devanagari name print as on every other document.
 *
 * Printing can start at any free label of a used sheet (`start`): the positions before it are
 * skipped, across rows from the top left, as the sheet is numbered.
 */
import { LABEL_SHEETS, type LabelSheet } from '../../../shared/models/labels.js';
import { invalid } from '../errors.js';
import { barPattern } from './barcode.js';
import { labelCount, MRP_WORDS, type Label } from './labels.js';
import { rupees } from './money.js';
import { PAPERS, mmToPt } from './paper.js';
import { collect, drawLine, openPdf, type Pdf } from './pdf.js';

/** Where the first label sits and how far apart they are: the sheets' printed specifications. */
const GRID: Record<LabelSheet, { leftMm: number; topMm: number; pitchXMm: number; pitchYMm: number }> = {
  // 5 × 38.1 mm with four 2.5 mm gutters is 200.5 mm, centred; 13 rows of 21.2 mm, no gutter.
  '65': { leftMm: 4.75, topMm: 10.7, pitchXMm: 40.6, pitchYMm: 21.2 },
  // Edge to edge: 4 × 52.5 = 210 mm, 10 × 29.7 = 297 mm.
  '40': { leftMm: 0, topMm: 0, pitchXMm: 52.5, pitchYMm: 29.7 },
  // 3 × 63.5 mm with two 2.5 mm gutters, centred; 8 rows of 33.9 mm.
  '24': { leftMm: 7.25, topMm: 12.9, pitchXMm: 66, pitchYMm: 33.9 },
};

/** Kept clear inside each label: sheets feed a millimetre off, and labels have rounded corners. */
const PADDING_MM = 1.2;
/** The narrowest bar: 0.5 mm is beyond EAN-13's nominal 0.33 mm and reads from across a counter. */
const MAX_MODULE_MM = 0.5;

export function labelsPerSheet(sheet: LabelSheet): number {
  return LABEL_SHEETS[sheet].columns * LABEL_SHEETS[sheet].rows;
}

/** Draws one label in the cell whose top left is (x, y), all in points. */
function drawLabel(pdf: Pdf, label: Label, x: number, y: number, widthPt: number, heightPt: number): void {
  const pad = mmToPt(PADDING_MM);
  const left = x + pad;
  const width = widthPt - 2 * pad;
  // Text scales with the label's height: 5.7 pt on a 21.2 mm label, 9 pt on 33.9 mm.
  const size = Math.min(9, heightPt * 0.095);
  const small = size * 0.8;
  let at = y + pad;
  drawLine(pdf, label.storeName, left, at, width, small, { align: 'center' });
  at += small * 1.2;
  drawLine(pdf, label.name, left, at, width, size, { bold: true });
  at += size * 1.2;
  drawLine(pdf, [label.code, label.detail].filter(Boolean).join('  '), left, at, width, small);
  at += small * 1.25;

  // The MRP on the last line, the barcode and its digits filling what is between.
  const mrpY = y + heightPt - pad - size * 1.2;
  const digits = small * 0.9;
  const barsHeight = mrpY - digits * 1.15 - at;
  drawBarcode(pdf, label, left, at, width, barsHeight);
  drawLine(pdf, label.barcode.text, left, at + barsHeight + digits * 0.1, width, digits, { align: 'center' });

  const mrp = `MRP ${rupees(label.mrp)}`;
  const mrpWidth = drawLine(pdf, mrp, left, mrpY, width, size, { bold: true });
  // The words follow at the same baseline, smaller, where they fit after the amount.
  drawLine(pdf, ` ${MRP_WORDS}`, left + mrpWidth, mrpY + (size - small) * 0.8, width - mrpWidth, small);
}

function drawBarcode(pdf: Pdf, label: Label, left: number, top: number, width: number, height: number): void {
  const pattern = barPattern(label.barcode);
  const span = pattern.modules + pattern.quiet.left + pattern.quiet.right;
  const module = Math.min(mmToPt(MAX_MODULE_MM), width / span);
  const x0 = left + (width - span * module) / 2 + pattern.quiet.left * module;
  pdf.save().fillColor('#000000');
  for (const bar of pattern.bars) pdf.rect(x0 + bar.x * module, top, bar.width * module, height);
  pdf.fill().restore();
}

/** The labels on as many A4 sheets as they take, the first from label `start`. */
export async function renderLabelSheet(labels: readonly Label[], sheet: LabelSheet, start: number): Promise<Uint8Array> {
  const perSheet = labelsPerSheet(sheet);
  if (start > perSheet) {
    throw invalid(`This sheet has ${perSheet} labels: the first free label is 1 to ${perSheet}.`, { start: [`At most ${perSheet} on this sheet`] });
  }
  const { columns, widthMm, heightMm } = LABEL_SHEETS[sheet];
  const grid = GRID[sheet];
  const a4 = PAPERS.A4;
  const pdf = openPdf(`Labels (${labelCount(labels)})`, mmToPt(a4.widthMm), mmToPt(a4.heightMm!), 0);
  let position = start - 1;
  for (const label of labels) {
    for (let copy = 0; copy < label.quantity; copy++) {
      if (position === perSheet) {
        pdf.addPage();
        position = 0;
      }
      const column = position % columns;
      const row = Math.floor(position / columns);
      drawLabel(pdf, label, mmToPt(grid.leftMm + column * grid.pitchXMm), mmToPt(grid.topMm + row * grid.pitchYMm), mmToPt(widthMm), mmToPt(heightMm));
      position++;
    }
  }
  return collect(pdf);
}
