/**
 * SQL of a change's audience (sync/audience.ts): a synced row's current values by its id, read
 * from this PC's store. Table names come from the audience rules (a fixed list), never from a
 * change as sent.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export const audienceStore = perDatabase((db: Db) => {
  const byTable = new Map<string, ReturnType<Db['prepare']>>();
  return {
    /** The row's values, or undefined when this store has no such row (deleted since). */
    row(table: string, id: number): Record<string, unknown> | undefined {
      let statement = byTable.get(table);
      if (statement === undefined) {
        statement = db.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}" WHERE id = ?`);
        byTable.set(table, statement);
      }
      return statement.get(id) as Record<string, unknown> | undefined;
    },
  };
});
