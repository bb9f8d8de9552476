/**
 * Importing items from a CSV file (`npm run import`, later a settings screen). Every row is
 * checked first; the good ones are then written in one transaction and the bad ones reported by
 * line and reason. An exception while writing rolls the whole transaction back, so a file is
 * never half-imported. Rows are keyed by item code: a known code updates that item.
 *
 * Columns (header names without regard to case, spaces or underscores; any order) are listed in
 * IMPORT_COLUMNS and in README.md.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { localDate } from '../../../shared/domain/calendar.js';
import { refreshStatistics, type Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { branches } from '../store/branch.js';
import { itemCatalogue } from '../store/item-catalogue.js';
import { itemTypes } from '../store/item-type.js';
import { items } from '../store/item.js';
import { storeBarcode } from './barcode.js';
import { checkItem, NO, YES, type ItemField, type TypedItem } from './item-rules.js';
import { catalogWriter, type CatalogItem } from './item-writer.js';
import { extend } from '../../../shared/extend.js';

export const IMPORT_COLUMNS = {
  item_type: 'required: Frame, SunGlass, Spectacle Lens (or Lens), Contact Lens, Contact Lens Care (or CLCP), Accessories, …',
  code: 'required: the item code, unique in the store; an existing code is updated',
  name: 'required',
  sale_price: 'required: rupees, e.g. 1299 or 1,299.50',
  mrp: 'required: rupees, not below sale_price',
  barcode: 'the supplier’s EAN-13 (check digit verified), unique in the store; empty: the store issues one',
  category: 'made if new, under the item type',
  sub_category: 'made if new, under the category',
  brand: 'made if new',
  model: '',
  colour: '',
  size: '',
  material: '',
  hsn_code: '4 to 8 digits; the GST rate comes from the HSN table',
  cost: 'rupees',
  price_includes_tax: 'yes/no (default yes)',
  made_to_order: 'yes/no (default: yes for spectacle lenses); not stock-counted',
  is_active: 'yes/no (default yes)',
  reorder_level: 'units on hand at or below which to reorder',
  pack_size: 'contact lenses: lenses in a box',
  batch_tracked: 'yes/no (default: yes for contact lenses and their solutions): stock kept by batch and expiry',
  lens_index: 'spectacle lens, e.g. 1.56',
  coating: 'spectacle lens, e.g. Blue Cut',
  power_from: 'spectacle lens range, diopters, e.g. -8.00',
  power_to: 'diopters',
  cyl_to: 'diopters',
  add_from: 'multifocal lens ADD range, diopters, e.g. 0.75 (a bifocal or progressive needs ADD at the counter)',
  add_to: 'diopters, e.g. 3.50',
  power: 'contact lens power, diopters',
  base_curve: 'contact lens BC, mm',
  diameter: 'contact lens DIA, mm',
  branch: 'branch code for stock (may be left out when the store has one branch)',
  stock: 'units on hand in that branch (and batch): replaces the count',
  batch_no: 'contact lenses and solutions',
  expiry_date: 'YYYY-MM-DD',
} as const;
type Column = keyof typeof IMPORT_COLUMNS;
const REQUIRED: readonly Column[] = ['item_type', 'code', 'name', 'sale_price', 'mrp'];

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportReport {
  created: number;
  updated: number;
  stockRows: number;
  problems: ImportProblem[];
}

interface GoodRow {
  line: number;
  item: CatalogItem;
  stock: { branchId: number; onHand: number; batchNo: string; expiry: string | null } | null;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** The CSV column of each field the screen has (catalog/item-rules.ts), so a row is checked as the form is. */
const FIELD_OF: Partial<Record<Column, Exclude<ItemField, 'itemType'>>> = {
  code: 'code', name: 'name', sale_price: 'salePrice', mrp: 'mrp', barcode: 'barcode', category: 'category', sub_category: 'subCategory',
  brand: 'brand', model: 'model', colour: 'colour', size: 'size', material: 'material', hsn_code: 'hsnCode', cost: 'cost',
  price_includes_tax: 'priceIncludesTax', made_to_order: 'madeToOrder', is_active: 'isActive', lens_index: 'lensIndex', coating: 'coating',
  power_from: 'powerFrom', power_to: 'powerTo', cyl_to: 'cylTo', add_from: 'addFrom', add_to: 'addTo', power: 'power',
  base_curve: 'baseCurve', diameter: 'diameter', reorder_level: 'reorderLevel', pack_size: 'packSize', batch_tracked: 'batchTracked',
};

/** What csv-parse refuses, in the words of the old reader (a person fixes the file by them). */
const CSV_WORDS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote',
  CSV_INVALID_OPENING_QUOTE: 'a quote inside a field that does not start with one',
};

export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Records with the line each starts on: csv-parse (sync) says where a record ends, and the line
 * breaks inside its quoted fields say how far back it started. Comma-separated, quotes doubled
 * inside quotes, CRLF or LF, an optional UTF-8 byte-order mark (Excel's "CSV UTF-8").
 */
export function readCsv(text: string): CsvRecord[] | { line: number; reason: string } {
  try {
    const rows = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ['\r\n', '\n', '\r'] }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return rows.map(({ record, info }) => ({ line: info.lines - record.reduce((n, f) => n + (f.match(/\r\n|\n|\r/g)?.length ?? 0), 0), fields: record }));
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = (err as CsvError & { lines?: number }).lines ?? 1;
    return { line, reason: CSV_WORDS[err.code.replace(/^(CSV_)?/, 'CSV_')] ?? err.message };
  }
}

