/**
 * SQL of a change's audience (sync/audience.ts): a synced row's current values by its id, read
 * from this PC's store: the columns its audience rule reads, of one row or of a batch's rows at
 * once. Table and column names come from the audience rules (a fixed list), never from a change
 * as sent.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const audienceStore = perDatabase((db: Db) => {
  const byShape = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (kind: 'one' | 'many', table: string, columns: readonly string[]) => {
    const name = `${kind} ${table} ${columns.join(',')}`;
    let prepared = byShape.get(name);
    if (prepared === undefined) {
      const where = kind === 'one' ? 'id = ?' : 'id IN (SELECT value FROM json_each(?))';
      prepared = db.prepare(`SELECT ${['id', ...columns].map(q).join(', ')} FROM ${q(table)} WHERE ${where}`);
      byShape.set(name, prepared);
    }
    return prepared;
  };
  return {
    /** The row's id and `columns`, or undefined when this store has no such row (deleted since). */
    row(table: string, columns: readonly string[], id: number): Record<string, unknown> | undefined {
      return statement('one', table, columns).get(id) as Record<string, unknown> | undefined;
    },
    /** Of the rows with these ids, those this store has: their id and `columns`, in one statement. */
    rows(table: string, columns: readonly string[], ids: readonly number[]): Array<Record<string, unknown> & { id: number }> {
      return statement('many', table, columns).all(JSON.stringify(ids)) as Array<Record<string, unknown> & { id: number }>;
    },
  };
});
