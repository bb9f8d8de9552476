/** How catalog rows look at the boundary: ENC ids, rupees, and the branch's sellable stock today. */
import { localDate } from '../../../shared/domain/calendar.js';
import { formatDiopter, formatMillimetres } from '../../../shared/domain/rx.js';
import { rupees } from '../../../shared/domain/money.js';
import type { AutoCompleteItem, ContactLensItem, ItemDetail, SearchItem } from '../../../shared/models/catalog.js';
import type { RequestContext } from '../context.js';
import { gstRates } from '../store/gst-rate.js';
import type { ItemRow } from '../store/item.js';
import { stock } from '../store/stock.js';
import { extend } from '../../../shared/extend.js';

/** Sellable stock of each row in the caller's branch (null for made-to-order items). */
export function branchStock(ctx: RequestContext, rows: readonly ItemRow[]): Map<number, number | null> {
  if (rows.length === 0) return new Map();
  return stock(ctx.db).sellable(rows, ctx.user.branchId, localDate(ctx.now()));
}

export function autoCompleteItem(ctx: RequestContext, row: ItemRow, stockOf: Map<number, number | null>): AutoCompleteItem {
  return {
    id: ctx.enc.encode('item', row.id),
    name: row.name,
    code: row.code,
    price: rupees(row.sale_price),
    mrp: rupees(row.mrp),
    stock: stockOf.get(row.id) ?? null,
  };
}

export function itemDetail(ctx: RequestContext, row: ItemRow, stockOf: Map<number, number | null>): ItemDetail {
  return extend(autoCompleteItem(ctx, row, stockOf), {
    itemTypeID: ctx.enc.encode('itemType', row.item_type_id),
    categoryID: ctx.enc.encodeNullable('category', row.category_id),
    subCategoryID: ctx.enc.encodeNullable('subCategory', row.sub_category_id),
  });
}

export function contactLensItem(ctx: RequestContext, row: ItemRow, stockOf: Map<number, number | null>): ContactLensItem {
  return extend(autoCompleteItem(ctx, row, stockOf), {
    spherical: row.power === null ? null : formatDiopter(row.power / 100),
    baseCurve: row.base_curve === null ? null : formatMillimetres(row.base_curve),
    diameter: row.diameter === null ? null : formatMillimetres(row.diameter),
  });
}

export function searchItemRows(ctx: RequestContext, rows: readonly ItemRow[]): SearchItem[] {
  const stockOf = branchStock(ctx, rows);
  const rates = gstRates(ctx.db);
  const today = localDate(ctx.now());
  return rows.map((row) => ({
    id: ctx.enc.encode('item', row.id),
    code: row.code,
    barcode: row.barcode,
    name: row.name,
    itemTypeID: ctx.enc.encode('itemType', row.item_type_id),
    categoryID: ctx.enc.encodeNullable('category', row.category_id),
    subCategoryID: ctx.enc.encodeNullable('subCategory', row.sub_category_id),
    brand: row.brand,
    price: rupees(row.sale_price),
    mrp: rupees(row.mrp),
    gstRate: rates.percentOn(row.hsn_code, today),
    hsnCode: row.hsn_code,
    stock: stockOf.get(row.id) ?? null,
  }));
}
