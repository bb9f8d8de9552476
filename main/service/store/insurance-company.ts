/** SQL for a company's `insurance_company` table; names are unique per company without regard to case. */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';

export interface InsuranceCompanyRow {
  id: number;
  name: string;
  code: string | null;
  is_active: number;
}

export const insuranceCompanies = perDatabase((db: Db) => {
  const list = db.prepare<[number, number], InsuranceCompanyRow>(
    'SELECT id, name, code, is_active FROM insurance_company WHERE company_id = ? AND is_active >= ? ORDER BY name',
  );
  const byName = db.prepare<[number, string], InsuranceCompanyRow>(
    'SELECT id, name, code, is_active FROM insurance_company WHERE company_id = ? AND name = ?',
  );
  const byId = db.prepare<[number, number], InsuranceCompanyRow>(
    'SELECT id, name, code, is_active FROM insurance_company WHERE id = ? AND company_id = ?',
  );
  const insert = db.prepare(
    'INSERT INTO insurance_company (id, company_id, name, code, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    list: (companyId: number, activeOnly: boolean) => list.all(companyId, activeOnly ? 1 : 0),
    byName: (companyId: number, name: string) => byName.get(companyId, name),
    /** Undefined for another company's insurer, as for one that does not exist. */
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    insert(ids: IdSource, companyId: number, row: { name: string; code: string | null; active: boolean }, at: string): number {
      const id = ids.next('insurance_company');
      insert.run(id, companyId, row.name, row.code, row.active ? 1 : 0, at);
      return id;
    },
  };
});
