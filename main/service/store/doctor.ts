/** SQL for the `doctor` table. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

export interface DoctorRow {
  id: number;
  company_id: number;
  name: string;
  mobile: string | null;
  mobile_digits: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  state_id: number | null;
  country_id: number | null;
  zip_code: string | null;
  remarks: string | null;
  is_active: number;
}

export type DoctorFields = Omit<DoctorRow, 'id' | 'company_id'>;

export interface DoctorSearch {
  companyId: number;
  /** Name prefix, without regard to case. */
  name?: string;
  mobileDigits?: string;
  isActive?: boolean;
  /** A whitelisted ORDER BY clause, never user text. */
  orderBy: string;
  offset?: number;
  limit?: number;
}

const TOP = '\u{10FFFF}';
const COLUMNS = 'id, company_id, name, mobile, mobile_digits, email, address, city, state_id, country_id, zip_code, remarks, is_active';

export const doctors = perDatabase((db: Db) => {
  const byId = db.prepare<[number, number], DoctorRow>(`SELECT ${COLUMNS} FROM doctor WHERE id = ? AND company_id = ?`);
  const insert = db.prepare(
    `INSERT INTO doctor (id, company_id, name, mobile, mobile_digits, email, address, city, state_id, country_id, zip_code,
                         remarks, is_active, created_by, created_at)
     VALUES (@id, @company_id, @name, @mobile, @mobile_digits, @email, @address, @city, @state_id, @country_id, @zip_code,
             @remarks, @is_active, @by, @at)`,
  );
  const update = db.prepare(
    `UPDATE doctor SET name = @name, mobile = @mobile, mobile_digits = @mobile_digits, email = @email, address = @address,
            city = @city, state_id = @state_id, country_id = @country_id, zip_code = @zip_code, remarks = @remarks,
            is_active = @is_active, modified_by = @by, modified_at = @at
     WHERE id = @id AND company_id = @company_id`,
  );
  function where(s: DoctorSearch) {
    const terms = ['company_id = @companyId'];
    const params: Record<string, unknown> = { companyId: s.companyId };
    if (s.name !== undefined) {
      terms.push('name >= @name AND name < @nameTop');
      Object.assign(params, { name: s.name, nameTop: s.name + TOP });
    }
    if (s.mobileDigits !== undefined) {
      terms.push('mobile_digits >= @mobile AND mobile_digits < @mobileTop');
      Object.assign(params, { mobile: s.mobileDigits, mobileTop: s.mobileDigits + TOP });
    }
    if (s.isActive !== undefined) {
      terms.push('is_active = @isActive');
      params.isActive = s.isActive ? 1 : 0;
    }
    return { sql: terms.join(' AND '), params };
  }
  const activeNames = db.prepare<[number], { id: number; name: string }>('SELECT id, name FROM doctor WHERE company_id = ? AND is_active = 1');
  return {
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    /** Every active doctor of the company, for matching a typed name (a store keeps tens, not thousands). */
    activeNames: (companyId: number) => activeNames.all(companyId),
    insert(row: DoctorFields & { id: number; company_id: number }, by: { userId: number; at: string }) {
      insert.run(extend(row, { by: by.userId, at: by.at }));
    },
    update(row: DoctorFields & { id: number; company_id: number }, by: { userId: number; at: string }) {
      update.run(extend(row, { by: by.userId, at: by.at }));
    },
    search(s: DoctorSearch): { totalRows: number; rows: DoctorRow[] } {
      const w = where(s);
      const paging = s.limit === undefined ? '' : ' LIMIT @limit OFFSET @offset';
      return db.transaction(() => ({
        totalRows: db.prepare<Record<string, unknown>, { n: number }>(`SELECT count(*) AS n FROM doctor WHERE ${w.sql}`).get(w.params)!.n,
        rows: db
          .prepare<Record<string, unknown>, DoctorRow>(`SELECT ${COLUMNS} FROM doctor WHERE ${w.sql} ORDER BY ${s.orderBy}${paging}`)
          .all(s.limit === undefined ? w.params : extend(w.params, { limit: s.limit, offset: s.offset ?? 0 })),
      }))();
    },
  };
});
