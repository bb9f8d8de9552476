/**
 * SQL for the `financial_year` table. Indian books run 1 April to 31 March; the year a date
 * falls in is found, or opened, here, so a store's books roll over on 1 April by themselves.
 *
 * A year is the company's, not the installation's (issue 15): every till that opens 2027-28
 * offline makes the same row with the same id, yearId() below, so their rows never clash.
 */
import type { Db } from '../db/database.js';
import { yearSpan } from '../../../shared/domain/financial-year.js';
import { perDatabase } from './per-database.js';

export interface YearRow {
  id: number;
  company_id: number;
  name: string;
  start_date: string;
  end_date: string;
}

/** Years per company in the id formula: (company mod 400000) × 10000 + start year stays below 2^32. */
const COMPANY_SLOTS = 400_000;

/**
 * A financial year's id, the same at every installation of the company: (company id mod 400000) ×
 * 10000 + the calendar year it starts in (2026 for 2026-27). Below 2^32, i.e. node 0's range,
 * which no node-based id (ids/id-source.ts, node ≥ 1) can take; unique per company and year.
 * db/migrations/017 writes the same formula in SQL.
 */
export function yearId(companyId: number, startDate: string): number {
  const startYear = Number(startDate.slice(0, 4));
  if (!Number.isInteger(startYear) || startYear < 1 || startYear > 9999) throw new RangeError(`Not a year start: ${startDate}`);
  return (companyId % COMPANY_SLOTS) * 10_000 + startYear;
}

export const financialYears = perDatabase((db: Db) => {
  const containing = db.prepare<[number, string], YearRow>(
    'SELECT * FROM financial_year WHERE company_id = ? AND ? BETWEEN start_date AND end_date',
  );
  const byId = db.prepare<[number], YearRow>('SELECT * FROM financial_year WHERE id = ?');
  const ofCompany = db.prepare<[number], YearRow>(
    'SELECT * FROM financial_year WHERE company_id = ? ORDER BY start_date DESC',
  );
  // Another till's copy of the same year (pulled by sync) is the same row: nothing to add.
  const insert = db.prepare(
    'INSERT INTO financial_year (id, company_id, name, start_date, end_date) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  return {
    byId: (id: number) => byId.get(id),
    ofCompany: (companyId: number) => ofCompany.all(companyId),
    /** Finds the year a date falls in, opening it if the store has none yet. */
    ensure(companyId: number, date: string): YearRow {
      const found = containing.get(companyId, date);
      if (found) return found;
      const span = yearSpan(date);
      const id = yearId(companyId, span.start);
      insert.run(id, companyId, span.name, span.start, span.end);
      return { id, company_id: companyId, name: span.name, start_date: span.start, end_date: span.end };
    },
  };
});
