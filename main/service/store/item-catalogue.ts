/**
 * SQL of the catalogue screen (head office's item master): finding items grouped by model, the
 * variants of a model, the items a price rule covers, and the few writes besides a whole item
 * (store/item.ts): its price and whether it is sold.
 *
 * A model is the items of one type, brand and model name (a frame in several colours and sizes,
 * each its own code and barcode); an item without a model is a group of its own.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { searchWords } from './item.js';
import { statementCache } from './statement-cache.js';
import { extend } from '../../../shared/extend.js';

export interface CatalogueSearch {
  companyId: number;
  itemTypeId?: number;
  term?: string;
  includeInactive: boolean;
  offset: number;
  limit: number;
}

export interface ModelGroup {
  item_type_id: number;
  brand_id: number | null;
  model: string | null;
  /** The item itself when it has no model. */
  item_id: number | null;
}

const GROUP_KEY = `CASE WHEN i.model IS NULL THEN 'i' || i.id ELSE i.item_type_id || '|' || coalesce(i.brand_id, '') || '|' || lower(i.model) END`;

export const itemCatalogue = perDatabase((db: Db) => {
  const variants = db.prepare<[number, number, string, number | null, number], { id: number }>(
    `SELECT id FROM item WHERE company_id = ? AND item_type_id = ? AND model = ? AND brand_id IS ? AND (is_active = 1 OR ?)
      ORDER BY colour, size, code`,
  );
  const setPrice = db.prepare<[number, string, number, number]>('UPDATE item SET sale_price = ?, modified_at = ? WHERE id = ? AND company_id = ?');
  const setActive = db.prepare<[number, string, number, number]>('UPDATE item SET is_active = ?, modified_at = ? WHERE id = ? AND company_id = ?');
  const ruleIds = db.prepare<{ companyId: number; brandId: number | null; categoryId: number | null; itemTypeId: number | null }, { id: number }>(
    `SELECT id FROM item WHERE company_id = @companyId AND is_active = 1
        AND (@brandId IS NULL OR brand_id = @brandId) AND (@categoryId IS NULL OR category_id = @categoryId)
        AND (@itemTypeId IS NULL OR item_type_id = @itemTypeId)
      ORDER BY name, code`,
  );
  const brandList = db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM brand WHERE company_id = ? ORDER BY name');
  const brandByName = db.prepare<[number, string], { id: number; name: string }>('SELECT id, name FROM brand WHERE company_id = ? AND name = ?');
  const setBarcode = db.prepare<[string, string, number, number]>('UPDATE item SET barcode = ?, modified_at = ? WHERE id = ? AND company_id = ?');

  function matching(s: CatalogueSearch) {
    const terms = ['i.company_id = @companyId'];
    const params: Record<string, unknown> = { companyId: s.companyId };
    let from = 'item i';
    if (!s.includeInactive) terms.push('i.is_active = 1');
    if (s.itemTypeId !== undefined) {
      terms.push('i.item_type_id = @itemTypeId');
      params.itemTypeId = s.itemTypeId;
    }
    const brandLike = (p: string) => `i.brand_id IN (SELECT id FROM brand WHERE company_id = @companyId AND name LIKE ${p})`;
    const words = s.term ? searchWords(s.term) : null;
    if (words) {
      from = 'item_search f JOIN item i ON i.id = f.rowid';
      terms.push('item_search MATCH @match');
      params.match = words.long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');
      words.short.forEach((w, n) => {
        const like = `'%' || @short${n} || '%'`;
        terms.push(`(i.name LIKE ${like} OR i.code LIKE ${like} OR i.model LIKE ${like} OR i.barcode LIKE ${like} OR ${brandLike(like)})`);
        params[`short${n}`] = w.replace(/[%_]/g, '');
      });
    } else if (s.term) {
      terms.push(`(i.name LIKE @prefix OR i.code LIKE @prefix OR i.model LIKE @prefix OR i.barcode LIKE @prefix OR ${brandLike('@prefix')})`);
      params.prefix = `${s.term.replace(/[%_]/g, '')}%`;
    }
    return { sql: `FROM ${from} WHERE ${terms.join(' AND ')}`, params };
  }

  return {
    /** One page of models (groups) that have an item matching, and how many there are. */
    findModels(s: CatalogueSearch): { total: number; groups: ModelGroup[] } {
      const m = matching(s);
      const cache = statementCache(db);
      return db.transaction(() => {
        const total = cache<Record<string, unknown>, { n: number }>(`SELECT count(DISTINCT ${GROUP_KEY}) AS n ${m.sql}`).get(m.params)!.n;
        const groups = cache<Record<string, unknown>, ModelGroup>(
          `SELECT i.item_type_id, i.brand_id, i.model, CASE WHEN i.model IS NULL THEN i.id END AS item_id, ${GROUP_KEY} AS gkey, min(i.name) AS first
             ${m.sql} GROUP BY gkey ORDER BY first, gkey LIMIT @limit OFFSET @offset`,
        ).all(extend(m.params, { limit: s.limit, offset: s.offset }));
        return { total, groups };
      })();
    },
    /** The ids of a model's variants: colour, then size, then code. */
    variantIds: (companyId: number, g: ModelGroup, includeInactive: boolean): number[] =>
      g.model === null ? (g.item_id === null ? [] : [g.item_id]) : variants.all(companyId, g.item_type_id, g.model, g.brand_id, includeInactive ? 1 : 0).map((r) => r.id),
    /** Active items a price rule covers: of a brand, a category and/or a type. */
    ruleIds: (companyId: number, rule: { brandId: number | null; categoryId: number | null; itemTypeId: number | null }) =>
      ruleIds.all({ companyId, ...rule }).map((r) => r.id),
    brands: (companyId: number) => brandList.all(companyId),
    brandByName: (companyId: number, name: string) => brandByName.get(companyId, name),
    setBarcode: (companyId: number, id: number, barcode: string, at: string) => setBarcode.run(barcode, at, id, companyId),
    /** Inside a write transaction. Paise. */
    setPrice: (companyId: number, id: number, price: number, at: string) => setPrice.run(price, at, id, companyId),
    setActive: (companyId: number, id: number, active: boolean, at: string) => setActive.run(active ? 1 : 0, at, id, companyId),
  };
});
