/** SQL for the `item_type` reference table: one type per quick-sale section, under a module. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface ItemTypeRow {
  id: number;
  module_id: number;
  code: string;
  name: string;
  is_auto_section: number;
  made_to_order: number;
  image_path: string | null;
}

/** Fixed ids (004-catalog.ts) the service's own rules name. */
export const ITEM_TYPE = { frame: 1, sunGlass: 2, spectacleLens: 3, contactLens: 4, contactLensCare: 5, accessories: 6 } as const;

export const itemTypes = perDatabase((db: Db) => {
  const all = db.prepare<[], ItemTypeRow>('SELECT * FROM item_type ORDER BY module_id, id');
  const byId = db.prepare<[number], ItemTypeRow>('SELECT * FROM item_type WHERE id = ?');
  const ofModule = db.prepare<[number], ItemTypeRow>('SELECT * FROM item_type WHERE module_id = ? ORDER BY id');
  const ofActiveModules = db.prepare<[number], ItemTypeRow>(
    `SELECT t.* FROM item_type t JOIN company_module cm ON cm.module_id = t.module_id AND cm.company_id = ? AND cm.is_active = 1
     ORDER BY t.module_id, t.id`,
  );
  const byName = db.prepare<[string, string], ItemTypeRow>('SELECT * FROM item_type WHERE code = ? COLLATE NOCASE OR name = ? COLLATE NOCASE');
  return {
    all: () => all.all(),
    byId: (id: number) => byId.get(id),
    ofModule: (moduleId: number) => ofModule.all(moduleId),
    ofActiveModules: (companyId: number) => ofActiveModules.all(companyId),
    /** "Frame", "frame", "Spectacle Lens" or its code "Lens". */
    find: (text: string) => byName.get(text.trim(), text.trim()),
  };
});
