/** SQL for the `state` reference table (Indian states with their GST state codes). */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface StateRow {
  id: number;
  country_id: number;
  name: string;
  gst_state_code: string;
}

export const states = perDatabase((db: Db) => {
  const byId = db.prepare<[number], StateRow>('SELECT * FROM state WHERE id = ?');
  const byNameOrCode = db.prepare<[string, string], StateRow>(
    'SELECT * FROM state WHERE name = ? COLLATE NOCASE OR gst_state_code = ?',
  );
  const ofCountry = db.prepare<[number], StateRow>('SELECT * FROM state WHERE country_id = ? ORDER BY name');
  const all = db.prepare<[], StateRow>('SELECT * FROM state ORDER BY name');
  return {
    all: () => all.all(),
    ofCountry: (countryId: number) => ofCountry.all(countryId),
    byId: (id: number) => byId.get(id),
    /** Accepts "Gujarat", "gujarat", "24" or "24". */
    find: (text: string) => byNameOrCode.get(text.trim(), text.trim().padStart(2, '0')),
  };
});
