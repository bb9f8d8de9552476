/** SQL for `module` and `company_module`: which business lines a company sells in. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface ModuleRow {
  id: number;
  name: string;
  is_active: number;
}

export const modules = perDatabase((db: Db) => {
  const ofCompany = db.prepare<[number], ModuleRow>(
    `SELECT m.id, m.name, coalesce(cm.is_active, 0) AS is_active
     FROM module m LEFT JOIN company_module cm ON cm.module_id = m.id AND cm.company_id = ?
     ORDER BY m.id`,
  );
  const setActive = db.prepare(
    `INSERT INTO company_module (company_id, module_id, is_active) VALUES (?, ?, ?)
     ON CONFLICT (company_id, module_id) DO UPDATE SET is_active = excluded.is_active`,
  );
  return {
    ofCompany: (companyId: number) => ofCompany.all(companyId),
    setActive(companyId: number, moduleId: number, active: boolean) {
      setActive.run(companyId, moduleId, active ? 1 : 0);
    },
  };
});
