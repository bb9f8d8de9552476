import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { brandNames, catalogueAccess, findModels } from '../../catalog/catalogue.js';
import { catalogueItem, itemOf } from '../../catalog/catalogue-view.js';
import { priceHistory } from '../../catalog/prices.js';

/** Catalogue/access: whether this user changes items on this PC (catalog/head-office.ts). */
export const catalogueAccessHandler = implement(api.Catalogue.access, (_input, ctx) => catalogueAccess(ctx));

/** Catalogue/find: models with their variants (catalog/catalogue.ts). */
export const catalogueFind = implement(api.Catalogue.find, ({ body }, ctx) => findModels(ctx, body));

/** Catalogue/item/{itemID}: one item's record. */
export const catalogueItemHandler = implement(api.Catalogue.item, ({ params }, ctx) => catalogueItem(ctx, itemOf(ctx, params.itemID)));

/** Catalogue/brands: the brand names. */
export const catalogueBrands = implement(api.Catalogue.brands, (_input, ctx) => brandNames(ctx));

/** Catalogue/price-history/{itemID}: catalog/prices.ts. */
export const cataloguePriceHistory = implement(api.Catalogue.priceHistory, ({ params }, ctx) => priceHistory(ctx, params.itemID));
