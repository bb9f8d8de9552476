/**
 * Versioned migrations, applied at start, each in its own transaction. `user_version` holds the
 * number of the last one applied, so a file opened by an older build is upgraded in order and a
 * file written by a newer build is refused instead of being damaged.
 */
import type Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) {
    throw new Error(`This data file was written by a newer Optical POS (schema ${current} > ${latest}). Update the app.`);
  }
  for (let version = current + 1; version <= latest; version++) {
    const migration = migrations[version - 1]!;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
