/**
 * The one check of an item as a person typed it, whether on the catalogue screen or in a cell of
 * the CSV import: the same rules, in the same words. Values come as typed (text from a CSV cell,
 * numbers and booleans from the screen's JSON); the answer is the item to write, or the refusals
 * by field, each message naming the field as the screen labels it ("Selling price …").
 */
import { parseDiopter } from '../../../shared/domain/rx.js';
import { parseRupees } from '../../../shared/domain/money.js';
import type { FieldErrors } from '../errors.js';
import { gstRates } from '../store/gst-rate.js';
import { ITEM_TYPE, type ItemTypeRow } from '../store/item-type.js';
import type { Db } from '../db/database.js';
import type { CatalogItem } from './item-writer.js';
import { barcodeProblem } from './barcode.js';
import { extend } from '../../../shared/extend.js';

/** Every field an item is typed with, by its label on the screen. */
export const ITEM_FIELDS = {
  itemType: 'Item type',
  code: 'Item code',
  name: 'Name',
  brand: 'Brand',
  model: 'Model',
  colour: 'Colour',
  size: 'Size',
  material: 'Material',
  category: 'Category',
  subCategory: 'Sub-category',
  barcode: 'Barcode',
  hsnCode: 'HSN code',
  mrp: 'MRP',
  salePrice: 'Selling price',
  cost: 'Cost',
  reorderLevel: 'Reorder level',
  priceIncludesTax: 'Price includes GST',
  madeToOrder: 'Made to order',
  isActive: 'Active',
  lensIndex: 'Lens index',
  coating: 'Coating',
  powerFrom: 'SPH from',
  powerTo: 'SPH to',
  cylTo: 'CYL to',
  addFrom: 'ADD from',
  addTo: 'ADD to',
  power: 'Power',
  baseCurve: 'Base curve (BC)',
  diameter: 'Diameter (DIA)',
  packSize: 'Pack size',
  batchTracked: 'Tracked by batch and expiry',
} as const;
export type ItemField = keyof typeof ITEM_FIELDS;

/** A value as typed: a CSV cell's text, or the screen's number, yes/no or text. */
export type Typed = string | number | boolean | null | undefined;
export type TypedItem = Partial<Record<Exclude<ItemField, 'itemType'>, Typed>>;

export const YES = new Set(['yes', 'y', 'true', '1']);
export const NO = new Set(['no', 'n', 'false', '0']);

const text = (v: Typed): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** The whole rupee amount a shop writes: ₹1,299.50. */
export const rupeesText = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/**
 * Checks one item. `type` is the item type already found (null: none was given or it is not one;
 * `typeText` says what was typed). `today` dates the GST rate an HSN code must have.
 */
