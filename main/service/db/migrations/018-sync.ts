/**
 * Branch sync (issue 15): every journal entry carries its hybrid logical clock time (db/journal.ts
 * journal_hlc(), filled by the triggers from migration 018 on), and the sync worker's own tables
 * (main/service/sync/), none of them journaled and none of them sent anywhere:
 *
 *   sync_state        one row: what the hub has acknowledged, the pull cursor, the last success
 *                     and error, why sync stopped (a rewound node), the batch in flight
 *   sync_clock        per shared row and column, the clock time of the value that last won
 *                     (last-writer-wins: a pulled value older than it is not applied)
 *   sync_dead_letter  a pulled change that could not be applied, with the reason
 *
 * Entries written before this migration get a time from their `at` (counter from their sequence),
 * so every entry the worker pushes has one.
 */
import type { Migration } from './migration.js';

export const sync: Migration = {
  name: 'sync',
  sql: `
ALTER TABLE journal ADD COLUMN hlc TEXT;

DROP TRIGGER journal_no_update;
UPDATE journal SET hlc = printf('%015d-%05d-%07d',
  CAST(round((julianday(at) - 2440587.5) * 86400000) AS INTEGER), seq % 65536,
  coalesce((SELECT CAST(value AS INTEGER) FROM setting WHERE key = 'node'), 1));
CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN
  SELECT RAISE(ABORT, 'The journal is append-only: an entry cannot be changed');
END;

CREATE TABLE sync_state (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  acked_seq       INTEGER NOT NULL DEFAULT 0,
  pull_cursor     INTEGER NOT NULL DEFAULT 0,
  last_success_at TEXT,
  last_attempt_at TEXT,
  last_error      TEXT,
  stopped_reason  TEXT,
  pending_batch   TEXT,
  head_office     TEXT NOT NULL DEFAULT '[1]'
) STRICT;
INSERT INTO sync_state (id) VALUES (1);

CREATE TABLE sync_clock (
  tbl    TEXT NOT NULL,
  row_ref TEXT NOT NULL,
  col    TEXT NOT NULL,
  hlc    TEXT NOT NULL,
  PRIMARY KEY (tbl, row_ref, col)
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_dead_letter (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  cursor    INTEGER NOT NULL,
  node_id   INTEGER NOT NULL,
  seq       INTEGER NOT NULL,
  tbl       TEXT NOT NULL,
  op        TEXT NOT NULL,
  row_ref   TEXT,
  reason    TEXT NOT NULL,
  change    TEXT NOT NULL,
  at        TEXT NOT NULL
) STRICT;
`,
};
