/** SQL for a company's `membership` table: loyalty plans and their discount (basis points). */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export interface MembershipRow {
  id: number;
  name: string;
  discount_bp: number;
}

export const memberships = perDatabase((db: Db) => {
  const page = db.prepare<[number, number, number], MembershipRow>(
    'SELECT id, name, discount_bp FROM membership WHERE company_id = ? AND is_active = 1 ORDER BY discount_bp, name LIMIT ? OFFSET ?',
  );
  const insert = db.prepare('INSERT INTO membership (id, company_id, name, discount_bp) VALUES (?, ?, ?, ?)');
  return {
    page: (companyId: number, offset: number, limit: number) => page.all(companyId, limit, offset),
    insert(ids: IdSource, companyId: number, name: string, discountBp: number): number {
      const id = ids.next('membership');
      insert.run(id, companyId, name, discountBp);
      return id;
    },
  };
});
