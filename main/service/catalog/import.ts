/**
 * Importing items from a CSV file (`npm run import`, later a settings screen). Every row is
 * checked first; the good ones are then written in one transaction and the bad ones reported by
 * line and reason. An exception while writing rolls the whole transaction back, so a file is
 * never half-imported. Rows are keyed by item code: a known code updates that item.
 *
 * Columns (header names without regard to case, spaces or underscores; any order) are listed in
 * IMPORT_COLUMNS and in README.md.
 */
import { parseDiopter } from '../../../shared/domain/rx.js';
import { parseRupees } from '../../../shared/domain/money.js';
import { refreshStatistics, type Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { branches } from '../store/branch.js';
import { itemTypes, type ItemTypeRow } from '../store/item-type.js';
import { items } from '../store/item.js';
import { CsvError, parseCsv } from './csv.js';
import { catalogWriter, type CatalogItem } from './item-writer.js';
import { extend } from '../../../shared/extend.js';

export const IMPORT_COLUMNS = {
  item_type: 'required: Frame, SunGlass, Spectacle Lens (or Lens), Contact Lens, Contact Lens Care (or CLCP), Accessories, …',
  code: 'required: the item code, unique in the store; an existing code is updated',
  name: 'required',
  sale_price: 'required: rupees, e.g. 1299 or 1,299.50',
  mrp: 'required: rupees, not below sale_price',
  barcode: 'unique in the store',
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
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

export function importItems(db: Db, ids: IdSource, companyId: number, csvText: string, now: Date): ImportReport {
  let records;
  try {
    records = parseCsv(csvText);
  } catch (err) {
    if (err instanceof CsvError) return { created: 0, updated: 0, stockRows: 0, problems: [{ line: err.line, reason: err.message.replace(/^line \d+: /, '') }] };
    throw err;
  }
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
    const reasons: string[] = [];
    const money = (c: Column): number | null => {
      const text = cell(c);
      if (text === null) return null;
      const paise = parseRupees(text);
      if (paise === null) reasons.push(`${c} "${text}" is not an amount in rupees`);
      return paise;
    };
    const flag = (c: Column, fallback: boolean): boolean => {
      const text = cell(c)?.toLowerCase();
      if (text === undefined) return fallback;
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      reasons.push(`${c} "${text}" is not yes or no`);
      return fallback;
    };
    const diopters = (c: Column): number | null => {
      const text = cell(c);
      if (text === null) return null;
      const d = parseDiopter(text);
      if (d === null || Math.abs(d) > 40 || Math.abs(Math.round(d * 4) - d * 4) > 1e-9) {
        reasons.push(`${c} "${text}" is not a power in 0.25 steps`);
        return null;
      }
      return Math.round(d * 100);
    };
    const millimetres = (c: Column, min: number, max: number): number | null => {
      const text = cell(c);
      if (text === null) return null;
      const n = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || n < min || n > max) {
        reasons.push(`${c} "${text}" is not ${min}–${max} mm`);
        return null;
      }
      return n;
    };
    const text = (c: Column, max = 200): string | null => {
      const v = cell(c);
      if (v !== null && v.length > max) reasons.push(`${c} is longer than ${max} characters`);
      return v;
    };

    const typeText = cell('item_type');
    let type: ItemTypeRow | undefined;
    if (typeText === null) reasons.push('item_type is empty');
    else if (!(type = types.find(typeText))) reasons.push(`item_type "${typeText}" is not an item type`);

    const code = text('code', 40);
    if (code === null) reasons.push('code is empty');
    const name = text('name');
    if (name === null) reasons.push('name is empty');
    const barcode = text('barcode', 40);
    if (barcode !== null && !/^[A-Za-z0-9-]+$/.test(barcode)) reasons.push(`barcode "${barcode}" may hold only letters, digits and dashes`);
    const salePrice = money('sale_price');
    const mrp = money('mrp');
    if (cell('sale_price') === null) reasons.push('sale_price is empty');
    if (cell('mrp') === null) reasons.push('mrp is empty');
    if (salePrice !== null && mrp !== null && salePrice > mrp) reasons.push('sale_price is above mrp');
    const cost = money('cost');
    const hsn = cell('hsn_code')?.replace(/\s/g, '') ?? null;
    if (hsn !== null && !/^\d{4}(\d{2}){0,2}$/.test(hsn)) reasons.push(`hsn_code "${hsn}" is not 4, 6 or 8 digits`);
    const madeToOrder = flag('made_to_order', type?.made_to_order === 1);

    let stock: GoodRow['stock'] = null;
    const stockText = cell('stock');
    const branchCode = cell('branch');
    const batchNo = text('batch_no', 40) ?? '';
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

    if (code !== null) {
      const key = code.toLowerCase();
      const earlier = codeLines.get(key);
      if (earlier !== undefined) reasons.push(`code ${code} is already on line ${earlier}`);
      else codeLines.set(key, record.line);
    }
    if (barcode !== null) {
      const earlier = barcodeLines.get(barcode);
      if (earlier !== undefined) reasons.push(`barcode ${barcode} is already on line ${earlier}`);
      else barcodeLines.set(barcode, record.line);
      const owner = itemStore.byBarcodeOnly(companyId, barcode);
      if (owner && code !== null && owner.code.toLowerCase() !== code.toLowerCase()) reasons.push(`barcode ${barcode} belongs to item ${owner.code}`);
    }

    const details = {
      category: text('category', 100), subCategory: text('sub_category', 100), brand: text('brand', 100), model: text('model', 100),
      colour: text('colour', 100), size: text('size', 100), material: text('material', 100), priceIncludesTax: flag('price_includes_tax', true),
      lensIndex: text('lens_index', 10), coating: text('coating', 100), powerFrom: diopters('power_from'), powerTo: diopters('power_to'),
      cylTo: diopters('cyl_to'), addFrom: diopters('add_from'), addTo: diopters('add_to'), power: diopters('power'), baseCurve: millimetres('base_curve', 5, 12), diameter: millimetres('diameter', 8, 20),
      isActive: flag('is_active', true),
    };
    if (details.powerFrom !== null && details.powerTo !== null && details.powerFrom > details.powerTo) reasons.push('power_from is above power_to');
    if (details.addFrom !== null && details.addTo !== null && details.addFrom > details.addTo) reasons.push('add_from is above add_to');
    const item: CatalogItem | null =
      reasons.length === 0 && type && code !== null && name !== null && salePrice !== null && mrp !== null
        ? extend(details, { itemTypeId: type.id, code, barcode, name, hsnCode: hsn, salePrice, mrp, cost, madeToOrder })
        : null;
    if (reasons.length > 0 || !item) problems.push({ line: record.line, reason: reasons.join('; ') });
    else good.push({ line: record.line, item, stock });
  }

  let created = 0;
  let updated = 0;
  let stockRows = 0;
  db.transaction(() => {
    const writer = catalogWriter(db, ids, companyId, now.toISOString());
    for (const row of good) {
      const saved = writer.save(row.item);
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
