/**
 * The item catalog, branch stock and the counter's look-ups (issue 4).
 *
 * Reference rows that every store shares and that code keys on (item types, genders, payment
 * kinds, card types, lab priorities, GST rates by HSN) have fixed ids, like modules. What a store
 * owns (categories, brands, items, stock, suppliers, fitters, sources, memberships, insurance
 * companies) gets ids from ids/id-source.ts so branches that sync never collide.
 *
 * Money is INTEGER paise. Diopters are integer hundredths, as in customer_eye_rx.
 *
 * Look-up indexes lead with company_id and serve prefix searches as index ranges (`>= ? AND < ?`
 * on COLLATE NOCASE columns); the typed autocompletes read (company_id, item_type_id, <column>) so
 * a search for spectacle lenses never walks past frames. See store/item.ts.
 */
import type { Migration } from './migration.js';

/*
 * One item type per showQuickSaleAdd<X>Section flag of the spec; `code` is that X, so a
 * section and its flag are matched by name. is_auto_section: the quick-sale screen opens the
 * section by itself (a spectacle sale is a frame and a pair of lenses); made_to_order: the
 * type's items are ground or made per order by default and are not stock-counted.
 */
const ITEM_TYPES: ReadonlyArray<[id: number, module: number, code: string, name: string, auto: 0 | 1, madeToOrder: 0 | 1]> = [
  [1, 1, 'Frame', 'Frame', 1, 0],
  [2, 1, 'SunGlass', 'SunGlass', 0, 0],
  [3, 1, 'Lens', 'Spectacle Lens', 1, 1],
  [4, 1, 'ContactLens', 'Contact Lens', 0, 0],
  [5, 1, 'CLCP', 'Contact Lens Care', 0, 0],
  [6, 2, 'Accessories', 'Accessories', 0, 0],
  [7, 4, 'Perfume', 'Perfume', 0, 0],
  [8, 4, 'Deodorant', 'Deodorant', 0, 0],
  [9, 4, 'Attar', 'Attar', 0, 0],
  [10, 4, 'Freshener', 'Freshener', 0, 0],
  [11, 2, 'LeatherAccessories', 'Leather Accessories', 0, 0],
  [12, 4, 'Cosmetics', 'Cosmetics', 0, 0],
  [13, 2, 'GiftSets', 'Gift Sets', 0, 0],
  [14, 2, 'MenAccessories', 'Men Accessories', 0, 0],
  [15, 2, 'WomenAccessories', 'Women Accessories', 0, 0],
  [16, 3, 'Watches', 'Watches', 0, 0],
  [17, 2, 'ImitationJewellery', 'Imitation Jewellery', 0, 0],
  [18, 5, 'DressMaterial', 'Dress Material', 0, 0],
  [19, 5, 'Kurti', 'Kurti', 0, 0],
  [20, 5, 'KurtiPair', 'Kurti Pair', 0, 0],
  [21, 5, 'ChaniyaCholi', 'Chaniya Choli', 0, 0],
  [22, 5, 'Leggins', 'Leggings', 0, 0],
  [23, 5, 'KurtaPent', 'Kurta Pant', 0, 0],
  [24, 5, 'Plazzo', 'Palazzo', 0, 0],
  [25, 5, 'OnePiece', 'One Piece', 0, 0],
  [26, 5, 'Dupatta', 'Dupatta', 0, 0],
  [27, 5, 'Western', 'Western', 0, 0],
];

/*
 * GST rates by HSN code (percent × 100), each from the day it took effect; the longest HSN prefix
 * wins, so 90041000 (sunglasses, 18 %) and 90049010 (corrective spectacles) can differ under 9004.
 * Sources: Notification 1/2017-Central Tax (Rate) for the 2017 schedules; the 56th GST Council
 * meeting (3 Sep 2025) and Notification 9/2025-Central Tax (Rate), in force 22 Sep 2025, which
 * moved spectacle and contact lenses (9001), frames (9003) and corrective spectacles (90049010)
 * from 12 % to 5 % while sunglasses stay at 18 %. Assumptions, to be confirmed by the store's
 * accountant: contact-lens solutions under 3307 at 18 %; cleaning cloths (6307) 5 %; cases (4202)
 * and cleaning sprays (3402), plastic spares (3926) and hand tools (8205) 18 %. Garments are left out: their rate depends on the sale price.
 */
