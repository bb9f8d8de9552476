/**
 * Customers, doctors and eye examinations (issue 3).
 *
 * Search indexes lead with company_id (every query is scoped by it) and serve prefix searches
 * as index range scans: names are COLLATE NOCASE so `>= ? AND < ?` ranges match "raj" to "Rajesh";
 * mobiles are searched on `mobile_digits`, the number with every non-digit removed, so
 * "98250 12345" and "(982) 501-2345" are found by "98250".
 */
import type { Migration } from './migration.js';

export const customers: Migration = {
  name: 'customers',
  sql: `
CREATE TABLE customer (
  id                                  INTEGER PRIMARY KEY,
  company_id                          INTEGER NOT NULL REFERENCES company(id),
  branch_id                           INTEGER NOT NULL REFERENCES branch(id),
  year_id                             INTEGER REFERENCES financial_year(id),
  title                               TEXT,
  first_name                          TEXT NOT NULL COLLATE NOCASE,
  middle_name                         TEXT,
  last_name                           TEXT NOT NULL COLLATE NOCASE,
  gender_id                           INTEGER,
  birth_date                          TEXT,
  marriage_date                       TEXT,
  is_married                          INTEGER NOT NULL DEFAULT 0,
  age                                 INTEGER,
  mobile                              TEXT,
  mobile_digits                       TEXT,
  phone_no                            TEXT,
  phone_digits                        TEXT,
  email                               TEXT COLLATE NOCASE,
  house_number                        TEXT,
  society_name                        TEXT,
  street                              TEXT,
  area                                TEXT,
  landmark                            TEXT,
  address                             TEXT,
  city                                TEXT COLLATE NOCASE,
  zip_code                            TEXT,
  state_id                            INTEGER REFERENCES state(id),
  country_id                          INTEGER REFERENCES country(id),
  face_shape_id                       INTEGER,
  customer_source_id                  INTEGER,
  customer_category_id                INTEGER,
  store_id                            INTEGER REFERENCES branch(id),
  membership_id                       INTEGER,
  reference                           TEXT,
  existing_customer_reference         TEXT,
  remarks                             TEXT,
  tax_no                              TEXT,
  blood_group                         TEXT,
  self                                TEXT,
  client_consent_image                TEXT,
  client_consent_display_name         TEXT,
  prescription_document               TEXT,
  prescription_document_display_name  TEXT,
  is_member                           INTEGER,
  dnd_promotional                     INTEGER,
  dnd_transactional                   INTEGER,
  new_customer                        INTEGER NOT NULL DEFAULT 0,
  is_nri                              INTEGER NOT NULL DEFAULT 0,
  is_store_customer                   INTEGER NOT NULL DEFAULT 0,
  is_black_list                       INTEGER NOT NULL DEFAULT 0,
  is_foreigner                        INTEGER NOT NULL DEFAULT 0,
  is_active                           INTEGER NOT NULL DEFAULT 1,
  created_by                          INTEGER NOT NULL REFERENCES app_user(id),
  created_ip                          TEXT,
  created_at                          TEXT NOT NULL,
  modified_by                         INTEGER REFERENCES app_user(id),
  modified_ip                         TEXT,
  modified_at                         TEXT
) STRICT;

-- Lists are per branch; the duplicate check and look-ups by mobile or e-mail are company-wide.
CREATE INDEX customer_branch_mobile ON customer (company_id, branch_id, mobile_digits);
CREATE INDEX customer_company_mobile ON customer (company_id, mobile_digits);
CREATE INDEX customer_branch_first_name ON customer (company_id, branch_id, first_name, last_name);
CREATE INDEX customer_branch_last_name ON customer (company_id, branch_id, last_name, first_name);
CREATE INDEX customer_company_email ON customer (company_id, email);
CREATE INDEX customer_company_birth_date ON customer (company_id, birth_date);

CREATE TABLE doctor (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES company(id),
  name          TEXT NOT NULL COLLATE NOCASE,
  mobile        TEXT,
  mobile_digits TEXT,
  email         TEXT,
  address       TEXT,
  city          TEXT,
  state_id      INTEGER REFERENCES state(id),
  country_id    INTEGER REFERENCES country(id),
  zip_code      TEXT,
  remarks       TEXT,
  is_active     INTEGER NOT NULL DEFAULT 1,
  created_by    INTEGER NOT NULL REFERENCES app_user(id),
  created_at    TEXT NOT NULL,
  modified_by   INTEGER REFERENCES app_user(id),
  modified_at   TEXT
) STRICT;
CREATE INDEX doctor_company_name ON doctor (company_id, name);

-- One eye examination (visit). Never deleted: is_active = 0 hides it from new orders while
-- history and the orders made from it still show it.
CREATE TABLE customer_eye_info (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES company(id),
  branch_id     INTEGER NOT NULL REFERENCES branch(id),
  customer_id   INTEGER NOT NULL REFERENCES customer(id),
  doctor_id     INTEGER REFERENCES doctor(id),
  type_id       INTEGER NOT NULL,
  visiting_date TEXT NOT NULL,
  remarks       TEXT,
  recall_date   TEXT,
  is_active     INTEGER NOT NULL DEFAULT 1,
  created_by    INTEGER NOT NULL REFERENCES app_user(id),
  created_at    TEXT NOT NULL,
  modified_by   INTEGER REFERENCES app_user(id),
  modified_at   TEXT
) STRICT;
CREATE INDEX customer_eye_info_customer ON customer_eye_info (customer_id, visiting_date);

-- The figures of one examination, one row per lens type and eye (shared/domain/rx.ts LENS_TYPES).
-- Diopters are integer hundredths (exact); millimetres are REAL halves and tenths.
CREATE TABLE customer_eye_rx (
  eye_info_id INTEGER NOT NULL REFERENCES customer_eye_info(id),
  lens_type   INTEGER NOT NULL,
  sph         INTEGER,
  cyl         INTEGER,
  axis        INTEGER,
  addition    INTEGER,
  va          TEXT,
  vn          TEXT,
  pd          REAL,
  bc          REAL,
  dia         REAL,
  fh          REAL,
  th          REAL,
  PRIMARY KEY (eye_info_id, lens_type)
) STRICT, WITHOUT ROWID;
`,
};
