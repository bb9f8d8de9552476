/**
 * What every purchasing document reads from its lines, one way: the item (its ENC id, or its code
 * or barcode as scanned), a whole quantity above 0, rupees, a lens's power, and the GST of a line
 * at the supplier's price. Every refusal names the line ("Line 3") and its field.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { formatDiopter } from '../../../shared/domain/rx.js';
import { gstLine, type GstLine } from '../../../shared/domain/gst.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { paiseOf } from '../../../shared/domain/money.js';
import { gstRates } from '../store/gst-rate.js';
import { items, type ItemRow } from '../store/item.js';
import { branches } from '../store/branch.js';

/** `lines.2.qty` and "Line 3" for the third line. */
export const lineField = (i: number, field: string) => `lines.${i}.${field}`;
export const lineName = (i: number) => `Line ${i + 1}`;

export function lineItem(ctx: RequestContext, i: number, line: { itemID?: string | null | undefined; code?: string | null | undefined }): ItemRow {
  const store = items(ctx.db);
  if (line.itemID?.trim()) {
    const row = store.byId(ctx.user.companyId, ctx.decode('item', line.itemID.trim(), lineField(i, 'itemID')), localDate(ctx.now()));
    if (!row) throw invalid(`${lineName(i)}: no such item`, { [lineField(i, 'itemID')]: ['Not an item of this store'] }, 'UNKNOWN_ITEM');
    return row;
  }
  const code = line.code?.trim();
  if (!code) throw invalid(`${lineName(i)}: scan or type the item’s code`, { [lineField(i, 'code')]: ['Required'] });
  const row = store.byCode(ctx.user.companyId, code, localDate(ctx.now()));
  if (!row) throw invalid(`${lineName(i)}: no item has the code or barcode ${code}`, { [lineField(i, 'code')]: [`Unknown code ${code}`] }, 'UNKNOWN_ITEM');
  return row;
}

export function lineQty(i: number, qty: number): number {
  if (!Number.isInteger(qty) || qty <= 0) {
    throw invalid(`${lineName(i)}: the quantity must be a whole number above 0 (got ${qty})`, { [lineField(i, 'qty')]: ['A whole number above 0'] });
  }
  if (qty > 1_000_000) throw invalid(`${lineName(i)}: ${qty} units is more than one line takes`, { [lineField(i, 'qty')]: ['At most 1,000,000'] });
  return qty;
}

/** Rupees → paise, refusing a negative amount or a fraction of a paisa, naming the line's field. */
export function lineRupees(i: number, field: string, value: number): number {
  const paise = paiseOf(value);
  if (paise === null) throw invalid(`${lineName(i)}: ${value} is not an amount in rupees`, { [lineField(i, field)]: ['A non-negative amount in rupees with at most two decimals'] });
  return paise;
}

/** A power in dioptres → hundredths, on the 0.25 step; null when not given. */
export function lensPower(i: number, field: string, value: number | null | undefined, limit: number): number | null {
  if (value === null || value === undefined) return null;
  const hundredths = Math.round(value * 100);
  if (Math.abs(value * 100 - hundredths) > 1e-6 || hundredths % 25 !== 0 || Math.abs(hundredths) > limit * 100) {
    throw invalid(`${lineName(i)}: ${field.toUpperCase()} ${value} is not a lens power (steps of 0.25, up to ±${limit})`, { [lineField(i, field)]: ['Steps of 0.25 dioptre'] });
  }
  return hundredths;
}

/** "SPH -2.00 CYL -0.50 ADD +1.00", or null with no power. */
export function powerText(p: { sph: number | null; cyl: number | null; add_power: number | null }): string | null {
  if (p.sph === null && p.cyl === null && p.add_power === null) return null;
  const parts: string[] = [];
  if (p.sph !== null) parts.push(`SPH ${formatDiopter(p.sph / 100)}`);
  if (p.cyl !== null) parts.push(`CYL ${formatDiopter(p.cyl / 100)}`);
  if (p.add_power !== null) parts.push(`ADD ${formatDiopter(p.add_power / 100)}`);
  return parts.join(' ');
}

/** Whether the supplier is in the branch's state (CGST + SGST) or not (IGST); no state known: in state. */
export function intraState(ctx: RequestContext, supplierStateId: number | null): boolean {
  const branch = branches(ctx.db).byId(ctx.user.branchId);
  return supplierStateId === null || branch === undefined || branch.state_id === supplierStateId;
}

/** A line's GST at the supplier's price before tax, the rate by the item's HSN on `day`. */
export function purchaseGst(ctx: RequestContext, item: ItemRow, qty: number, unitCost: number, day: string, intra: boolean): GstLine {
  const percent = gstRates(ctx.db).percentOn(item.hsn_code, day);
  return gstLine({ qty, unitPrice: unitCost, rateBp: percent === null ? null : Math.round(percent * 100), priceIncludesTax: false }, intra);
}

/** The day today is at the till (the service's clock), YYYY-MM-DD. */
export const today = (ctx: RequestContext): string => localDate(ctx.now());
