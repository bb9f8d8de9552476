/** SQL for the `setting` table: small key/value facts about this installation and store. */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export const settings = perDatabase((db: Db) => {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM setting WHERE key = ?');
  const set = db.prepare<[string, string]>(
    'INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  // Prepared once: app-version (every till's health check, the bench's transport floor) asked
  // db.pragma() for it, which prepares the statement on every call.
  const userVersion = db.prepare<[], number>('PRAGMA user_version').pluck();
  return {
    /** The store's schema number (the last migration applied). */
    schemaVersion: (): number => userVersion.get()!,
    get: (key: string): string | undefined => get.get(key)?.value,
    /** A yes/no setting (on, yes, true, 1 / off, no, false, 0); missing or unreadable: `fallback`. */
    flag(key: string, fallback: boolean): boolean {
      const text = get.get(key)?.value.trim().toLowerCase();
      if (text === undefined || text === '') return fallback;
      if (['1', 'yes', 'on', 'true'].includes(text)) return true;
      if (['0', 'no', 'off', 'false'].includes(text)) return false;
      return fallback;
    },
    set: (key: string, value: string): void => {
      set.run(key, value);
    },
  };
});
