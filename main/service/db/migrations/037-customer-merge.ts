/**
 * One record per person across a chain's branches (customer/merge.ts).
 *
 * `customer_merge`: a manager's merge of one customer (merged_id) into another (survivor_id), as
 * ONE row that travels (a branch's fact: made, and undone, at the branch that merged). Every PC
 * that applies it re-points the merged-away customer's rows itself (store/customer-merge.ts), so
 * each PC moves exactly the rows it holds, and later-arriving rows for the merged-away id are
 * redirected by the sync apply step.
 *   survivor_before   the survivor's fields the merge changed, as they were (JSON): an undo puts
 *                     them back
 *   chosen            the fields the merge set on the survivor (JSON)
 *   merged_seen       the merged-away record's fields as the manager saw them (JSON): an edit made
 *                     elsewhere to that record before the merge arrived differs from these and is
 *                     carried onto the survivor
 *   undone_at/by      the undo, when there was one
 *
 * `customer.merged_into`: where a merged-away customer now lives; set by every PC as it applies
 * the merge (never journaled: the merge row is what travels), cleared by an undo. Lists and the
 * duplicate check leave such customers out; reading one by id answers the survivor.
 *
 * `customer_merge_row`: this PC's own note of which rows it moved for a merge (table and row id),
 * so an undo moves back exactly those. Bookkeeping, not journaled.
 */
import type { Migration } from './migration.js';

export const customerMerge: Migration = {
  name: 'customer-merge',
  sql: `
CREATE TABLE customer_merge (
  id              INTEGER PRIMARY KEY,
  company_id      INTEGER NOT NULL REFERENCES company(id),
  branch_id       INTEGER NOT NULL REFERENCES branch(id),
  survivor_id     INTEGER NOT NULL REFERENCES customer(id),
  merged_id       INTEGER NOT NULL REFERENCES customer(id),
  survivor_before TEXT NOT NULL,
  chosen          TEXT NOT NULL,
  merged_seen     TEXT NOT NULL,
  created_by      INTEGER NOT NULL REFERENCES app_user(id),
  created_at      TEXT NOT NULL,
  undone_by       INTEGER REFERENCES app_user(id),
  undone_at       TEXT,
  CHECK (survivor_id <> merged_id)
) STRICT;
CREATE INDEX customer_merge_merged ON customer_merge (merged_id) WHERE undone_at IS NULL;
CREATE INDEX customer_merge_survivor ON customer_merge (survivor_id);

ALTER TABLE customer ADD COLUMN merged_into INTEGER REFERENCES customer(id);
-- The few merged-away records, found from the one they went into (an undo, a second merge).
CREATE INDEX customer_merged_into ON customer (merged_into) WHERE merged_into IS NOT NULL;

CREATE TABLE customer_merge_row (
  merge_id INTEGER NOT NULL REFERENCES customer_merge(id),
  tbl      TEXT NOT NULL,
  row_id   INTEGER NOT NULL,
  PRIMARY KEY (merge_id, tbl, row_id)
) STRICT, WITHOUT ROWID;
`,
};
