/** SQL for the `branch` table. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface BranchRow {
  id: number;
  company_id: number;
  code: string;
  name: string;
  address: string | null;
  city: string | null;
  mobile: string | null;
  email: string | null;
  gstin: string | null;
  state_id: number;
  country_id: number;
  logo: string | null;
  signature: string | null;
  is_active: number;
}

export type NewBranch = Omit<BranchRow, 'is_active'>;

export const branches = perDatabase((db: Db) => {
  const byId = db.prepare<[number], BranchRow>('SELECT * FROM branch WHERE id = ?');
  const ofCompany = db.prepare<[number], BranchRow>(
    'SELECT * FROM branch WHERE company_id = ? AND is_active = 1 ORDER BY code',
  );
  const insert = db.prepare(
    `INSERT INTO branch (id, company_id, code, name, address, city, mobile, email, gstin, state_id,
                         country_id, logo, signature)
     VALUES (@id, @company_id, @code, @name, @address, @city, @mobile, @email, @gstin, @state_id,
             @country_id, @logo, @signature)`,
  );
  const setLogo = db.prepare<[string | null, number]>('UPDATE branch SET logo = ? WHERE id = ?');
  return {
    byId: (id: number) => byId.get(id),
    /** The file name under <dataDir>/logos/<branchId>/ (catalog/logo-file.ts). */
    setLogo(id: number, fileName: string | null) {
      setLogo.run(fileName, id);
    },
    ofCompany: (companyId: number) => ofCompany.all(companyId),
    insert(row: NewBranch) {
      insert.run(row);
    },
  };
});
