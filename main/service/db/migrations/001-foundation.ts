/**
 * The foundation schema: the installation, company, branches, financial years, users, roles,
 * modules, and the country/state reference data a GST invoice needs.
 *
 * Row ids of store data come from ids/id-source.ts (unique across installations by
 * construction), never from AUTOINCREMENT. Reference rows (roles, modules, countries, states)
 * have fixed ids that are the same on every installation.
 */
import type { Migration } from './migration.js';

const STATES: ReadonlyArray<[number, string]> = [
  [1, 'Jammu and Kashmir'], [2, 'Himachal Pradesh'], [3, 'Punjab'], [4, 'Chandigarh'],
  [5, 'Uttarakhand'], [6, 'Haryana'], [7, 'Delhi'], [8, 'Rajasthan'], [9, 'Uttar Pradesh'],
  [10, 'Bihar'], [11, 'Sikkim'], [12, 'Arunachal Pradesh'], [13, 'Nagaland'], [14, 'Manipur'],
  [15, 'Mizoram'], [16, 'Tripura'], [17, 'Meghalaya'], [18, 'Assam'], [19, 'West Bengal'],
  [20, 'Jharkhand'], [21, 'Odisha'], [22, 'Chhattisgarh'], [23, 'Madhya Pradesh'], [24, 'Gujarat'],
  [26, 'Dadra and Nagar Haveli and Daman and Diu'], [27, 'Maharashtra'], [29, 'Karnataka'],
  [30, 'Goa'], [31, 'Lakshadweep'], [32, 'Kerala'], [33, 'Tamil Nadu'], [34, 'Puducherry'],
  [35, 'Andaman and Nicobar Islands'], [36, 'Telangana'], [37, 'Andhra Pradesh'], [38, 'Ladakh'],
  [97, 'Other Territory'],
];

const stateRows = STATES.map(
  ([code, name]) => `(${code}, 1, '${name}', '${String(code).padStart(2, '0')}')`,
).join(',\n  ');

export const foundation: Migration = {
  name: 'foundation',
  sql: `
CREATE TABLE setting (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Next local sequence number per table; see ids/id-source.ts.
CREATE TABLE id_counter (
  name TEXT PRIMARY KEY,
  next INTEGER NOT NULL
) STRICT;

CREATE TABLE country (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  iso_code TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE state (
  id             INTEGER PRIMARY KEY,
  country_id     INTEGER NOT NULL REFERENCES country(id),
  name           TEXT NOT NULL,
  gst_state_code TEXT NOT NULL
) STRICT;

CREATE TABLE company (
  id                   INTEGER PRIMARY KEY,
  name                 TEXT NOT NULL,
  email                TEXT,
  mobile               TEXT,
  gstin                TEXT,
  address              TEXT,
  city                 TEXT,
  state_id             INTEGER NOT NULL REFERENCES state(id),
  country_id           INTEGER NOT NULL REFERENCES country(id),
  logo                 TEXT,
  mask_customer_mobile INTEGER NOT NULL DEFAULT 0,
  language_code        TEXT NOT NULL DEFAULT 'en',
  created_at           TEXT NOT NULL
) STRICT;

CREATE TABLE branch (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  code       TEXT NOT NULL,
  name       TEXT NOT NULL,
  address    TEXT,
  city       TEXT,
  mobile     TEXT,
  email      TEXT,
  gstin      TEXT,
  state_id   INTEGER NOT NULL REFERENCES state(id),
  country_id INTEGER NOT NULL REFERENCES country(id),
  logo       TEXT,
  signature  TEXT,
  is_active  INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, code)
) STRICT;

-- Indian financial years run 1 April to 31 March; name like 2026-27.
CREATE TABLE financial_year (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date   TEXT NOT NULL,
  UNIQUE (company_id, start_date)
) STRICT;

CREATE TABLE role (
  id               INTEGER PRIMARY KEY,
  code             TEXT NOT NULL UNIQUE,
  sees_full_mobile INTEGER NOT NULL
) STRICT;

CREATE TABLE app_user (
  id            INTEGER PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES company(id),
  branch_id     INTEGER NOT NULL REFERENCES branch(id),
  role_id       INTEGER NOT NULL REFERENCES role(id),
  user_name     TEXT NOT NULL COLLATE NOCASE UNIQUE,
  full_name     TEXT,
  email         TEXT,
  password_hash TEXT NOT NULL,
  is_active     INTEGER NOT NULL DEFAULT 1,
  created_at    TEXT NOT NULL
) STRICT;

CREATE TABLE module (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE company_module (
  company_id INTEGER NOT NULL REFERENCES company(id),
  module_id  INTEGER NOT NULL REFERENCES module(id),
  is_active  INTEGER NOT NULL,
  PRIMARY KEY (company_id, module_id)
) STRICT;

INSERT INTO country (id, name, iso_code) VALUES (1, 'India', 'IN');
INSERT INTO state (id, country_id, name, gst_state_code) VALUES
  ${stateRows};

-- Display names live with the role codes in shared/contract/roles.ts.
INSERT INTO role (id, code, sees_full_mobile) VALUES
  (1, 'admin', 1),
  (2, 'manager', 1),
  (3, 'cashier', 0),
  (4, 'optometrist', 0);

-- The business lines a store can sell in; item types hang off these (GetItemTypesByModule).
INSERT INTO module (id, name) VALUES
  (1, 'Optical'),
  (2, 'Accessories'),
  (3, 'Watches'),
  (4, 'Perfumery and Cosmetics'),
  (5, 'Garments');
`,
};
