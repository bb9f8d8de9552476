import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { createModel, setItemActive, updateItem } from '../../catalog/catalogue.js';
import { changePrices } from '../../catalog/prices.js';

/** Catalogue/create-model: a model and its variants in one immediate transaction (catalog/catalogue.ts). */
export const catalogueCreateModel = implement(api.Catalogue.createModel, ({ body }, ctx) => createModel(ctx, body));

/** Catalogue/update: one item's fields; a new price goes into its history. */
export const catalogueUpdate = implement(api.Catalogue.update, ({ body }, ctx) => updateItem(ctx, body));

/** Catalogue/set-active: off sale or back on. */
export const catalogueSetActive = implement(api.Catalogue.setActive, ({ body }, ctx) => setItemActive(ctx, body));

/** Catalogue/change-prices: dated price changes for items or a rule (catalog/prices.ts). */
export const catalogueChangePrices = implement(api.Catalogue.changePrices, ({ body }, ctx) => changePrices(ctx, body));