const GST_RATES: ReadonlyArray<[hsn: string, from: string, basisPoints: number]> = [
  ['9001', '2017-07-01', 1200],
  ['9001', '2025-09-22', 500],
  ['9003', '2017-07-01', 1200],
  ['9003', '2025-09-22', 500],
  ['9004', '2017-07-01', 1800],
  ['90049010', '2017-07-01', 1200],
  ['90049010', '2025-09-22', 500],
  ['3307', '2017-07-01', 1800],
  ['3926', '2017-07-01', 1800],
  ['8205', '2017-07-01', 1800],
  ['3303', '2017-07-01', 1800],
  ['3304', '2017-07-01', 1800],
  ['3402', '2017-07-01', 1800],
  ['4202', '2017-07-01', 1800],
  ['6307', '2017-07-01', 500],
  ['7117', '2017-07-01', 300],
  ['9102', '2017-07-01', 1800],
];

const values = (rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  rows.map((r) => `(${r.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ')})`).join(',\n  ');

export const catalog: Migration = {
  name: 'catalog',
  sql: `
CREATE TABLE item_type (
  id              INTEGER PRIMARY KEY,
  module_id       INTEGER NOT NULL REFERENCES module(id),
  code            TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL,
  is_auto_section INTEGER NOT NULL,
  made_to_order   INTEGER NOT NULL,
  image_path      TEXT
) STRICT;
INSERT INTO item_type (id, module_id, code, name, is_auto_section, made_to_order) VALUES
  ${values(ITEM_TYPES)};

CREATE TABLE gst_rate (
  hsn_code       TEXT NOT NULL,
  effective_from TEXT NOT NULL,
  rate_bp        INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 2800),
  PRIMARY KEY (hsn_code, effective_from)
) STRICT, WITHOUT ROWID;
INSERT INTO gst_rate (hsn_code, effective_from, rate_bp) VALUES
  ${values(GST_RATES)};

CREATE TABLE category (
  id           INTEGER PRIMARY KEY,
  company_id   INTEGER NOT NULL REFERENCES company(id),
  item_type_id INTEGER NOT NULL REFERENCES item_type(id),
  name         TEXT NOT NULL COLLATE NOCASE,
  is_active    INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, item_type_id, name)
) STRICT;

CREATE TABLE sub_category (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES company(id),
  category_id INTEGER NOT NULL REFERENCES category(id),
  name        TEXT NOT NULL COLLATE NOCASE,
  is_active   INTEGER NOT NULL DEFAULT 1,
  UNIQUE (category_id, name)
) STRICT;

CREATE TABLE brand (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL COLLATE NOCASE,
  UNIQUE (company_id, name)
) STRICT;

-- power_from/power_to/cyl_to: the range a spectacle lens is made in; power, base_curve and
-- diameter: one contact lens. Diopters in hundredths, millimetres as REAL.
CREATE TABLE item (
  id                 INTEGER PRIMARY KEY,
  company_id         INTEGER NOT NULL REFERENCES company(id),
  item_type_id       INTEGER NOT NULL REFERENCES item_type(id),
  category_id        INTEGER REFERENCES category(id),
  sub_category_id    INTEGER REFERENCES sub_category(id),
  brand_id           INTEGER REFERENCES brand(id),
  code               TEXT NOT NULL COLLATE NOCASE,
  barcode            TEXT,
  name               TEXT NOT NULL COLLATE NOCASE,
  model              TEXT COLLATE NOCASE,
  colour             TEXT,
  size               TEXT,
  material           TEXT,
  hsn_code           TEXT,
  sale_price         INTEGER NOT NULL CHECK (sale_price >= 0),
  mrp                INTEGER NOT NULL CHECK (mrp >= 0),
  cost               INTEGER CHECK (cost >= 0),
  price_includes_tax INTEGER NOT NULL DEFAULT 1,
  made_to_order      INTEGER NOT NULL DEFAULT 0,
  lens_index         TEXT,
  coating            TEXT,
  power_from         INTEGER,
  power_to           INTEGER,
  cyl_to             INTEGER,
  power              INTEGER,
  base_curve         REAL,
  diameter           REAL,
  is_active          INTEGER NOT NULL DEFAULT 1,
  created_at         TEXT NOT NULL,
  modified_at        TEXT
) STRICT;
CREATE UNIQUE INDEX item_company_code ON item (company_id, code);
CREATE UNIQUE INDEX item_company_barcode ON item (company_id, barcode) WHERE barcode IS NOT NULL;
CREATE INDEX item_company_name ON item (company_id, name);
CREATE INDEX item_company_model ON item (company_id, model);
CREATE INDEX item_company_brand ON item (company_id, brand_id, name);
CREATE INDEX item_type_code ON item (company_id, item_type_id, code);
CREATE INDEX item_type_barcode ON item (company_id, item_type_id, barcode);
CREATE INDEX item_type_name ON item (company_id, item_type_id, name);
CREATE INDEX item_type_brand ON item (company_id, item_type_id, brand_id, name);
CREATE INDEX item_type_model ON item (company_id, item_type_id, model);
CREATE INDEX item_category ON item (category_id, name);
CREATE INDEX item_sub_category ON item (sub_category_id, name);
CREATE INDEX item_contact_lens_power ON item (company_id, item_type_id, power);

-- On hand per branch and batch; batch_no '' for goods without batches. Made-to-order items
-- have no rows here.
CREATE TABLE stock (
  item_id     INTEGER NOT NULL REFERENCES item(id),
  branch_id   INTEGER NOT NULL REFERENCES branch(id),
  batch_no    TEXT NOT NULL DEFAULT '',
  expiry_date TEXT,
  on_hand     INTEGER NOT NULL,
  PRIMARY KEY (item_id, branch_id, batch_no)
) STRICT, WITHOUT ROWID;

CREATE TABLE supplier (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL COLLATE NOCASE,
  mobile     TEXT,
  email      TEXT,
  gstin      TEXT,
  city       TEXT,
  is_lab     INTEGER NOT NULL DEFAULT 1,
  is_active  INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, name)
) STRICT;

CREATE TABLE fitter (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL COLLATE NOCASE,
  mobile     TEXT,
  is_active  INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, name)
) STRICT;

CREATE TABLE customer_source (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL COLLATE NOCASE,
  sort       INTEGER NOT NULL,
  is_active  INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, name)
) STRICT;

-- discount_bp: percent × 100 (1000 = 10 %).
CREATE TABLE membership (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES company(id),
  name        TEXT NOT NULL COLLATE NOCASE,
  discount_bp INTEGER NOT NULL CHECK (discount_bp BETWEEN 0 AND 10000),
  is_active   INTEGER NOT NULL DEFAULT 1,
  UNIQUE (company_id, name)
) STRICT;

CREATE TABLE insurance_company (
  id         INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES company(id),
  name       TEXT NOT NULL COLLATE NOCASE,
  code       TEXT,
  is_active  INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  UNIQUE (company_id, name)
) STRICT;

CREATE TABLE gender (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO gender (id, name) VALUES (1, 'Male'), (2, 'Female'), (3, 'Other');

-- code is what sales and receipts key on (issue 5); names are what the counter shows.
CREATE TABLE payment_kind (
  id   INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
) STRICT;
INSERT INTO payment_kind (id, code, name) VALUES
  (1, 'cash', 'Cash'), (2, 'card', 'Card'), (3, 'upi', 'UPI'), (4, 'cheque', 'Cheque'),
  (5, 'credit_note', 'Credit Note'), (6, 'bank_transfer', 'Bank Transfer');

CREATE TABLE card_type (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO card_type (id, name) VALUES
  (1, 'Visa'), (2, 'Mastercard'), (3, 'RuPay'), (4, 'American Express'), (5, 'Diners Club');

-- days: how long the lab is given for an order of this priority.
CREATE TABLE priority (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  days INTEGER NOT NULL
) STRICT;
INSERT INTO priority (id, name, days) VALUES (1, 'Normal', 5), (2, 'Urgent', 2), (3, 'Same Day', 0);
`,
};
