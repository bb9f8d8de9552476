/** SQL for a company's `category` and `sub_category` tables (catalog grouping under item types). */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export interface CategoryRow {
  id: number;
  company_id: number;
  item_type_id: number;
  name: string;
}

export interface SubCategoryRow {
  id: number;
  company_id: number;
  category_id: number;
  name: string;
}

export const categories = perDatabase((db: Db) => {
  const byId = db.prepare<[number, number], CategoryRow>(
    'SELECT id, company_id, item_type_id, name FROM category WHERE id = ? AND company_id = ?',
  );
  const ofType = db.prepare<[number, number], CategoryRow>(
    'SELECT id, company_id, item_type_id, name FROM category WHERE company_id = ? AND item_type_id = ? AND is_active = 1 ORDER BY name',
  );
  const byName = db.prepare<[number, number, string], CategoryRow>(
    'SELECT id, company_id, item_type_id, name FROM category WHERE company_id = ? AND item_type_id = ? AND name = ?',
  );
  const insert = db.prepare('INSERT INTO category (id, company_id, item_type_id, name) VALUES (?, ?, ?, ?)');
  const subById = db.prepare<[number, number], SubCategoryRow>(
    'SELECT id, company_id, category_id, name FROM sub_category WHERE id = ? AND company_id = ?',
  );
  const subOf = db.prepare<[number, number], SubCategoryRow>(
    'SELECT id, company_id, category_id, name FROM sub_category WHERE company_id = ? AND category_id = ? AND is_active = 1 ORDER BY name',
  );
  const subByName = db.prepare<[number, string], SubCategoryRow>(
    'SELECT id, company_id, category_id, name FROM sub_category WHERE category_id = ? AND name = ?',
  );
  const insertSub = db.prepare('INSERT INTO sub_category (id, company_id, category_id, name) VALUES (?, ?, ?, ?)');
  return {
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    ofType: (companyId: number, itemTypeId: number) => ofType.all(companyId, itemTypeId),
    subById: (companyId: number, id: number) => subById.get(id, companyId),
    subOf: (companyId: number, categoryId: number) => subOf.all(companyId, categoryId),
    /** The category of that name under the type, made if new. Inside a write transaction. */
    ensure(ids: IdSource, companyId: number, itemTypeId: number, name: string): number {
      const found = byName.get(companyId, itemTypeId, name);
      if (found) return found.id;
      const id = ids.next('category');
      insert.run(id, companyId, itemTypeId, name);
      return id;
    },
    ensureSub(ids: IdSource, companyId: number, categoryId: number, name: string): number {
      const found = subByName.get(categoryId, name);
      if (found) return found.id;
      const id = ids.next('sub_category');
      insertSub.run(id, companyId, categoryId, name);
      return id;
    },
  };
});
