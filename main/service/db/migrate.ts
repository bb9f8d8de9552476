/**
 * Versioned migrations, applied at start, each in its own transaction. `user_version` holds the
 * number of the last one applied, so a file opened by an older build is upgraded in order and a
 * file written by a newer build is refused instead of being damaged. After each step the change
 * journal's triggers are brought up to date with the tables (db/journal.ts), and a migration's
 * own writes are journaled as the migration's.
 */
import type Database from 'better-sqlite3';
import { asActor, refreshJournalTriggers, registerJournal } from './journal.js';
import { migrations } from './migrations/index.js';

/** Called once before an existing store (schema > 0) is migrated, e.g. to back it up; throwing stops the upgrade. */
export type BeforeMigrate = (db: Database.Database, from: number, to: number) => void;

export function migrate(db: Database.Database, beforeMigrate?: BeforeMigrate): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) {
    throw new Error(`This data file was written by a newer Optical POS (schema ${current} > ${latest}). Update the app.`);
  }
  // The journal's triggers call back into this process for who is writing (db/journal.ts): every
  // connection that writes gets the functions here, before any migration's writes fire them.
  registerJournal(db);
  if (beforeMigrate && current > 0 && current < latest) beforeMigrate(db, current, latest);
  asActor({ userId: null, branchId: null, till: '', source: 'migration' }, () => {
    for (let version = current + 1; version <= latest; version++) {
      const migration = migrations[version - 1]!;
      db.transaction(() => {
        db.exec(migration.sql);
        refreshJournalTriggers(db);
        db.pragma(`user_version = ${version}`);
      }).immediate();
    }
    // The generator may have changed with the code though no table did.
    db.transaction(() => refreshJournalTriggers(db)).immediate();
  });
}
