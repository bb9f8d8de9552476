/**
 * SQL for the `financial_year` table. Indian books run 1 April to 31 March; the year a date
 * falls in is found, or opened, here, so a store's books roll over on 1 April by themselves.
 */
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { yearSpan } from '../../../shared/domain/financial-year.js';
import { perDatabase } from './per-database.js';

export interface YearRow {
  id: number;
  company_id: number;
  name: string;
  start_date: string;
  end_date: string;
}

export const financialYears = perDatabase((db: Db) => {
  const containing = db.prepare<[number, string], YearRow>(
    'SELECT * FROM financial_year WHERE company_id = ? AND ? BETWEEN start_date AND end_date',
  );
  const byId = db.prepare<[number], YearRow>('SELECT * FROM financial_year WHERE id = ?');
  const ofCompany = db.prepare<[number], YearRow>(
    'SELECT * FROM financial_year WHERE company_id = ? ORDER BY start_date DESC',
  );
  const insert = db.prepare(
    'INSERT INTO financial_year (id, company_id, name, start_date, end_date) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    byId: (id: number) => byId.get(id),
    ofCompany: (companyId: number) => ofCompany.all(companyId),
    /** Finds the year a date falls in, opening it if the store has none yet. */
    ensure(companyId: number, date: string, ids: IdSource): YearRow {
      const found = containing.get(companyId, date);
      if (found) return found;
      const span = yearSpan(date);
      const id = ids.next('financial_year');
      insert.run(id, companyId, span.name, span.start, span.end);
      return { id, company_id: companyId, name: span.name, start_date: span.start, end_date: span.end };
    },
  };
});
