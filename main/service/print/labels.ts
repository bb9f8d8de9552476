/**
 * What a barcode label says, whichever way it prints (an A4 sheet, label-sheet.ts; a thermal
 * label printer, label-printer.ts): the store's name, the item code, a short name, size and
 * colour, the MRP as the Legal Metrology (Packaged Commodities) Rules word it, "MRP ₹… incl. of
 * all taxes", and a barcode the counter's scanner reads (barcode.ts).
 *
 * A request is a list of items with a quantity each: a few SKUs, one item, or a goods receipt's
 * lines all print the same way.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { LabelLine } from '../../../shared/models/labels.js';
import type { RequestContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { items } from '../store/item.js';
import { printSource } from '../store/print-source.js';
import { labelBarcode, type LabelBarcode } from './barcode.js';

export interface Label {
  storeName: string;
  code: string;
  /** The item's name as the catalogue has it; each layout cuts it to its width. */
  name: string;
  /** Size and colour, e.g. `52-18 · Black`; empty when the item has neither. */
  detail: string;
  /** Paise. */
  mrp: number;
  barcode: LabelBarcode;
  /** How many of this label. */
  quantity: number;
}

/** The words every label ends with: the MRP, tax included, as the rules require it be declared. */
export const MRP_WORDS = 'incl. of all taxes';

/** The labels for `lines`, in their order, each item read from the caller's company catalogue. */
export function labelsFor(ctx: RequestContext, lines: readonly LabelLine[]): Label[] {
  const { companyId, branchId } = ctx.user;
  const store = printSource(ctx.db).issuer(branchId, companyId);
  if (!store) throw notFound('This branch has no store details to print on a label.');
  const catalogue = items(ctx.db);
  const day = localDate(ctx.now());
  return lines.map((line, n) => {
    const field = `lines[${n}].itemID`;
    const row = catalogue.byId(companyId, ctx.decode('item', line.itemID, field), day);
    if (!row) throw notFound(`Line ${n + 1}: no such item in the catalogue.`);
    if (row.mrp <= 0) {
      throw invalid(`Item ${row.code} has no MRP: a label must declare one. Set the item’s MRP in the catalogue first.`, {
        [`lines[${n}]`]: [`Item ${row.code} has no MRP`],
      });
    }
    return {
      storeName: store.company_name,
      code: row.code,
      name: row.name,
      detail: [row.size, row.colour].map((v) => v?.trim()).filter(Boolean).join(' · '),
      mrp: row.mrp,
      barcode: labelBarcode(row),
      quantity: line.quantity,
    };
  });
}

/** How many labels the list prints. */
export const labelCount = (labels: readonly Label[]): number => labels.reduce((n, l) => n + l.quantity, 0);
