/** SQL for a company's `customer_source` table: how customers heard of the store. */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export const customerSources = perDatabase((db: Db) => {
  const page = db.prepare<[number, number, number], { id: number; name: string }>(
    'SELECT id, name FROM customer_source WHERE company_id = ? AND is_active = 1 ORDER BY sort, name LIMIT ? OFFSET ?',
  );
  const insert = db.prepare('INSERT INTO customer_source (id, company_id, name, sort) VALUES (?, ?, ?, ?)');
  return {
    page: (companyId: number, offset: number, limit: number) => page.all(companyId, limit, offset),
    insert(ids: IdSource, companyId: number, name: string, sort: number): number {
      const id = ids.next('customer_source');
      insert.run(id, companyId, name, sort);
      return id;
    },
  };
});
