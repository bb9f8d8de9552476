/**
 * Barcode labels for the shelf and the frame (declared extension: the spec prints no labels).
 * A request is a list of items with how many labels each, so the same endpoint prints labels
 * for a handful of SKUs, for one item, or for every line of a goods receipt.
 */
import { z } from 'zod';
import { encId } from '../contract/primitives.js';

/** A4 label stock by labels per sheet; the sizes are the common Indian and Avery-style sheets. */
export const LABEL_SHEETS = {
  '65': { label: '65 per sheet (38.1 × 21.2 mm, 5 × 13)', columns: 5, rows: 13, widthMm: 38.1, heightMm: 21.2 },
  '40': { label: '40 per sheet (52.5 × 29.7 mm, 4 × 10)', columns: 4, rows: 10, widthMm: 52.5, heightMm: 29.7 },
  '24': { label: '24 per sheet (63.5 × 33.9 mm, 3 × 8)', columns: 3, rows: 8, widthMm: 63.5, heightMm: 33.9 },
} as const;
export type LabelSheet = keyof typeof LABEL_SHEETS;
export const LABEL_SHEET_NAMES = Object.keys(LABEL_SHEETS) as [LabelSheet, ...LabelSheet[]];

/** Labels printed by one request at most: a large goods receipt, not a runaway quantity. */
export const MAX_LABELS = 5000;
/** Items in one request at most. */
export const MAX_LABEL_LINES = 500;

export const LabelLine = z.object({
  itemID: encId(),
  quantity: z.number('Give how many labels, as a number').int('Give a whole number of labels').min(1, 'At least one label').max(MAX_LABELS, `At most ${MAX_LABELS} labels`),
});
export type LabelLine = z.infer<typeof LabelLine>;

const labelLines = z
  .array(LabelLine, 'Give the items to print labels for')
  .min(1, 'Add at least one item')
  .max(MAX_LABEL_LINES, `At most ${MAX_LABEL_LINES} items at once`)
  .refine((lines) => lines.reduce((n, l) => n + l.quantity, 0) <= MAX_LABELS, `At most ${MAX_LABELS} labels at once: print them in parts`);

/** A sheet of labels for an A4 laser or inkjet printer, starting at label `start` of a used sheet. */
export const LabelSheetRequest = z.object({
  lines: labelLines,
  sheet: z.enum(LABEL_SHEET_NAMES, 'Choose the label sheet: 65, 40 or 24 per sheet').default('65'),
  /** The first free label on the first sheet, counted across rows from the top left (1 = a new sheet). */
  start: z.number('Give the first free label as a number').int('Give the first free label as a whole number').min(1, 'The first free label is 1 or more').default(1),
});
export type LabelSheetRequest = z.infer<typeof LabelSheetRequest>;

/** The languages of thermal label printers: TSC and most Indian desktop printers speak TSPL, Zebra ZPL. */
export const LABEL_LANGUAGES = ['TSPL', 'ZPL'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];
/** Print heads: 8 dots a millimetre (203 dpi) is the common one, 12 (300 dpi) the fine one. */
export const LABEL_DPI = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPI)[number];

/** The roll in a thermal label printer: one label's size and the gap between labels. */
export const LabelStock = z.object({
  language: z.enum(LABEL_LANGUAGES, 'Choose the printer language: TSPL or ZPL'),
  widthMm: z.number('Give the label width in mm').min(20, 'Labels narrower than 20 mm cannot hold a barcode').max(110, 'Labels are at most 110 mm wide'),
  heightMm: z.number('Give the label height in mm').min(10, 'Labels are at least 10 mm high').max(110, 'Labels are at most 110 mm high'),
  gapMm: z.number('Give the gap between labels in mm').min(0, 'The gap cannot be negative').max(10, 'The gap is at most 10 mm').default(2),
  dpi: z.union([z.literal(203), z.literal(300)], 'The print head is 203 or 300 dpi').default(203),
});
export type LabelStock = z.infer<typeof LabelStock>;

/** Raw labels for a thermal label printer, in the language and on the roll its settings name. */
export const LabelPrinterRequest = LabelStock.extend({ lines: labelLines });
export type LabelPrinterRequest = z.infer<typeof LabelPrinterRequest>;
