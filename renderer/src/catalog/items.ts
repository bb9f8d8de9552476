/**
 * One item shape for everything the counter can pick from, whichever look-up found it: the
 * contract's autocomplete rows, item-search rows and code look-ups each carry a different subset.
 */
import { api } from '../../../shared/endpoints/index.js';
import type { AutoCompleteItem, ItemDetail, SearchItem } from '../../../shared/models/catalog.js';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { client, useEndpoint } from '../core/service.js';

export interface ItemOption {
  id: string;
  code: string;
  name: string;
  barcode: string | null;
  brand: string | null;
  price: number;
  mrp: number;
  stock: number | null;
  itemTypeID: string | null;
}

/**
 * Where the type-ahead looks: every item (SearchItems, optionally of one item type), or the
 * counter's own autocompletes for its frame/sunglass and spectacle-lens sections.
 */
export type ItemSource = 'all' | 'framesAndSunglasses' | 'spectacleLenses';

/** The autocompletes answer at most 20; more than fit on a counter screen anyway. */
export const SUGGESTION_LIMIT = 12;

export function fromSearchItem(row: SearchItem): ItemOption {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    barcode: row.barcode,
    brand: row.brand,
    price: row.price,
    mrp: row.mrp,
    stock: row.stock,
    itemTypeID: row.itemTypeID,
  };
}

function fromAutoComplete(row: AutoCompleteItem): ItemOption {
  return { ...row, barcode: null, brand: null, itemTypeID: null };
}

/**
 * A code look-up matches the barcode or the item code exactly; when what was scanned is not the
 * item code, it was the barcode, which the detail itself does not carry.
 */
export function fromDetail(detail: ItemDetail, scanned: string): ItemOption {
  const isCode = detail.code.toLowerCase() === scanned.toLowerCase();
  return {
    id: detail.id,
    code: detail.code,
    name: detail.name,
    barcode: isCode ? null : scanned,
    brand: null,
    price: detail.price,
    mrp: detail.mrp,
    stock: detail.stock,
    itemTypeID: detail.itemTypeID,
  };
}

const fromAutoCompletes = (rows: AutoCompleteItem[]) => rows.slice(0, SUGGESTION_LIMIT).map(fromAutoComplete);

/**
 * The type-ahead's suggestions for `term` from `source`: one query per source, only the chosen
 * one asked. While `enabled` is false nothing is asked.
 */
export function useItemSuggestions(
  source: ItemSource,
  term: string,
  itemTypeID: string | null,
  enabled: boolean,
): UseQueryResult<ItemOption[], Error> {
  const options = {
    staleTime: 30_000,
    // The previous keystroke's rows stay up until the next answer replaces them, so the list
    // does not flicker shut between keys.
    placeholderData: keepPreviousData,
  };
  const frames = useEndpoint(
    api.QuickSale.frameSunGlassAutoComplete,
    enabled && source === 'framesAndSunglasses' ? { query: { term } } : null,
    { ...options, select: fromAutoCompletes },
  );
  const lenses = useEndpoint(
    api.QuickSale.spectacleLensAutoComplete,
    enabled && source === 'spectacleLenses' ? { query: { term } } : null,
    { ...options, select: fromAutoCompletes },
  );
  const all = useEndpoint(
    api.Common.searchItems,
    enabled && source === 'all' ? { body: { searchTerm: term, itemTypeID, pageNumber: 1, pageSize: SUGGESTION_LIMIT } } : null,
    { ...options, select: (page) => page.data.map(fromSearchItem) },
  );
  return source === 'framesAndSunglasses' ? frames : source === 'spectacleLenses' ? lenses : all;
}

export async function itemByCode(code: string): Promise<ItemOption> {
  const detail = await client.call(api.QuickSale.itemDetailFromCode, { query: { code } });
  return fromDetail(detail, code);
}
