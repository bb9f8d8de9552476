/** SQL for a company's `brand` table. */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

const TOP = '\u{10FFFF}';

export const brands = perDatabase((db: Db) => {
  const byName = db.prepare<[number, string], { id: number }>('SELECT id FROM brand WHERE company_id = ? AND name = ?');
  const byPrefix = db.prepare<[number, string, string, number], { id: number }>(
    'SELECT id FROM brand WHERE company_id = ? AND name >= ? AND name < ? ORDER BY name LIMIT ?',
  );
  const insert = db.prepare('INSERT INTO brand (id, company_id, name) VALUES (?, ?, ?)');
  return {
    /** Brands whose name starts with `prefix`, without regard to case. */
    withPrefix: (companyId: number, prefix: string, limit: number) => byPrefix.all(companyId, prefix, prefix + TOP, limit).map((b) => b.id),
    /** The brand of that name, made if new. Inside a write transaction. */
    ensure(ids: IdSource, companyId: number, name: string): number {
      const found = byName.get(companyId, name);
      if (found) return found.id;
      const id = ids.next('brand');
      insert.run(id, companyId, name);
      return id;
    },
  };
});
