/**
 * SQL for the `item` table: the catalog look-ups a counter waits on at every scan and keystroke.
 *
 * A type-ahead is a prefix search served as index ranges (`col >= p AND col < p || U+10FFFF` on
 * COLLATE NOCASE columns): it runs small LIMITed ranges per (item type, column) until its list is
 * full, instead of one OR-query SQLite would have to scan. The catalog's word search finds any
 * part of a word through the trigram index `item_search` (migration 022), never a LIKE scan.
 */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';
import { COUNT_AHEAD, countUpTo, statementCache } from './statement-cache.js';
import { extend } from '../../../shared/extend.js';

export interface ItemFields {
  item_type_id: number;
  category_id: number | null;
  sub_category_id: number | null;
  brand_id: number | null;
  code: string;
  barcode: string | null;
  name: string;
  model: string | null;
  colour: string | null;
  size: string | null;
  material: string | null;
  hsn_code: string | null;
  /** Paise. */
  sale_price: number;
  mrp: number;
  cost: number | null;
  price_includes_tax: number;
  made_to_order: number;
  lens_index: string | null;
  coating: string | null;
  /** Diopters in hundredths. */
  power_from: number | null;
  power_to: number | null;
  cyl_to: number | null;
  /** The ADD range of a multifocal design (migration 012); null for a single-vision lens. */
  add_from: number | null;
  add_to: number | null;
  power: number | null;
  base_curve: number | null;
  diameter: number | null;
  is_active: number;
  /** Migration 029: reorder at or below this many on hand (null: not set); units per pack; kept by batch and expiry. */
  reorder_level: number | null;
  pack_size: number | null;
  batch_tracked: number;
}

export interface ItemRow extends ItemFields {
  id: number;
  company_id: number;
  brand: string | null;
}

/**
 * The selling price in effect on the day bound as @day: the newest price change in effect that day
 * (item_price, migration 029), else the item's own price. Every read of an item's row goes through
 * it, so a change dated later applies on its day at the counter, in search and in a sale.
 */
export const PRICE_ON_DAY = `coalesce((SELECT p.new_price FROM item_price p WHERE p.item_id = i.id AND p.effective_from <= @day
  ORDER BY p.effective_from DESC, p.created_at DESC, p.id DESC LIMIT 1), i.sale_price)`;

const TOP = '\u{10FFFF}';
const COLUMNS = `i.id, i.company_id, i.item_type_id, i.category_id, i.sub_category_id, i.brand_id, b.name AS brand, i.code, i.barcode,
  i.name, i.model, i.colour, i.size, i.material, i.hsn_code, ${PRICE_ON_DAY} AS sale_price, i.mrp, i.cost, i.price_includes_tax, i.made_to_order,
  i.lens_index, i.coating, i.power_from, i.power_to, i.cyl_to, i.add_from, i.add_to, i.power, i.base_curve, i.diameter, i.is_active,
  i.reorder_level, i.pack_size, i.batch_tracked`;
const FROM = 'FROM item i LEFT JOIN brand b ON b.id = i.brand_id';

/** Columns a type-ahead may match by prefix. */
export type PrefixColumn = 'code' | 'barcode' | 'name' | 'model' | 'brand';

export interface ItemSearch {
  companyId: number;
  itemTypeId?: number;
  categoryId?: number;
  subCategoryId?: number;
  /**
   * Words found anywhere in code, barcode, name, model or brand (each word in one of them); a
   * term of only one- and two-letter words matches those columns by prefix.
   */
  term?: string;
  offset: number;
  limit: number;
  /** The day whose prices the rows carry (YYYY-MM-DD, the store's local date). */
  day: string;
}

/** Bound with the anonymous parameters of every statement that reads item rows: the day of its prices. */
type Day = { day: string };

/**
 * The words of a search term, split for the trigram index: null when no word has three
 * characters (a trigram cannot match it; the prefix ranges serve those), else the long words the
 * index matches and the short ones that narrow its matches.
 */
export function searchWords(term: string): { long: string[]; short: string[] } | null {
  const words = term.trim().split(/\s+/).filter(Boolean);
  const long = words.filter((w) => [...w].length >= 3);
  if (long.length === 0) return null;
  return { long, short: words.filter((w) => [...w].length < 3) };
}

