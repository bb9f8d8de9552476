/**
 * Memoises a store factory per database handle. The factories prepare their statements when
 * called, and endpoints call them per request; keyed by the handle, each connection prepares its
 * SQL once and a closed handle's statements go with it (WeakMap). Only for factories whose result
 * holds no per-call state: prepared statements and transactions are safe to share.
 */
import type { Db } from '../db/database.js';

export function perDatabase<T>(factory: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let store = made.get(db);
    if (store === undefined) {
      store = factory(db);
      made.set(db, store);
    }
    return store;
  };
}
