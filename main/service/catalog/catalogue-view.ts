/** An item as the catalogue screen shows it: ENC ids, rupees, powers as typed, the next price waiting. */
import { localDate } from '../../../shared/domain/calendar.js';
import { formatDiopter, formatMillimetres } from '../../../shared/domain/rx.js';
import { rupees } from '../../../shared/domain/money.js';
import type { CatalogueItem } from '../../../shared/models/catalogue.js';
import type { RequestContext } from '../context.js';
import { categories } from '../store/category.js';
import { gstRates } from '../store/gst-rate.js';
import { itemPrices } from '../store/item-price.js';
import { itemTypes } from '../store/item-type.js';
import { items, type ItemRow } from '../store/item.js';
import { notFound } from '../errors.js';

const diopters = (v: number | null) => (v === null ? null : formatDiopter(v / 100));
const mm = (v: number | null) => (v === null ? null : formatMillimetres(v));

/** The store's date today, whose prices an item read now carries. */
export const today = (ctx: RequestContext) => localDate(ctx.now());

export function catalogueItem(ctx: RequestContext, row: ItemRow): CatalogueItem {
  const day = today(ctx);
  const category = row.category_id === null ? undefined : categories(ctx.db).byId(ctx.user.companyId, row.category_id);
  const sub = row.sub_category_id === null ? undefined : categories(ctx.db).subById(ctx.user.companyId, row.sub_category_id);
  const next = itemPrices(ctx.db).nextAfter(row.id, day);
  return {
    itemID: ctx.enc.encode('item', row.id),
    itemTypeID: ctx.enc.encode('itemType', row.item_type_id),
    itemType: itemTypes(ctx.db).byId(row.item_type_id)?.name ?? '',
    code: row.code,
    barcode: row.barcode,
    storeBarcode: row.barcode !== null && /^2\d{12}$/.test(row.barcode),
    name: row.name,
    brand: row.brand,
    model: row.model,
    colour: row.colour,
    size: row.size,
    material: row.material,
    category: category?.name ?? null,
    subCategory: sub?.name ?? null,
    hsnCode: row.hsn_code,
    gstRate: gstRates(ctx.db).percentOn(row.hsn_code, day),
    mrp: rupees(row.mrp),
    salePrice: rupees(row.sale_price),
    cost: row.cost === null ? null : rupees(row.cost),
    reorderLevel: row.reorder_level,
    priceIncludesTax: row.price_includes_tax === 1,
    madeToOrder: row.made_to_order === 1,
    isActive: row.is_active === 1,
    lensIndex: row.lens_index,
    coating: row.coating,
    powerFrom: diopters(row.power_from),
    powerTo: diopters(row.power_to),
    cylTo: diopters(row.cyl_to),
    addFrom: diopters(row.add_from),
    addTo: diopters(row.add_to),
    power: diopters(row.power),
    baseCurve: mm(row.base_curve),
    diameter: mm(row.diameter),
    packSize: row.pack_size,
    batchTracked: row.batch_tracked === 1,
    nextPrice: next ? { price: rupees(next.new_price), effectiveFrom: next.effective_from } : null,
  };
}

/** The item of an ENC id in the caller's company, with today's price; 404 otherwise. */
export function itemOf(ctx: RequestContext, itemText: string, field = 'itemID'): ItemRow {
  const row = items(ctx.db).byId(ctx.user.companyId, ctx.decode('item', itemText, field), today(ctx));
  if (!row) throw notFound('No such item');
  return row;
}
