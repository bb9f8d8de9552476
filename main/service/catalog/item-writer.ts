/**
 * Writes catalog items by the names people use (item type, category, sub-category, brand),
 * creating categories and brands on first sight. Shared by the CSV import, the demo catalog and
 * the data generator, so all three store items the same way. Call inside a write transaction.
 */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { brands } from '../store/brand.js';
import { categories } from '../store/category.js';
import { items, type ItemFields } from '../store/item.js';
import { stock } from '../store/stock.js';
import { itemPrices } from '../store/item-price.js';
import { localDate } from '../../../shared/domain/calendar.js';

export interface CatalogItem {
  itemTypeId: number;
  category: string | null;
  subCategory: string | null;
  brand: string | null;
  code: string;
  barcode: string | null;
  name: string;
  model: string | null;
  colour: string | null;
  size: string | null;
  material: string | null;
  hsnCode: string | null;
  /** Paise. */
  salePrice: number;
  mrp: number;
  cost: number | null;
  priceIncludesTax: boolean;
  madeToOrder: boolean;
  lensIndex: string | null;
  coating: string | null;
  /** Diopters in hundredths. */
  powerFrom: number | null;
  powerTo: number | null;
  cylTo: number | null;
  /** ADD range of a multifocal lens; null for single vision. */
  addFrom?: number | null;
  addTo?: number | null;
  power: number | null;
  baseCurve: number | null;
  diameter: number | null;
  isActive: boolean;
  /** Migration 029; left out by the demo and the seeders. */
  reorderLevel?: number | null;
  packSize?: number | null;
  batchTracked?: boolean;
}

/** Who changes the catalogue, for the price history: the user (null for the CLI) and why. */
export interface PriceAuthor {
  userId: number | null;
  reason: string;
}

export function catalogWriter(db: Db, ids: IdSource, companyId: number, at: string) {
  const itemStore = items(db);
  // The store's date of the write: a price changed now is in effect from today.
  const today = localDate(new Date(at));
  const categoryStore = categories(db);
  const brandStore = brands(db);
  const stockStore = stock(db);
  // Names repeat across thousands of rows; remember their ids for the length of one write.
  const categoryIds = new Map<string, number>();
  const subCategoryIds = new Map<string, number>();
  const brandIds = new Map<string, number>();

  const categoryOf = (typeId: number, name: string) => {
    const key = `${typeId}\u0000${name.toLowerCase()}`;
    let id = categoryIds.get(key);
    if (id === undefined) categoryIds.set(key, (id = categoryStore.ensure(ids, companyId, typeId, name)));
    return id;
  };
  const subCategoryOf = (categoryId: number, name: string) => {
    const key = `${categoryId}\u0000${name.toLowerCase()}`;
    let id = subCategoryIds.get(key);
    if (id === undefined) subCategoryIds.set(key, (id = categoryStore.ensureSub(ids, companyId, categoryId, name)));
    return id;
  };
  const brandOf = (name: string) => {
    const key = name.toLowerCase();
    let id = brandIds.get(key);
    if (id === undefined) brandIds.set(key, (id = brandStore.ensure(ids, companyId, name)));
    return id;
  };

  function fields(item: CatalogItem): ItemFields {
    const categoryId = item.category ? categoryOf(item.itemTypeId, item.category) : null;
    return {
      item_type_id: item.itemTypeId,
      category_id: categoryId,
      sub_category_id: categoryId !== null && item.subCategory ? subCategoryOf(categoryId, item.subCategory) : null,
      brand_id: item.brand ? brandOf(item.brand) : null,
      code: item.code,
      barcode: item.barcode,
      name: item.name,
      model: item.model,
      colour: item.colour,
      size: item.size,
      material: item.material,
      hsn_code: item.hsnCode,
      sale_price: item.salePrice,
      mrp: item.mrp,
      cost: item.cost,
      price_includes_tax: item.priceIncludesTax ? 1 : 0,
      made_to_order: item.madeToOrder ? 1 : 0,
      lens_index: item.lensIndex,
      coating: item.coating,
      power_from: item.powerFrom,
      power_to: item.powerTo,
      cyl_to: item.cylTo,
      add_from: item.addFrom ?? null,
      add_to: item.addTo ?? null,
      power: item.power,
      base_curve: item.baseCurve,
      diameter: item.diameter,
      is_active: item.isActive ? 1 : 0,
      reorder_level: item.reorderLevel ?? null,
      pack_size: item.packSize ?? null,
      batch_tracked: item.batchTracked ? 1 : 0,
    };
  }

  return {
    /**
     * Inserts a new code, updates an existing one; the code is the item's key within the company.
     * A changed selling price of a known item is a price change from today, kept in its history
     * (with `author`; without one, as the demo and seeders write, none is kept).
     */
    save(item: CatalogItem, author?: PriceAuthor): { id: number; created: boolean } {
      const existing = itemStore.byCodeOnly(companyId, item.code, today);
      if (existing) {
        this.update(existing.id, item, author);
        return { id: existing.id, created: false };
      }
      return { id: itemStore.insert(ids, companyId, fields(item), at), created: true };
    },
    /** Writes every field of an existing item (its code too); a new price as `save` says. */
    update(id: number, item: CatalogItem, author?: PriceAuthor) {
      const before = itemStore.byId(companyId, id, today);
      itemStore.update(companyId, id, fields(item), at);
      if (author && before && before.sale_price !== item.salePrice) {
        itemPrices(db).add(ids, {
          company_id: companyId, item_id: id, effective_from: today, old_price: before.sale_price, new_price: item.salePrice,
          reason: author.reason, created_by: author.userId, created_at: at,
        });
      }
    },
    /** Inserts a new item whose code is known to be free. */
    insert: (item: CatalogItem) => itemStore.insert(ids, companyId, fields(item), at),
    setStock(itemId: number, branchId: number, onHand: number, batch: { batchNo: string; expiry: string | null } = { batchNo: '', expiry: null }) {
      stockStore.count({ item_id: itemId, branch_id: branchId, batch_no: batch.batchNo, expiry_date: batch.expiry, on_hand: onHand }, () => ids.next('stock_movement'), at);
    },
  };
}
