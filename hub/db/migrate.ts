/**
 * Applies the hub's migrations at start (issue 15), each in its own transaction, as the branch
 * service's db/migrate.ts does with SQLite: `schema_version` holds the number of the last one
 * applied, a database written by a newer hub is refused instead of being damaged, and two hubs
 * starting on one database at once take turns (an advisory lock).
 */
import type pg from 'pg';
import { hubMigrations, type HubMigration } from './migrations.js';

/** pg_advisory_xact_lock key for migrations ('hubm'). */
const MIGRATE_LOCK = 0x6875626d;

export async function migrateHub(pool: pg.Pool, migrations: readonly HubMigration[] = hubMigrations): Promise<number> {
  const client = await pool.connect();
  try {
    const latest = migrations.length;
    for (;;) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK]);
        await client.query('CREATE TABLE IF NOT EXISTS schema_version (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL)');
        const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
        const current = rows[0]?.version ?? 0;
        if (current > latest) {
          throw new Error(`This hub database was written by a newer hub (schema ${current} > ${latest}). Update the hub.`);
        }
        if (current === latest) {
          await client.query('COMMIT');
          return current;
        }
        await client.query(migrations[current]!.sql);
        await client.query(
          'INSERT INTO schema_version (one, version) VALUES (true, $1) ON CONFLICT (one) DO UPDATE SET version = excluded.version',
          [current + 1],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    client.release();
  }
}
