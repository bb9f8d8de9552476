/** SQL for a company's `fitter` table: who fits lenses into frames, in the store or outside. */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export const fitters = perDatabase((db: Db) => {
  const active = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM fitter WHERE company_id = ? AND is_active = 1 ORDER BY name',
  );
  const insert = db.prepare('INSERT INTO fitter (id, company_id, name, mobile) VALUES (?, ?, ?, ?)');
  return {
    active: (companyId: number) => active.all(companyId),
    insert(ids: IdSource, companyId: number, name: string, mobile: string | null): number {
      const id = ids.next('fitter');
      insert.run(id, companyId, name, mobile);
      return id;
    },
  };
});
