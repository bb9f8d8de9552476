/**
 * Head office's catalogue: a model made with its variants in one form, an item edited, taken off
 * sale and back, items found grouped by model. Each write is one command in one immediate
 * transaction, refused on a branch's PC (catalog/head-office.ts) and checked by the same rules as
 * the CSV import (catalog/item-rules.ts).
 *
 * Barcodes: the supplier's EAN-13 when typed (check digit verified), else one the store issues
 * from its in-store range, made of the item's id (catalog/barcode.ts). Never two items with one
 * barcode or one code: a 409 names the other item (and a unique index stands behind it).
 */
import type {
  CatalogueAccess,
  CreateModelRequest,
  CreateModelResult,
  FindModelsRequest,
  FindModelsResult,
  UpdateItemRequest,
} from '../../../shared/models/catalogue.js';
import type { RequestContext } from '../context.js';
import { invalid, ServiceError, type FieldErrors } from '../errors.js';
import { itemCatalogue, type CatalogueSearch } from '../store/item-catalogue.js';
import { extend } from '../../../shared/extend.js';
import { itemPrices } from '../store/item-price.js';
import { itemTypes, type ItemTypeRow } from '../store/item-type.js';
import { items } from '../store/item.js';
import { optionalId } from '../input/optional-id.js';
import { searchText } from '../input/text.js';
import { storeBarcode } from './barcode.js';
import { catalogueItem, itemOf, today } from './catalogue-view.js';
import { BRANCH_READ_ONLY, isHeadOffice, requireHeadOffice } from './head-office.js';
import { checkItem, refusalsText, rupeesText, type TypedItem } from './item-rules.js';
import { catalogWriter, type CatalogItem } from './item-writer.js';

const EDITORS = new Set(['admin', 'manager']);

/** A 409 that also names the field, so the form marks it. */
const taken = (message: string, code: string, errors: FieldErrors) => new ServiceError('conflict', code, message, errors);

export function catalogueAccess(ctx: RequestContext): CatalogueAccess {
  const headOffice = isHeadOffice(ctx);
  const editor = EDITORS.has(ctx.user.role);
  return {
    canEdit: headOffice && editor,
    headOffice,
    message: !headOffice ? BRANCH_READ_ONLY : editor ? null : 'Items are changed by a manager or an admin; you can find and read them here.',
  };
}

function typeOf(ctx: RequestContext, itemTypeID: string): ItemTypeRow {
  const type = itemTypes(ctx.db).byId(ctx.decode('itemType', itemTypeID, 'itemTypeID'));
  if (!type) throw invalid('Item type is not an item type of this store', { itemTypeID: ['Not an item type of this store'] });
  return type;
}

/** A refusal of the form: its first message heads it, every field keeps its own. */
const refused = (errors: FieldErrors) => invalid(refusalsText(errors), errors);

/** Refuses a code or barcode another item has (409 naming it). */
function checkFree(ctx: RequestContext, item: CatalogItem, ownId: number | null, field: (f: string) => string): void {
  const store = items(ctx.db);
  const day = today(ctx);
  const other = store.byCodeOnly(ctx.user.companyId, item.code, day);
  if (other && other.id !== ownId) throw taken(`Item code ${item.code} is already item “${other.name}”: give this one another code`, 'CODE_TAKEN', { [field('code')]: [`Already ${other.name}`] });
  if (item.barcode === null) return;
  const owner = store.byBarcodeOnly(ctx.user.companyId, item.barcode, day);
  if (owner && owner.id !== ownId) {
    throw taken(`Barcode ${item.barcode} is already on item ${owner.code} (${owner.name}): one barcode, one item`, 'BARCODE_TAKEN', { [field('barcode')]: [`Already on ${owner.code}`] });
  }
}

/** The price may not go above the MRP, nor the MRP below a price already set for a later day. */
function checkMrpAgainstLater(ctx: RequestContext, itemId: number, code: string, mrp: number): void {
  const later = itemPrices(ctx.db).highestAfter(itemId, today(ctx));
  if (later !== null && later > mrp) {
    throw invalid(`MRP ${rupeesText(mrp)} of item ${code} is below the price ${rupeesText(later)} already set for a later day`, { mrp: [`At least ${rupeesText(later)}`] });
  }
}

/**
 * A model with its variants (colours × sizes …), each its own item, code and barcode. Every
 * variant is checked before anything is written; all are written or none.
 */
