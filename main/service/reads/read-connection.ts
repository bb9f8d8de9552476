/**
 * A read worker's connection to the store (reads/read-worker.ts), reopened when the writing
 * connection refreshed the planner's statistics since it was opened (db/database.ts
 * statisticsVersion): a read-only connection keeps the statistics it found at its first read.
 */
import type { Db } from '../db/database.js';

export interface ReadConnection {
  /** The connection, reopened first when `statistics` is not the version it was opened at. */
  at(statistics: number): Db;
  close(): void;
}

export function readConnection(open: () => Db, statistics: number): ReadConnection {
  let db = open();
  let version = statistics;
  return {
    at(next) {
      if (next !== version) {
        db.close();
        db = open();
        version = next;
      }
      return db;
    },
    close: () => db.close(),
  };
}
