/** SQL for the `company` table. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

export interface CompanyRow {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  gstin: string | null;
  address: string | null;
  city: string | null;
  state_id: number;
  country_id: number;
  logo: string | null;
  mask_customer_mobile: number;
  language_code: string;
}

export type NewCompany = Omit<CompanyRow, 'mask_customer_mobile' | 'language_code'> &
  Partial<Pick<CompanyRow, 'mask_customer_mobile' | 'language_code'>>;

export const companies = perDatabase((db: Db) => {
  const byId = db.prepare<[number], CompanyRow>('SELECT * FROM company WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM company');
  const all = db.prepare<[], CompanyRow>('SELECT * FROM company ORDER BY id');
  const insert = db.prepare(
    `INSERT INTO company (id, name, email, mobile, gstin, address, city, state_id, country_id, logo,
                          mask_customer_mobile, language_code, created_at)
     VALUES (@id, @name, @email, @mobile, @gstin, @address, @city, @state_id, @country_id, @logo,
             @mask_customer_mobile, @language_code, @created_at)`,
  );
  return {
    byId: (id: number) => byId.get(id),
    count: () => count.get()!.n,
    /** The store's company: a store file holds one (create-store.ts refuses a second). */
    only: (): CompanyRow | undefined => all.all()[0],
    insert(row: NewCompany, createdAt: string) {
      insert.run(extend({ mask_customer_mobile: 0, language_code: 'en', ...row }, { created_at: createdAt }));
    },
  };
});