export function checkItem(db: Db, type: ItemTypeRow | null, typeText: string | null, typed: TypedItem, today: string): { item: CatalogItem | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const refuse = (field: ItemField, message: string) => (errors[field] ??= []).push(message);
  const label = (f: ItemField) => ITEM_FIELDS[f];

  const str = (f: Exclude<ItemField, 'itemType'>, max = 200): string | null => {
    const v = text(typed[f]);
    if (v !== null && v.length > max) refuse(f, `${label(f)} is longer than ${max} characters`);
    return v;
  };
  const money = (f: 'mrp' | 'salePrice' | 'cost'): number | null => {
    const v = text(typed[f]);
    if (v === null) return null;
    const paise = parseRupees(v);
    if (paise === null || paise < 0) refuse(f, `${label(f)} "${v}" is not an amount in rupees`);
    return paise;
  };
  const flag = (f: 'priceIncludesTax' | 'madeToOrder' | 'isActive' | 'batchTracked', fallback: boolean): boolean => {
    const v = typed[f];
    if (typeof v === 'boolean') return v;
    const t = text(v)?.toLowerCase();
    if (t === undefined || t === null) return fallback;
    if (YES.has(t)) return true;
    if (NO.has(t)) return false;
    refuse(f, `${label(f)} "${t}" is not yes or no`);
    return fallback;
  };
  const whole = (f: 'reorderLevel' | 'packSize', min: number): number | null => {
    const v = text(typed[f]);
    if (v === null) return null;
    if (!/^\d{1,6}$/.test(v) || Number(v) < min) {
      refuse(f, `${label(f)} "${v}" is not a whole number${min > 0 ? ` from ${min}` : ''}`);
      return null;
    }
    return Number(v);
  };
  const diopters = (f: 'powerFrom' | 'powerTo' | 'cylTo' | 'addFrom' | 'addTo' | 'power'): number | null => {
    const v = text(typed[f]);
    if (v === null) return null;
    const d = parseDiopter(v);
    if (d === null || Math.abs(d) > 40 || Math.abs(Math.round(d * 4) - d * 4) > 1e-9) {
      refuse(f, `${label(f)} "${v}" is not a power in 0.25 steps`);
      return null;
    }
    return Math.round(d * 100);
  };
  const millimetres = (f: 'baseCurve' | 'diameter', min: number, max: number): number | null => {
    const v = text(typed[f]);
    if (v === null) return null;
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || n < min || n > max) {
      refuse(f, `${label(f)} "${v}" is not ${min}–${max} mm`);
      return null;
    }
    return n;
  };

  if (!type) refuse('itemType', typeText === null ? `${label('itemType')} is needed` : `Item type "${typeText}" is not an item type of this store`);
  const code = str('code', 40);
  if (code === null) refuse('code', `${label('code')} is needed`);
  else if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(code)) refuse('code', `Item code "${code}" may hold only letters, digits, dot, dash and slash`);
  const name = str('name');
  if (name === null) refuse('name', `${label('name')} is needed`);
  const barcode = str('barcode', 40);
  if (barcode !== null) {
    const problem = barcodeProblem(barcode);
    if (problem) refuse('barcode', problem);
  }
  const salePrice = money('salePrice');
  const mrp = money('mrp');
  if (text(typed.salePrice) === null) refuse('salePrice', `${label('salePrice')} is needed`);
  if (text(typed.mrp) === null) refuse('mrp', `${label('mrp')} is needed`);
  if (salePrice !== null && mrp !== null && salePrice > mrp) refuse('salePrice', `Selling price ${rupeesText(salePrice)} is above the MRP ${rupeesText(mrp)}`);
  const cost = money('cost');
  const hsnText = text(typed.hsnCode)?.replace(/\s/g, '') ?? null;
  if (hsnText !== null && !/^\d{4}(\d{2}){0,2}$/.test(hsnText)) refuse('hsnCode', `HSN code "${hsnText}" is not 4, 6 or 8 digits`);
  else if (hsnText !== null && gstRates(db).percentOn(hsnText, today) === null) refuse('hsnCode', `HSN code ${hsnText} has no GST rate in the store’s HSN table`);
  const contact = type?.id === ITEM_TYPE.contactLens || type?.id === ITEM_TYPE.contactLensCare;
  const details = {
    category: str('category', 100), subCategory: str('subCategory', 100), brand: str('brand', 100), model: str('model', 100),
    colour: str('colour', 100), size: str('size', 100), material: str('material', 100), priceIncludesTax: flag('priceIncludesTax', true),
    madeToOrder: flag('madeToOrder', type?.made_to_order === 1), isActive: flag('isActive', true),
    lensIndex: str('lensIndex', 10), coating: str('coating', 100), powerFrom: diopters('powerFrom'), powerTo: diopters('powerTo'),
    cylTo: diopters('cylTo'), addFrom: diopters('addFrom'), addTo: diopters('addTo'), power: diopters('power'),
    baseCurve: millimetres('baseCurve', 5, 12), diameter: millimetres('diameter', 8, 20),
    reorderLevel: whole('reorderLevel', 0), packSize: whole('packSize', 1), batchTracked: flag('batchTracked', contact),
  };
  if (details.subCategory !== null && details.category === null) refuse('subCategory', 'A sub-category needs its category');
  if (details.powerFrom !== null && details.powerTo !== null && details.powerFrom > details.powerTo) refuse('powerFrom', 'SPH from is above SPH to');
  if (details.addFrom !== null && details.addTo !== null && details.addFrom > details.addTo) refuse('addFrom', 'ADD from is above ADD to');
  if (details.madeToOrder && details.batchTracked) refuse('batchTracked', 'A made-to-order item has no stock to keep by batch');

  if (Object.keys(errors).length > 0 || !type || code === null || name === null || salePrice === null || mrp === null) return { item: null, errors };
  return { item: extend(details, { itemTypeId: type.id, code, barcode, name, hsnCode: hsnText, salePrice, mrp, cost }), errors };
}

/** Every refusal of an item in one line, as the import reports a row and the screen heads its form. */
export const refusalsText = (errors: FieldErrors) => Object.values(errors).flat().join('; ');
