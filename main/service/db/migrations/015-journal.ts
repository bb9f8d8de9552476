/**
 * The change journal (issue 14, db/journal.ts): one append-only table. Its triggers on the
 * business tables are generated from the declared lists in db/journal.ts after every migration,
 * not written here, so a column added later is journaled from the migration that adds it.
 */
import type { Migration } from './migration.js';

export const journal: Migration = {
  name: 'journal',
  sql: `
CREATE TABLE journal (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  at         TEXT NOT NULL,
  user_id    INTEGER,
  branch_id  INTEGER,
  till       TEXT NOT NULL,
  source     TEXT NOT NULL,
  tbl        TEXT NOT NULL,
  row_id     INTEGER,
  row_key    TEXT,
  op         TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete', 'event')),
  old_values TEXT,
  new_values TEXT
) STRICT;
CREATE INDEX journal_by_row ON journal (tbl, row_id, seq);
CREATE INDEX journal_by_user ON journal (user_id, seq);
CREATE INDEX journal_by_time ON journal (at);

CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN
  SELECT RAISE(ABORT, 'The journal is append-only: an entry cannot be changed');
END;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN
  SELECT RAISE(ABORT, 'The journal is append-only: an entry cannot be removed');
END;
`,
};
