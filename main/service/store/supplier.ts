/** SQL for a company's `supplier` table: lens labs and other suppliers. */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

export interface SupplierFields {
  name: string;
  mobile: string | null;
  email: string | null;
  gstin: string | null;
  city: string | null;
  is_lab: number;
}

export const suppliers = perDatabase((db: Db) => {
  const active = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM supplier WHERE company_id = ? AND is_active = 1 ORDER BY name',
  );
  const insert = db.prepare(
    'INSERT INTO supplier (id, company_id, name, mobile, email, gstin, city, is_lab) VALUES (@id, @company_id, @name, @mobile, @email, @gstin, @city, @is_lab)',
  );
  return {
    active: (companyId: number) => active.all(companyId),
    insert(ids: IdSource, companyId: number, row: SupplierFields): number {
      const id = ids.next('supplier');
      insert.run(extend(row, { id, company_id: companyId }));
      return id;
    },
  };
});