export function createModel(ctx: RequestContext, body: CreateModelRequest): CreateModelResult {
  requireHeadOffice(ctx);
  const type = typeOf(ctx, body.itemTypeID);
  const { variants, itemTypeID: _type, ...shared } = body;
  const errors: FieldErrors = {};
  const checked = variants.map((v, i) => {
    const typed: TypedItem = extend(extend(shared, v), { name: v.name?.trim() || [shared.brand, shared.model, v.colour, v.size].filter((s) => s?.trim()).join(' ') });
    const { item, errors: own } = checkItem(ctx.db, type, null, typed, today(ctx));
    for (const [field, messages] of Object.entries(own)) {
      const key = ['code', 'name', 'colour', 'size', 'barcode'].includes(field) ? `variants.${i}.${field}` : field;
      errors[key] ??= messages.map((m) => (key === field ? m : `Variant ${i + 1}: ${m}`));
    }
    return item;
  });
  const seen = new Map<string, number>();
  checked.forEach((item, i) => {
    for (const [field, value] of [['code', item?.code.toLowerCase()], ['barcode', item?.barcode]] as const) {
      if (!value) continue;
      const first = seen.get(`${field}:${value}`);
      if (first === undefined) seen.set(`${field}:${value}`, i);
      else errors[`variants.${i}.${field}`] = [`Variant ${i + 1}: ${field === 'code' ? 'Item code' : 'Barcode'} ${value} is also variant ${first + 1}’s`];
    }
  });
  if (Object.keys(errors).length > 0) throw refused(errors);
  const good = checked as CatalogItem[];
  const at = ctx.now().toISOString();

  const ids = ctx.db
    .transaction(() => {
      const writer = catalogWriter(ctx.db, ctx.ids, ctx.user.companyId, at);
      return good.map((item, i) => {
        checkFree(ctx, item, null, (f) => `variants.${i}.${f}`);
        const id = writer.insert(item);
        if (item.barcode === null) issueBarcode(ctx, id, at);
        return id;
      });
    })
    .immediate();
  const rows = items(ctx.db).byIds(ids, today(ctx));
  return { message: rows.length === 1 ? `Item ${rows[0]!.code} added` : `${rows.length} variants added`, items: rows.map((r) => catalogueItem(ctx, r)) };
}

function issueBarcode(ctx: RequestContext, id: number, at: string): void {
  const barcode = storeBarcode(id);
  if (barcode === null) throw invalid('The store cannot issue more barcodes on this PC: type the supplier’s barcode', { barcode: ['Type the supplier’s barcode'] });
  const owner = items(ctx.db).byBarcodeOnly(ctx.user.companyId, barcode, today(ctx));
  if (owner) throw taken(`Barcode ${barcode} the store would issue is already on item ${owner.code} (${owner.name}): type the supplier’s barcode`, 'BARCODE_TAKEN', { barcode: [`Already on ${owner.code}`] });
  itemCatalogue(ctx.db).setBarcode(ctx.user.companyId, id, barcode, at);
}

/** Every field of one item, as the edit form sends them; a new selling price is a change from today, kept in the history. */
export function updateItem(ctx: RequestContext, body: UpdateItemRequest) {
  requireHeadOffice(ctx);
  const type = typeOf(ctx, body.itemTypeID);
  const { itemID, itemTypeID: _type, ...typed } = body;
  const row = itemOf(ctx, itemID);
  const { item, errors } = checkItem(ctx.db, type, null, { isActive: row.is_active === 1, ...typed }, today(ctx));
  if (!item) throw refused(errors);
  checkMrpAgainstLater(ctx, row.id, item.code, item.mrp);
  const at = ctx.now().toISOString();
  ctx.db
    .transaction(() => {
      checkFree(ctx, item, row.id, (f) => f);
      catalogWriter(ctx.db, ctx.ids, ctx.user.companyId, at).update(row.id, item, { userId: ctx.user.id, reason: 'Edited' });
      if (item.barcode === null) issueBarcode(ctx, row.id, at);
    })
    .immediate();
  return catalogueItem(ctx, itemOf(ctx, itemID));
}

/** Takes an item off sale (it stays in history, reports and stock) or puts it back. */
export function setItemActive(ctx: RequestContext, body: { itemID: string; isActive: boolean }) {
  requireHeadOffice(ctx);
  const row = itemOf(ctx, body.itemID);
  ctx.db.transaction(() => itemCatalogue(ctx.db).setActive(ctx.user.companyId, row.id, body.isActive, ctx.now().toISOString())).immediate();
  return catalogueItem(ctx, itemOf(ctx, body.itemID));
}

/** Models with an item matching, a page at a time, each with all its variants. */
export function findModels(ctx: RequestContext, body: FindModelsRequest): FindModelsResult {
  const pageNumber = body.pageNumber ?? 1;
  const pageSize = body.pageSize ?? 20;
  const includeInactive = body.includeInactive === true;
  const itemTypeId = optionalId(ctx, 'itemType', body.itemTypeID || null, 'itemTypeID');
  const term = searchText(body.searchTerm, 'searchTerm');
  const store = itemCatalogue(ctx.db);
  const search: CatalogueSearch = { companyId: ctx.user.companyId, includeInactive, offset: (pageNumber - 1) * pageSize, limit: pageSize };
  if (itemTypeId !== undefined) search.itemTypeId = itemTypeId;
  if (term) search.term = term;
  const { total, groups } = store.findModels(search);
  const day = today(ctx);
  return {
    totalRows: total,
    data: groups.map((g) => {
      const variants = items(ctx.db).byIds(store.variantIds(ctx.user.companyId, g, includeInactive), day).map((r) => catalogueItem(ctx, r));
      return {
        key: g.model === null ? `item:${variants[0]?.itemID ?? ''}` : `${ctx.enc.encode('itemType', g.item_type_id)}|${g.brand_id ?? ''}|${g.model.toLowerCase()}`,
        itemTypeID: ctx.enc.encode('itemType', g.item_type_id),
        itemType: itemTypes(ctx.db).byId(g.item_type_id)?.name ?? '',
        brand: variants[0]?.brand ?? null,
        model: g.model,
        variants,
      };
    }),
  };
}

export const brandNames = (ctx: RequestContext) => itemCatalogue(ctx.db).brands(ctx.user.companyId).map((b) => b.name);
