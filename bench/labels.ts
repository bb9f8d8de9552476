/**
 * The label sheet's PDF for 500 labels (print/label-sheet.ts), in the bench's own process: the
 * writer alone, as a goods receipt's labels would be printed, without HTTP or the catalogue read
 * (50 item look-ups by id, about a millisecond).
 *
 * Its floor is the same sheet as text only: the same 500 labels' six lines each, drawn by the same
 * PDF writer (openPdf, drawLine) at the same grid positions, with no barcode. What the label sheet
 * costs beyond it is the barcodes and the label layout; the writer's own cost (fonts, text
 * shaping, compression) is in both. Two rows: 50 SKUs × 10 labels, whose barcodes bwip-js encodes
 * once and the sheet repeats (a reprint, or the second sheet of a receipt), and 500 SKUs never
 * seen before (each barcode encoded afresh: the first print of a large receipt).
 */
import { ean13 } from '../main/service/catalog/barcode.js';
import { labelBarcode } from '../main/service/print/barcode.js';
import { renderLabelSheet } from '../main/service/print/label-sheet.js';
import { MRP_WORDS, type Label } from '../main/service/print/labels.js';
import { rupees } from '../main/service/print/money.js';
import { PAPERS, mmToPt } from '../main/service/print/paper.js';
import { collect, drawLine, openPdf } from '../main/service/print/pdf.js';
import { LABEL_SHEETS } from '../shared/models/labels.js';
import { statsOf, timeOnce, type Stats } from './stats.js';

export interface LabelBench {
  labels: number;
  rows: { name: string; stats: Stats; floor: Stats }[];
}

const LABELS = 500;
let series = 0;

/** `skus` items of the demo's kind (frames with GS1 India EAN-13s), `LABELS / skus` labels each; new barcodes each call. */
function labels(skus: number): Label[] {
  const run = ++series;
  return Array.from({ length: skus }, (_, i) => {
    const code = `FR-B${run}-${String(i).padStart(3, '0')}`;
    return {
      storeName: 'Drishti Opticals',
      code,
      name: `Ray-Ban Aviator RB${3000 + i} Gold`,
      detail: '52-18-140 · Gold',
      mrp: 739_000 + i * 100,
      barcode: labelBarcode({ code, barcode: ean13('890', run * 10_000 + i) }),
      quantity: LABELS / skus,
    };
  });
}

/** The floor: the 65-up sheet's 500 labels as text only, through the same writer. */
async function textSheet(list: readonly Label[]): Promise<Uint8Array> {
  const { columns, rows, widthMm, heightMm } = LABEL_SHEETS['65'];
  const a4 = PAPERS.A4;
  const pdf = openPdf('Labels', mmToPt(a4.widthMm), mmToPt(a4.heightMm!), 0);
  const size = mmToPt(heightMm) * 0.095;
  let position = 0;
  for (const label of list) {
    for (let copy = 0; copy < label.quantity; copy++) {
      if (position === columns * rows) {
        pdf.addPage();
        position = 0;
      }
      const x = mmToPt(4.75 + (position % columns) * 40.6 + 1.2);
      let y = mmToPt(10.7 + Math.floor(position / columns) * 21.2 + 1.2);
      const width = mmToPt(widthMm - 2.4);
      for (const text of [label.storeName, label.name, `${label.code}  ${label.detail}`, label.barcode.text, `MRP ${rupees(label.mrp)}`, MRP_WORDS]) {
        drawLine(pdf, text, x, y, width, size);
        y += size * 1.2;
      }
      position++;
    }
  }
  return collect(pdf);
}

export async function measureLabels(quick: boolean, log: (line: string) => void): Promise<LabelBench> {
  const runs = quick ? 8 : 30;
  const out: LabelBench = { labels: LABELS, rows: [] };
  // Warm: fonts parsed, the writer's code optimised, as in a service that has printed before.
  for (let i = 0; i < 3; i++) {
    await renderLabelSheet(labels(50), '65', 1);
    await textSheet(labels(50));
  }
  const reprint = labels(50);
  await renderLabelSheet(reprint, '65', 1); // its 50 barcodes encoded before anything is timed
  for (const skus of [50, 500]) {
    const sheet: number[] = [];
    const floor: number[] = [];
    let sheetWall = 0;
    let floorWall = 0;
    // Alternating, so that the shared machine's slow moments fall on both.
    for (let i = 0; i < runs; i++) {
      const list = skus === 50 ? reprint : labels(skus);
      const a = await timeOnce(() => renderLabelSheet(list, '65', 1));
      const b = await timeOnce(() => textSheet(list));
      sheet.push(a);
      floor.push(b);
      sheetWall += a;
      floorWall += b;
    }
    const row = {
      name: `label sheet PDF, ${LABELS} labels (${skus} SKUs × ${LABELS / skus}${skus === 50 ? ', barcodes encoded before' : ', every barcode new'})`,
      stats: statsOf(sheet, sheetWall),
      floor: statsOf(floor, floorWall),
    };
    out.rows.push(row);
    log(`${row.name}: p50 ${row.stats.p50} p99 ${row.stats.p99} ms; text-only sheet p50 ${row.floor.p50} p99 ${row.floor.p99} ms`);
  }
  return out;
}
