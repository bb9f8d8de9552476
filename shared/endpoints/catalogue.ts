/**
 * The catalogue as head office keeps it: declared extensions, as the spec only reads items. Head
 * office's admins and managers add models with their variants, edit and take items off sale,
 * change prices from a day; everyone finds and reads. On a branch's PC every change is a 403
 * HEAD_OFFICE_ONLY ("Items are changed at head office …").
 */
import { endpoint } from '../contract/endpoint.js';
import { ANY_ROLE, MANAGERS } from '../contract/roles.js';
import {
  BrandList,
  CatalogueAccess,
  CatalogueItem,
  CreateModelRequest,
  CreateModelResult,
  FindModelsRequest,
  FindModelsResult,
  ItemIdParams,
  PriceChangeRequest,
  PriceChangeResult,
  PriceHistory,
  SetActiveRequest,
  UpdateItemRequest,
} from '../models/catalogue.js';

const group = 'Catalogue';

const CATALOGUE =
  'The spec reads items only (autocompletes, SearchItems); a chain’s head office adds, edits and prices the items every branch sells, with variants, barcodes and dated price changes.';

const BRANCH = 'On a PC whose node is not head office’s (sync_state.head_office) a 403 HEAD_OFFICE_ONLY: items are changed at head office.';

export const Catalogue = {
  access: endpoint({
    group,
    name: 'Catalogue.access',
    method: 'GET',
    path: '/api/Catalogue/access',
    summary: 'Whether the signed-in user changes the catalogue on this PC, and if not, why in a sentence.',
    response: CatalogueAccess,
    auth: ANY_ROLE,
    extension: CATALOGUE,
  }),
  find: endpoint({
    group,
    name: 'Catalogue.find',
    method: 'POST',
    path: '/api/Catalogue/find',
    summary: 'Models (brand and model of one type) with an item matching the words, each with all its variants; paged by model.',
    body: FindModelsRequest,
    response: FindModelsResult,
    auth: ANY_ROLE,
    extension: CATALOGUE,
    note: 'An item without a model is a group of its own; inactive items only with includeInactive.',
  }),
  item: endpoint({
    group,
    name: 'Catalogue.item',
    method: 'GET',
    path: '/api/Catalogue/item/{itemID}',
    summary: 'One item’s whole record, with its price today and the next dated change waiting.',
    params: ItemIdParams,
    response: CatalogueItem,
    auth: ANY_ROLE,
    errors: [404],
    extension: CATALOGUE,
  }),
  brands: endpoint({
    group,
    name: 'Catalogue.brands',
    method: 'GET',
    path: '/api/Catalogue/brands',
    summary: 'The brand names of the catalogue, for a price rule and the item form.',
    response: BrandList,
    auth: ANY_ROLE,
    extension: CATALOGUE,
  }),
  createModel: endpoint({
    group,
    name: 'Catalogue.createModel',
    method: 'POST',
    path: '/api/Catalogue/create-model',
    summary: 'Adds a model with its variants (colours × sizes …), each its own item with its code and barcode; all or none.',
    body: CreateModelRequest,
    response: CreateModelResult,
    auth: MANAGERS,
    errors: [409],
    extension: CATALOGUE,
    note: `A variant without a barcode gets one from the store's in-store EAN-13 range; a code or barcode another item has is a 409 CODE_TAKEN / BARCODE_TAKEN naming it. ${BRANCH}`,
  }),
  update: endpoint({
    group,
    name: 'Catalogue.update',
    method: 'POST',
    path: '/api/Catalogue/update',
    summary: 'Saves every field of one item; a new selling price takes effect today and is kept in the price history.',
    body: UpdateItemRequest,
    response: CatalogueItem,
    auth: MANAGERS,
    errors: [404, 409],
    extension: CATALOGUE,
    note: BRANCH,
  }),
  setActive: endpoint({
    group,
    name: 'Catalogue.setActive',
    method: 'POST',
    path: '/api/Catalogue/set-active',
    summary: 'Takes an item off sale (isActive false) or puts it back; it stays in orders, reports and stock.',
    body: SetActiveRequest,
    response: CatalogueItem,
    auth: MANAGERS,
    errors: [404],
    extension: CATALOGUE,
    note: BRANCH,
  }),
  changePrices: endpoint({
    group,
    name: 'Catalogue.changePrices',
    method: 'POST',
    path: '/api/Catalogue/change-prices',
    summary: 'Changes selling prices from a day (today or later): items named, or a rule over a brand and/or category; by a percent rounded to the rupee, or to a price.',
    body: PriceChangeRequest,
    response: PriceChangeResult,
    auth: MANAGERS,
    errors: [404],
    extension: CATALOGUE,
    note: `A new price above an item's MRP refuses the whole change, naming the item (400 PRICE_ABOVE_MRP). ${BRANCH}`,
  }),
  priceHistory: endpoint({
    group,
    name: 'Catalogue.priceHistory',
    method: 'GET',
    path: '/api/Catalogue/price-history/{itemID}',
    summary: 'An item’s price changes, latest effective day first: old and new price, from when, why, who and when.',
    params: ItemIdParams,
    response: PriceHistory,
    auth: ANY_ROLE,
    errors: [404],
    extension: CATALOGUE,
  }),
};

