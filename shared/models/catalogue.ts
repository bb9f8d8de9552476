/**
 * The catalogue as head office keeps it (not in the spec): items found grouped by model, an item's
 * whole record, a model made with its variants in one form, price changes and their history.
 * Money in rupees, ids ENC ids, powers as typed ("-8.00"), dates YYYY-MM-DD.
 *
 * Field values are taken as typed (text or number) and checked by the service with the same rules
 * as the CSV import, so a refusal names the field the way the form labels it.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { pagedRows } from '../contract/errors.js';
import { encId } from '../contract/primitives.js';

const typedText = (max = 200) => bounded(max).nullish();
const typedNumber = () => z.union([z.number().finite(), bounded(40)]).nullish();
const typedFlag = () => z.union([z.boolean(), bounded(10)]).nullish();

/** What a variant (one SKU) has of its own. */
export const VariantFields = z.object({
  code: typedText(40),
  name: typedText(),
  colour: typedText(100),
  size: typedText(100),
  /** The supplier's EAN-13; empty: the store issues one. */
  barcode: typedText(40),
});

/** What every variant of a model shares. */
export const ModelFields = z.object({
  itemTypeID: encId(),
  brand: typedText(100),
  model: typedText(100),
  material: typedText(100),
  category: typedText(100),
  subCategory: typedText(100),
  hsnCode: typedText(20),
  mrp: typedNumber(),
  salePrice: typedNumber(),
  cost: typedNumber(),
  reorderLevel: typedNumber(),
  priceIncludesTax: typedFlag(),
  madeToOrder: typedFlag(),
  lensIndex: typedText(10),
  coating: typedText(100),
  powerFrom: typedNumber(),
  powerTo: typedNumber(),
  cylTo: typedNumber(),
  addFrom: typedNumber(),
  addTo: typedNumber(),
  power: typedNumber(),
  baseCurve: typedNumber(),
  diameter: typedNumber(),
  packSize: typedNumber(),
  batchTracked: typedFlag(),
});

export const CreateModelRequest = ModelFields.extend({
  variants: z.array(VariantFields).min(1, 'Add at least one variant').max(200, 'At most 200 variants in one form'),
});
export type CreateModelRequest = z.infer<typeof CreateModelRequest>;

export const UpdateItemRequest = ModelFields.extend(VariantFields.shape).extend({ itemID: encId() });
export type UpdateItemRequest = z.infer<typeof UpdateItemRequest>;

export const ItemIdParams = z.object({ itemID: encId() });
export const SetActiveRequest = z.object({ itemID: encId(), isActive: z.boolean() });

/** An item as the catalogue screen shows and edits it. */
export const CatalogueItem = z.object({
  itemID: z.string(),
  itemTypeID: z.string(),
  itemType: z.string(),
  code: z.string(),
  barcode: z.string().nullable(),
  /** The barcode is one the store issued (in-store range), not the supplier's. */
  storeBarcode: z.boolean(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  material: z.string().nullable(),
  category: z.string().nullable(),
  subCategory: z.string().nullable(),
  hsnCode: z.string().nullable(),
  gstRate: z.number().nullable(),
  mrp: z.number(),
  /** The selling price in effect today. */
  salePrice: z.number(),
  cost: z.number().nullable(),
  reorderLevel: z.number().nullable(),
  priceIncludesTax: z.boolean(),
  madeToOrder: z.boolean(),
  isActive: z.boolean(),
  lensIndex: z.string().nullable(),
  coating: z.string().nullable(),
  powerFrom: z.string().nullable(),
  powerTo: z.string().nullable(),
  cylTo: z.string().nullable(),
  addFrom: z.string().nullable(),
  addTo: z.string().nullable(),
  power: z.string().nullable(),
  baseCurve: z.string().nullable(),
  diameter: z.string().nullable(),
  packSize: z.number().nullable(),
  batchTracked: z.boolean(),
  /** A price change dated later, the next one to take effect; null when none waits. */
  nextPrice: z.object({ price: z.number(), effectiveFrom: z.string() }).nullable(),
});
export type CatalogueItem = z.infer<typeof CatalogueItem>;

/** A model and its variants (an item without a model is a group of one). */
export const ModelGroup = z.object({
  key: z.string(),
  itemTypeID: z.string(),
  itemType: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  variants: z.array(CatalogueItem),
});
export type ModelGroup = z.infer<typeof ModelGroup>;

export const FindModelsRequest = z.object({
  searchTerm: bounded('search').nullish(),
  itemTypeID: encId().nullish().or(z.literal('')),
  includeInactive: z.boolean().nullish(),
  pageNumber: z.number().int().min(1).nullish(),
  pageSize: z.number().int().min(1).max(100).nullish(),
});
export type FindModelsRequest = z.infer<typeof FindModelsRequest>;

export const FindModelsResult = pagedRows(ModelGroup);
export type FindModelsResult = z.infer<typeof FindModelsResult>;

export const CreateModelResult = z.object({ message: z.string(), items: z.array(CatalogueItem) });
export type CreateModelResult = z.infer<typeof CreateModelResult>;

/** Who may change the catalogue here, and if not, why in a sentence. */
export const CatalogueAccess = z.object({
  canEdit: z.boolean(),
  headOffice: z.boolean(),
  message: z.string().nullable(),
});
export type CatalogueAccess = z.infer<typeof CatalogueAccess>;

/**
 * A price change: for the items named, or a rule over a brand and/or a category (and type); by a
 * percent (+10, -5; rounded to the rupee) or to a fixed price; from a day, today or later.
 */
export const PriceChangeRequest = z.object({
  itemIDs: z.array(encId()).max(500).nullish(),
  /** A brand by its name, as the brand list gives it. */
  brand: bounded(100).nullish(),
  categoryID: encId().nullish().or(z.literal('')),
  itemTypeID: encId().nullish().or(z.literal('')),
  mode: z.enum(['percent', 'fixed']),
  value: z.number().finite(),
  effectiveFrom: bounded('date'),
});
export type PriceChangeRequest = z.infer<typeof PriceChangeRequest>;

export const PriceChangeLine = z.object({
  itemID: z.string(),
  code: z.string(),
  name: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
});
export const PriceChangeResult = z.object({
  message: z.string(),
  effectiveFrom: z.string(),
  items: z.array(PriceChangeLine),
});
export type PriceChangeResult = z.infer<typeof PriceChangeResult>;

export const PriceHistoryRow = z.object({
  effectiveFrom: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
  reason: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  /** Dated later than today: not in effect yet. */
  pending: z.boolean(),
});
export const PriceHistory = z.object({ item: CatalogueItem, rows: z.array(PriceHistoryRow) });
export type PriceHistory = z.infer<typeof PriceHistory>;

export const BrandList = z.array(z.string());
