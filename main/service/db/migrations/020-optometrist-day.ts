/**
 * The optometrist's day (issue 16).
 *
 * - Prescription versions: an amendment is a new `customer_eye_info` row (`amends_id` the one it
 *   replaces, `version_root` the first of the line, `version_no` 1, 2, …); the replaced row is
 *   kept, marked `superseded_at`/`superseded_by` (who) and `superseded_by_id` (which version).
 *   Lists show the rows not superseded; the history shows the whole line. Orders made from an
 *   older version keep pointing at it.
 * - Prism and base per Rx row (the entry's prism/base extension): prism in hundredths of a prism
 *   dioptre (exact, as SPH/CYL), base one of In, Out, Up, Down.
 * - Recall marks: `recall_contact`, one row per call (contacted / booked / not interested, a note,
 *   who, when), journaled as business data; `eye_checkup_recall.eye_info_id` ties a recall to the
 *   examination that set it, so an amended or edited examination moves its recall along.
 * - Indexes for the recall list: by branch and date (keyset on recall_date, id), the newest
 *   recall of a customer, the marks of a recall.
 */
import type { Migration } from './migration.js';

export const optometristDay: Migration = {
  name: 'optometrist-day',
  sql: `
ALTER TABLE customer_eye_info ADD COLUMN amends_id INTEGER REFERENCES customer_eye_info(id);
ALTER TABLE customer_eye_info ADD COLUMN version_root INTEGER REFERENCES customer_eye_info(id);
ALTER TABLE customer_eye_info ADD COLUMN version_no INTEGER NOT NULL DEFAULT 1;
ALTER TABLE customer_eye_info ADD COLUMN amend_reason TEXT;
ALTER TABLE customer_eye_info ADD COLUMN superseded_by_id INTEGER REFERENCES customer_eye_info(id);
ALTER TABLE customer_eye_info ADD COLUMN superseded_by INTEGER REFERENCES app_user(id);
ALTER TABLE customer_eye_info ADD COLUMN superseded_at TEXT;
CREATE INDEX customer_eye_info_version ON customer_eye_info (version_root, version_no) WHERE version_root IS NOT NULL;
CREATE INDEX customer_eye_info_current ON customer_eye_info (customer_id, visiting_date) WHERE superseded_at IS NULL AND is_active = 1;

ALTER TABLE customer_eye_rx ADD COLUMN prism INTEGER CHECK (prism IS NULL OR prism BETWEEN 25 AND 1000);
ALTER TABLE customer_eye_rx ADD COLUMN base TEXT CHECK (base IS NULL OR base IN ('In', 'Out', 'Up', 'Down'));

ALTER TABLE eye_checkup_recall ADD COLUMN eye_info_id INTEGER REFERENCES customer_eye_info(id);
CREATE INDEX eye_checkup_recall_list ON eye_checkup_recall (branch_id, recall_date, id);
CREATE INDEX eye_checkup_recall_newest ON eye_checkup_recall (customer_id, created_at, id);
CREATE INDEX eye_checkup_recall_exam ON eye_checkup_recall (eye_info_id) WHERE eye_info_id IS NOT NULL;

CREATE TABLE recall_contact (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES company(id),
  branch_id   INTEGER NOT NULL REFERENCES branch(id),
  recall_id   INTEGER NOT NULL REFERENCES eye_checkup_recall(id),
  customer_id INTEGER NOT NULL REFERENCES customer(id),
  outcome     TEXT NOT NULL CHECK (outcome IN ('contacted', 'booked', 'not_interested')),
  note        TEXT,
  created_by  INTEGER NOT NULL REFERENCES app_user(id),
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX recall_contact_recall ON recall_contact (recall_id, created_at, id);
`,
};
