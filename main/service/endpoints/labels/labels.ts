import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { renderLabelJob } from '../../print/label-printer.js';
import { renderLabelSheet } from '../../print/label-sheet.js';
import { labelCount, labelsFor } from '../../print/labels.js';

/** Labels/sheet: the labels on A4 label stock, from the first free label of a used sheet, as PDF. */
export const labelSheet = implement(api.Labels.sheet, async ({ body }, ctx) => {
  const labels = labelsFor(ctx, body.lines);
  return { contentType: 'application/pdf', bytes: await renderLabelSheet(labels, body.sheet, body.start), fileName: `labels-${labelCount(labels)}.pdf` };
});

/** Labels/printer: the same labels as TSPL or ZPL for the thermal label printer's roll. */
export const labelPrinter = implement(api.Labels.printer, ({ body }, ctx) => {
  const { lines, ...stock } = body;
  const extension = stock.language === 'ZPL' ? 'zpl' : 'prn';
  return { contentType: 'application/octet-stream', bytes: renderLabelJob(labelsFor(ctx, lines), stock), fileName: `labels.${extension}` };
});