export function importItems(db: Db, ids: IdSource, companyId: number, csvText: string, now: Date): ImportReport {
  const records = readCsv(csvText);
  if (!Array.isArray(records)) return { created: 0, updated: 0, stockRows: 0, problems: [records] };
  const [header, ...rows] = records;
  if (!header) return { created: 0, updated: 0, stockRows: 0, problems: [{ line: 1, reason: 'the file is empty' }] };

  const columns = header.fields.map(normalise);
  const unknown = columns.filter((c) => !(c in IMPORT_COLUMNS));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  const headerProblems = [
    ...unknown.map((c) => `unknown column "${c}"`),
    ...missing.map((c) => `missing column "${c}"`),
    ...twice.map((c) => `column "${c}" appears twice`),
  ];
  if (headerProblems.length > 0) return { created: 0, updated: 0, stockRows: 0, problems: headerProblems.map((reason) => ({ line: header.line, reason })) };

  const types = itemTypes(db);
  const itemStore = items(db);
  const today = localDate(now);
  const branchList = branches(db).ofCompany(companyId);
  const problems: ImportProblem[] = [];
  const good: GoodRow[] = [];
  const codeLines = new Map<string, number>();
  const barcodeLines = new Map<string, number>();

  for (const record of rows) {
    if (record.fields.length !== columns.length) {
      problems.push({ line: record.line, reason: `${record.fields.length} fields where the header has ${columns.length}` });
      continue;
    }
    const cell = (c: Column): string | null => {
      const at = columns.indexOf(c);
      const v = at < 0 ? '' : record.fields[at]!.trim();
      return v === '' ? null : v;
    };
    const typeText = cell('item_type');
    const type = typeText === null ? null : types.find(typeText) ?? null;
    const typed: TypedItem = {};
    for (const [column, field] of Object.entries(FIELD_OF) as Array<[Column, Exclude<ItemField, 'itemType'>]>) typed[field] = cell(column);
    const checked = checkItem(db, type, typeText, typed, today);
    const reasons = Object.values(checked.errors).flat();
    const said = cell('made_to_order')?.toLowerCase() ?? '';
    const madeToOrder = checked.item?.madeToOrder ?? (YES.has(said) ? true : NO.has(said) ? false : type?.made_to_order === 1);

    let stock: GoodRow['stock'] = null;
    const stockText = cell('stock');
    const branchCode = cell('branch');
    const batchNo = cell('batch_no') ?? '';
    if (batchNo.length > 40) reasons.push('batch_no is longer than 40 characters');
    const expiry = cell('expiry_date');
    if (expiry !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(expiry) || Number.isNaN(Date.parse(`${expiry}T00:00:00Z`)))) {
      reasons.push(`expiry_date "${expiry}" is not a date like 2026-03-31`);
    }
    if (stockText !== null) {
      const branch = branchCode === null ? (branchList.length === 1 ? branchList[0] : undefined) : branchList.find((b) => b.code.toLowerCase() === branchCode.toLowerCase());
      if (!/^\d{1,7}$/.test(stockText)) reasons.push(`stock "${stockText}" is not a whole number of units`);
      else if (madeToOrder) reasons.push('a made-to-order item has no stock');
      else if (!branch) reasons.push(branchCode === null ? 'branch is needed for stock: the store has more than one' : `branch "${branchCode}" is not a branch of this store`);
      else stock = { branchId: branch.id, onHand: Number(stockText), batchNo, expiry };
    } else if (branchCode !== null || batchNo !== '' || expiry !== null) {
      reasons.push('branch, batch_no or expiry_date without stock');
    }

    const code = cell('code');
    const barcode = cell('barcode');
    if (code !== null) {
      const key = code.toLowerCase();
      const earlier = codeLines.get(key);
      if (earlier !== undefined) reasons.push(`Item code ${code} is already on line ${earlier}`);
      else codeLines.set(key, record.line);
    }
    if (barcode !== null) {
      const earlier = barcodeLines.get(barcode);
      if (earlier !== undefined) reasons.push(`Barcode ${barcode} is already on line ${earlier}`);
      else barcodeLines.set(barcode, record.line);
      const owner = itemStore.byBarcodeOnly(companyId, barcode, today);
      if (owner && code !== null && owner.code.toLowerCase() !== code.toLowerCase()) reasons.push(`Barcode ${barcode} is already on item ${owner.code} (${owner.name}): one barcode, one item`);
    }
    const item: CatalogItem | null = reasons.length === 0 ? checked.item : null;
    if (!item) problems.push({ line: record.line, reason: reasons.join('; ') });
    else good.push({ line: record.line, item, stock });
  }

  let created = 0;
  let updated = 0;
  let stockRows = 0;
  db.transaction(() => {
    const at = now.toISOString();
    const writer = catalogWriter(db, ids, companyId, at);
    for (const row of good) {
      // An empty barcode keeps the item's own; a new item without one gets the store's (catalog/barcode.ts).
      const known = row.item.barcode === null ? itemStore.byCodeOnly(companyId, row.item.code, today) : undefined;
      const item = known?.barcode ? extend(row.item, { barcode: known.barcode }) : row.item;
      const saved = writer.save(item, { userId: null, reason: 'Import' });
      const issued = item.barcode === null ? storeBarcode(saved.id) : null;
      if (issued !== null && !itemStore.byBarcodeOnly(companyId, issued, today)) itemCatalogue(db).setBarcode(companyId, saved.id, issued, at);
      if (saved.created) created++;
      else updated++;
      if (row.stock) {
        writer.setStock(saved.id, row.stock.branchId, row.stock.onHand, { batchNo: row.stock.batchNo, expiry: row.stock.expiry });
        stockRows++;
      }
    }
  }).immediate();
  refreshStatistics(db);
  return { created, updated, stockRows, problems };
}
