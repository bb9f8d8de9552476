/**
 * SQL for `cancellation_reason`. The table is shared by every store of the installation (it has no
 * company column); migration 005 seeds it, and `ensureSeeded` puts the defaults back if an
 * installation has none, so the cancel dialog never offers an empty list.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export const DEFAULT_CANCELLATION_REASONS = [
  'Customer changed their mind',
  'Wrong prescription',
  'Item not available',
  'Lab could not make the lens',
  'Price disagreement',
  'Other',
] as const;

export const cancellationReasons = perDatabase((db: Db) => {
  const all = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM cancellation_reason ORDER BY id');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cancellation_reason');
  const insert = db.prepare<[string]>('INSERT OR IGNORE INTO cancellation_reason (name) VALUES (?)');
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM cancellation_reason WHERE id = ?');
  return {
    all: () => all.all(),
    exists: (id: number) => exists.get(id) !== undefined,
    ensureSeeded: db.transaction(() => {
      if (count.get()!.n > 0) return;
      for (const name of DEFAULT_CANCELLATION_REASONS) insert.run(name);
    }),
  };
});
