/** SQL for a company's `supplier` table: lens labs and the suppliers goods are bought from (migration 030). */
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

/** What purchasing keeps of a supplier besides the lab's few fields. */
export interface SupplierDetail extends SupplierFields {
  contact_person: string | null;
  address: string | null;
  state_id: number | null;
  payment_terms_days: number | null;
}

export interface SupplierRow extends SupplierDetail {
  id: number;
  company_id: number;
  is_active: number;
  state_name: string | null;
}

const COLUMNS = `s.id, s.company_id, s.name, s.mobile, s.email, s.gstin, s.city, s.is_lab, s.is_active, s.contact_person, s.address,
  s.state_id, s.payment_terms_days, st.name AS state_name`;

export const suppliers = perDatabase((db: Db) => {
  const active = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM supplier WHERE company_id = ? AND is_active = 1 ORDER BY name',
  );
  const insert = db.prepare(
    'INSERT INTO supplier (id, company_id, name, mobile, email, gstin, city, is_lab) VALUES (@id, @company_id, @name, @mobile, @email, @gstin, @city, @is_lab)',
  );
  const insertDetail = db.prepare(
    `INSERT INTO supplier (id, company_id, name, mobile, email, gstin, city, is_lab, contact_person, address, state_id, payment_terms_days)
     VALUES (@id, @company_id, @name, @mobile, @email, @gstin, @city, @is_lab, @contact_person, @address, @state_id, @payment_terms_days)`,
  );
  const update = db.prepare(
    `UPDATE supplier SET name = @name, mobile = @mobile, email = @email, gstin = @gstin, city = @city, is_lab = @is_lab,
       contact_person = @contact_person, address = @address, state_id = @state_id, payment_terms_days = @payment_terms_days
     WHERE id = @id AND company_id = @company_id`,
  );
  const setActive = db.prepare<[number, number, number]>('UPDATE supplier SET is_active = ? WHERE id = ? AND company_id = ?');
  const all = db.prepare<[number], SupplierRow>(
    `SELECT ${COLUMNS} FROM supplier s LEFT JOIN state st ON st.id = s.state_id WHERE s.company_id = ? ORDER BY s.is_active DESC, s.name`,
  );
  const byId = db.prepare<[number, number], SupplierRow>(
    `SELECT ${COLUMNS} FROM supplier s LEFT JOIN state st ON st.id = s.state_id WHERE s.id = ? AND s.company_id = ?`,
  );
  const byName = db.prepare<[number, string], { id: number }>('SELECT id FROM supplier WHERE company_id = ? AND name = ?');
  return {
    active: (companyId: number) => active.all(companyId),
    insert(ids: IdSource, companyId: number, row: SupplierFields): number {
      const id = ids.next('supplier');
      insert.run(extend(row, { id, company_id: companyId }));
      return id;
    },
    all: (companyId: number) => all.all(companyId),
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    /** The supplier of that name (names are unique per company whatever their case). */
    idOfName: (companyId: number, name: string) => byName.get(companyId, name)?.id,
    insertDetail(id: number, companyId: number, row: SupplierDetail) {
      insertDetail.run(extend(row, { id, company_id: companyId }));
    },
    update(id: number, companyId: number, row: SupplierDetail) {
      update.run(extend(row, { id, company_id: companyId }));
    },
    setActive: (companyId: number, id: number, active: boolean) => setActive.run(active ? 1 : 0, id, companyId),
  };
});
