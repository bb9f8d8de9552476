/** SQL for the `country` reference table. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface CountryRow {
  id: number;
  name: string;
  iso_code: string;
}

export const countries = perDatabase((db: Db) => {
  const all = db.prepare<[], CountryRow>('SELECT * FROM country ORDER BY name');
  const byId = db.prepare<[number], CountryRow>('SELECT * FROM country WHERE id = ?');
  return { all: () => all.all(), byId: (id: number) => byId.get(id) };
});