export const items = perDatabase((db: Db) => {
  const byId = db.prepare<[Day, number, number], ItemRow>(`SELECT ${COLUMNS} ${FROM} WHERE i.id = ? AND i.company_id = ?`);
  const byBarcode = db.prepare<[Day, number, string], ItemRow>(`SELECT ${COLUMNS} ${FROM} WHERE i.company_id = ? AND i.barcode = ?`);
  const byCode = db.prepare<[Day, number, string], ItemRow>(`SELECT ${COLUMNS} ${FROM} WHERE i.company_id = ? AND i.code = ?`);
  const rangeQuery = (column: string) =>
    db.prepare<[number, number, string, string, number], { id: number }>(
      `SELECT id FROM item WHERE company_id = ? AND item_type_id = ? AND ${column} >= ? AND ${column} < ? AND is_active = 1 ORDER BY ${column} LIMIT ?`,
    );
  const idRange = { code: rangeQuery('code'), barcode: rangeQuery('barcode'), name: rangeQuery('name'), model: rangeQuery('model') };
  const idsOfBrand = db.prepare<[number, number, number, number], { id: number }>(
    'SELECT id FROM item WHERE company_id = ? AND item_type_id = ? AND brand_id = ? AND is_active = 1 ORDER BY name LIMIT ?',
  );
  const byIds = db.prepare<[Day, string], ItemRow>(`SELECT ${COLUMNS} ${FROM} WHERE i.id IN (SELECT value FROM json_each(?))`);
  const brandPrefix = db.prepare<[number, string, string, number], { id: number }>(
    'SELECT id FROM brand WHERE company_id = ? AND name >= ? AND name < ? ORDER BY name LIMIT ?',
  );
  const count = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM item WHERE company_id = ?');
  const contactLensOfPower = db.prepare<[Day, number, number, number, number], ItemRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE i.company_id = ? AND i.item_type_id = ? AND i.power = ? AND i.is_active = 1 ORDER BY i.name LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT INTO item (id, company_id, item_type_id, category_id, sub_category_id, brand_id, code, barcode, name, model, colour, size,
                       material, hsn_code, sale_price, mrp, cost, price_includes_tax, made_to_order, lens_index, coating, power_from,
                       power_to, cyl_to, add_from, add_to, power, base_curve, diameter, is_active, reorder_level, pack_size,
                       batch_tracked, created_at)
     VALUES (@id, @company_id, @item_type_id, @category_id, @sub_category_id, @brand_id, @code, @barcode, @name, @model, @colour, @size,
             @material, @hsn_code, @sale_price, @mrp, @cost, @price_includes_tax, @made_to_order, @lens_index, @coating, @power_from,
             @power_to, @cyl_to, @add_from, @add_to, @power, @base_curve, @diameter, @is_active, @reorder_level, @pack_size,
             @batch_tracked, @at)`,
  );
  const update = db.prepare(
    `UPDATE item SET item_type_id = @item_type_id, category_id = @category_id, sub_category_id = @sub_category_id, brand_id = @brand_id,
            code = @code, barcode = @barcode, name = @name, model = @model, colour = @colour, size = @size, material = @material,
            hsn_code = @hsn_code, sale_price = @sale_price, mrp = @mrp, cost = @cost, price_includes_tax = @price_includes_tax,
            made_to_order = @made_to_order, lens_index = @lens_index, coating = @coating, power_from = @power_from,
            power_to = @power_to, cyl_to = @cyl_to, add_from = @add_from, add_to = @add_to, power = @power, base_curve = @base_curve, diameter = @diameter,
            is_active = @is_active, reorder_level = @reorder_level, pack_size = @pack_size, batch_tracked = @batch_tracked,
            modified_at = @at
     WHERE id = @id AND company_id = @company_id`,
  );

  /*
   * A search term matches code, barcode, name, model or brand by prefix. An OR of those ranges
   * would make SQLite scan the company's items, so the matching ids are gathered as a UNION of
   * index ranges (on the item-type indexes when a type is given) and the rest filters those.
   */
  function where(s: ItemSearch) {
    const terms = ['i.company_id = @companyId', 'i.is_active = 1'];
    const params: Record<string, unknown> = { companyId: s.companyId };
    let from = 'item i';
    if (s.itemTypeId !== undefined) {
      terms.push('i.item_type_id = @itemTypeId');
      params.itemTypeId = s.itemTypeId;
    }
    if (s.categoryId !== undefined) {
      terms.push('i.category_id = @categoryId');
      params.categoryId = s.categoryId;
    }
    if (s.subCategoryId !== undefined) {
      terms.push('i.sub_category_id = @subCategoryId');
      params.subCategoryId = s.subCategoryId;
    }
    const words = s.term ? searchWords(s.term) : null;
    if (words) {
      // Any part of a word: the trigram index finds the words of three or more characters
      // (all of them, in any column); shorter words then narrow those by "contains".
      from = 'item_search f JOIN item i ON i.id = f.rowid';
      terms.push('item_search MATCH @match');
      params.match = words.long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');
      words.short.forEach((w, n) => {
        const like = `'%' || @short${n} || '%'`;
        terms.push(`(i.name LIKE ${like} OR i.code LIKE ${like} OR i.model LIKE ${like} OR i.barcode LIKE ${like}
          OR i.brand_id IN (SELECT id FROM brand WHERE company_id = @companyId AND name LIKE ${like}))`);
        params[`short${n}`] = w.replace(/[%_]/g, '');
      });
      params.exact = s.term;
      params.start = `" ${words.long[0]!.replaceAll('"', '""')}"`;
    } else if (s.term) {
      const scope = s.itemTypeId === undefined ? 'company_id = @companyId' : 'company_id = @companyId AND item_type_id = @itemTypeId';
      const range = (column: string) => `SELECT id FROM item WHERE ${scope} AND ${column} >= @term AND ${column} < @termTop`;
      from = `(${range('code')} UNION ${range('barcode')} UNION ${range('name')} UNION ${range('model')}
        UNION SELECT id FROM item WHERE ${scope} AND brand_id IN (SELECT id FROM brand WHERE company_id = @companyId AND name >= @term AND name < @termTop)
      ) hit JOIN item i ON i.id = hit.id`;
      Object.assign(params, { term: s.term, termTop: s.term + TOP });
    }
    return { from, sql: terms.join(' AND '), params, ranked: words !== null, oneWord: words !== null && words.long.length === 1 };
  }

  /*
   * A word search is ranked, in words a cashier can predict: the item whose code or barcode is
   * the term first; then items where the first word starts a word of the name or brand, or starts
   * the code or model ("ray" puts Ray-Ban before "Gray"); then the rest; each group by name.
   * (bm25 was tried: over a trigram index it mostly prefers short names, and it cost more than
   * the rest of the query.)
   *
   * Each group is its own query, walked in order until the page is full, so a common word costs
   * one sort of its word-start group, driven from `item_start` (migration 025), and not a rank
   * computed for every match. Each query ranks ids alone and the page's rows are read after: the
   * sorter carries one number per match, not every column.
   */
  const EXACT = '(i.code = @exact OR i.barcode = @exact)';
  const NOT_EXACT = `NOT coalesce(${EXACT}, 0)`; // a missing barcode is not the term
  const STARTS = 'i.id IN (SELECT rowid FROM item_start WHERE item_start MATCH @start)';
  const rankedGroups = (w: ReturnType<typeof where>, oneWord: boolean) => {
    const others = w.sql.replace('item_search MATCH @match', '1');
    return [
      // At most a row or two: each checked against the words by its rowid.
      `FROM item i WHERE ${others} AND ${EXACT} AND EXISTS (SELECT 1 FROM item_search WHERE item_search MATCH @match AND rowid = i.id)`,
      // One word: starting a word implies containing it, so the word-start index alone finds the
      // group. More words: all of them narrow the matches first, and those are checked for the start.
      oneWord
        ? `FROM item_start s JOIN item i ON i.id = s.rowid WHERE item_start MATCH @start AND ${others} AND ${NOT_EXACT}`
        : `FROM ${w.from} WHERE ${w.sql} AND ${NOT_EXACT} AND ${STARTS}`,
      `FROM ${w.from} WHERE ${w.sql} AND ${NOT_EXACT} AND NOT ${STARTS}`,
    ];
  };
  const page = (fromWhere: string) => `SELECT i.id ${fromWhere} ORDER BY i.name, i.code LIMIT @limit OFFSET @offset`;
  const ids = (sql: string, params: Record<string, unknown>) =>
    statementCache(db)<Record<string, unknown>, { id: number }>(sql).all(params).map((r) => r.id);

  function pageIds(s: ItemSearch, w: ReturnType<typeof where>): number[] {
    if (!w.ranked) return ids(page(`FROM ${w.from} WHERE ${w.sql}`), extend(w.params, { limit: s.limit, offset: s.offset }));
    const found: number[] = [];
    let skip = s.offset;
    for (const group of rankedGroups(w, w.oneWord)) {
      if (found.length >= s.limit) break;
      const got = ids(page(group), extend(w.params, { limit: s.limit - found.length, offset: skip }));
      found.push(...got);
      // Rows of this group filled the page from `skip`; the next group starts at its first row.
      // None: the group has at most `skip` rows, and the page starts that much further on.
      skip = got.length > 0 ? 0 : skip - countUpTo(db, group, w.params, skip).total;
    }
    return found;
  }

  const rowsOf = (list: number[], day: string): ItemRow[] => {
    if (list.length === 0) return [];
    const rows = new Map(byIds.all({ day }, JSON.stringify(list)).map((r) => [r.id, r]));
    return list.map((id) => rows.get(id)!);
  };

  return {
    /** Rows carry the selling price in effect on `day` (YYYY-MM-DD, the store's date; PRICE_ON_DAY). */
    byId: (companyId: number, id: number, day: string) => byId.get({ day }, id, companyId),
    /** Rows of these ids, in this order (those that exist). */
    byIds: (ids: number[], day: string) => rowsOf(ids, day),
    count: (companyId: number) => count.get(companyId)!.n,
    /** Exact barcode first (what a scanner sends), then exact item code without regard to case. */
    byCode: (companyId: number, code: string, day: string) => byBarcode.get({ day }, companyId, code) ?? byCode.get({ day }, companyId, code),
    byCodeOnly: (companyId: number, code: string, day: string) => byCode.get({ day }, companyId, code),
    byBarcodeOnly: (companyId: number, barcode: string, day: string) => byBarcode.get({ day }, companyId, barcode),

    /**
     * Type-ahead over the given item types: up to `limit` active items, exact code or barcode
     * first, then items whose columns start with `term`, column by column in the order given.
     * Each step is one LIMITed index range and the search stops once the list is full, so a
     * one-letter term costs no more than a full code.
     */
    complete(companyId: number, typeIds: readonly number[], term: string, columns: readonly PrefixColumn[], limit: number, day: string): ItemRow[] {
      const found = new Set<number>();
      const add = (rows: ReadonlyArray<{ id: number }>) => {
        for (const r of rows) if (found.size < limit) found.add(r.id);
      };
      if (term) {
        const exact = byBarcode.get({ day }, companyId, term) ?? byCode.get({ day }, companyId, term);
        if (exact && exact.is_active === 1 && typeIds.includes(exact.item_type_id)) found.add(exact.id);
      }
      for (const column of columns) {
        if (found.size >= limit) break;
        if (column === 'brand') {
          if (!term) continue;
          for (const { id: brandId } of brandPrefix.all(companyId, term, term + TOP, 5)) {
            for (const typeId of typeIds) if (found.size < limit) add(idsOfBrand.all(companyId, typeId, brandId, limit));
          }
        } else {
          for (const typeId of typeIds) if (found.size < limit) add(idRange[column].all(companyId, typeId, term, term + TOP, limit));
        }
      }
      return rowsOf([...found], day);
    },

    /** Contact lenses of exactly this power (hundredths), for a power typed into the search box. */
    ofPower: (companyId: number, typeId: number, power: number, limit: number, day: string) => contactLensOfPower.all({ day }, companyId, typeId, power, limit),

    /** One page, and how many match counted up to COUNT_AHEAD rows past it (`totalExact` false beyond). */
    search(s: ItemSearch): { totalRows: number; totalExact: boolean; rows: ItemRow[] } {
      const w = where(s);
      return db.transaction(() => {
        const count = countUpTo(db, `FROM ${w.from} WHERE ${w.sql}`, w.params, s.offset + s.limit + COUNT_AHEAD);
        const rows = rowsOf(pageIds(s, w), s.day);
        return { totalRows: count.total, totalExact: count.exact, rows };
      })();
    },

    /** EXPLAIN QUERY PLAN of each look-up, for the test that proves they stay index ranges. */
    plans(s: ItemSearch, typeId: number): Record<string, string[]> {
      const plan = (sql: string, params: unknown[] | Record<string, unknown>) =>
        db
          .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...(Array.isArray(params) ? params : [params]))
          .map((r) => r.detail);
      const range = [s.companyId, typeId, 'ab', `ab${TOP}`, 20];
      const w = where(s);
      return {
        barcode: plan(byBarcode.source, [{ day: s.day }, s.companyId, '8900000000017']),
        code: plan(byCode.source, [{ day: s.day }, s.companyId, 'FR-1']),
        codePrefix: plan(idRange.code.source, range),
        barcodePrefix: plan(idRange.barcode.source, range),
        namePrefix: plan(idRange.name.source, range),
        modelPrefix: plan(idRange.model.source, range),
        brand: plan(idsOfBrand.source, [s.companyId, typeId, 1, 20]),
        byIds: plan(byIds.source, [{ day: s.day }, '[1,2]']),
        ...(w.ranked
          ? Object.fromEntries(
              rankedGroups(w, w.oneWord).map((group, n) => [['searchExact', 'search', 'searchRest'][n], plan(page(group), extend(w.params, { limit: 20, offset: 0 }))]),
            )
          : { search: plan(page(`FROM ${w.from} WHERE ${w.sql}`), extend(w.params, { limit: 20, offset: 0 })) }),
      };
    },

    /** Inside a write transaction. */
    insert(ids: IdSource, companyId: number, fields: ItemFields, at: string): number {
      const id = ids.next('item');
      insert.run(extend(fields, { id, company_id: companyId, at }));
      return id;
    },
    update(companyId: number, id: number, fields: ItemFields, at: string) {
      update.run(extend(fields, { id, company_id: companyId, at }));
    },
  };
});
