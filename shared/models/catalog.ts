/**
 * The item catalog as the counter sees it: autocomplete, barcode look-up, stock, item types,
 * categories and the paged item search (spec: Quick Sale look-ups and Common).
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { pagedRows, totalExact } from '../contract/errors.js';
import { fields, noutNum, noutStr, outNum, qInt64, qReqInt32, qReqInt64, str, strings } from '../contract/primitives.js';

/** Stock is null for made-to-order items (lab-ground spectacle lenses), which are not counted. */
const stock = () => z.number().nullable();

export const AutoCompleteItem = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  ...fields(outNum, 'price', 'mrp'),
  stock: stock(),
});
export type AutoCompleteItem = z.infer<typeof AutoCompleteItem>;

export const FrameSunGlassAutoCompleteQuery = z.object({ term: bounded('search'), yearId: qInt64() });
export const SpectacleLensAutoCompleteQuery = z.object({ term: bounded('search') });
export const ItemCodeQuery = z.object({ code: bounded('search').trim().min(1, 'Required') });
export const ItemStockQuery = z.object({ itemId: qReqInt64() });

export const ItemDetail = AutoCompleteItem.extend({
  itemTypeID: z.string(),
  categoryID: noutStr(),
  subCategoryID: noutStr(),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

export const ItemStock = z.object({ itemID: z.string(), stock: stock() });
export type ItemStock = z.infer<typeof ItemStock>;

export const ContactLensSearchRequest = z.object({ term: str('search') });
export type ContactLensSearchRequest = z.infer<typeof ContactLensSearchRequest>;

export const ContactLensItem = AutoCompleteItem.extend(fields(noutStr, 'spherical', 'baseCurve', 'diameter'));
export type ContactLensItem = z.infer<typeof ContactLensItem>;

export const ItemTypeIdQuery = z.object({ id: qReqInt32() });
export const ItemTypeIdResult = z.object({ itemTypeID: z.string(), itemTypeName: z.string() });
export type ItemTypeIdResult = z.infer<typeof ItemTypeIdResult>;

/** GetQuickSaleTypes body and GetItemTypes element. */
export const OMEnumModelEncrypted = z.object(strings('value', 'name', 'moduleID', 'itemImagePath'));
export type OMEnumModelEncrypted = z.infer<typeof OMEnumModelEncrypted>;

/** GetItemTypes answers this shape filled in, so value and name are always there. */
export const ItemTypeEnum = z.object({
  value: z.string(),
  name: z.string(),
  moduleID: noutStr(),
  itemImagePath: noutStr(),
});
export type ItemTypeEnum = z.infer<typeof ItemTypeEnum>;

export const EncryptedModuleIdRequest = z.object(strings('moduleID'));
export const EncryptedItemTypeIdRequest = z.object(strings('itemTypeID'));
export const EncryptedCategoryIdRequest = z.object(strings('categoryID'));

/**
 * A section of the quick-sale screen (Frame, SunGlass, Lens ...: the spec's
 * showQuickSaleAdd<X>Section names), for the module the body's moduleID names.
 */
export const QuickSaleType = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  moduleID: noutStr(),
  itemImagePath: noutStr(),
  isAutoSection: z.boolean(),
});
export type QuickSaleType = z.infer<typeof QuickSaleType>;

export const ItemType = z.object({ id: z.string(), name: z.string(), code: noutStr(), moduleID: z.string() });
export type ItemType = z.infer<typeof ItemType>;

export const Category = z.object({ id: z.string(), name: z.string(), itemTypeID: z.string() });
export type Category = z.infer<typeof Category>;

export const SubCategory = z.object({ id: z.string(), name: z.string(), categoryID: z.string() });
export type SubCategory = z.infer<typeof SubCategory>;

export const EncryptedItemSearchRequest = z.object({
  ...strings('itemTypeID', 'categoryID', 'subCategoryID', 'searchTerm'),
  pageNumber: z.number().int().min(1).nullish(),
  pageSize: z.number().int().min(1).max(500).nullish(),
});
export type EncryptedItemSearchRequest = z.infer<typeof EncryptedItemSearchRequest>;

/** A SearchItems row. gstRate is the percentage in force today for the item's HSN code. */
export const SearchItem = z.object({
  id: z.string(),
  code: z.string(),
  barcode: noutStr(),
  name: z.string(),
  itemTypeID: z.string(),
  categoryID: noutStr(),
  subCategoryID: noutStr(),
  brand: noutStr(),
  ...fields(outNum, 'price', 'mrp'),
  gstRate: noutNum(),
  hsnCode: noutStr(),
  stock: stock(),
});
export type SearchItem = z.infer<typeof SearchItem>;

export const SearchItemsResult = pagedRows(SearchItem).extend({ totalExact });
export type SearchItemsResult = z.infer<typeof SearchItemsResult>;
