/**
 * Stock-takes: a physical count of part of a branch's stock, by category, by brand or by a shelf
 * the counter names.
 *
 * - `stock_take`: one count at one branch, numbered from the branch's 'stock_take' series
 *   (AMD1/ST/2026-27/1-000001). Its scope is a category, a brand, or a shelf: a free-text place
 *   ("Showcase 3") whose lines are whatever is scanned there, as shelves are not modelled on items.
 *   `counting` until a manager approves it (the variances become 'count' movements) or cancels it
 *   (nothing is written); `uncounted` says what approval did with lines nobody counted: 'zero'
 *   (counted as none there) or 'leave' (left as they were).
 * - `stock_take_line`: an item's batch in the count. `listed` lines were in scope when the count
 *   started; the others were added while counting (a shelf's scans, a batch found that the books
 *   did not have). `counted` is what was found, `book` what the movements added up to at the moment
 *   the count was last set, so a sale in the middle of the count does not distort the variance
 *   (counted − book). `unit_cost` is the item's cost in paise at approval, the variance's value.
 *
 * Both are branch-owned facts. A closed count's lines cannot change (a trigger, besides the rule);
 * changes pulled from the hub are the owning branch's facts and are applied as they come.
 */
import type { Migration } from './migration.js';

export const stockTake: Migration = {
  name: 'stock-take',
  sql: `
CREATE TABLE stock_take (
  id          INTEGER PRIMARY KEY,
  company_id  INTEGER NOT NULL REFERENCES company(id),
  branch_id   INTEGER NOT NULL REFERENCES branch(id),
  year_id     INTEGER NOT NULL REFERENCES financial_year(id),
  take_no     TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('counting', 'approved', 'cancelled')),
  scope       TEXT NOT NULL CHECK (scope IN ('category', 'brand', 'shelf')),
  category_id INTEGER REFERENCES category(id),
  brand_id    INTEGER REFERENCES brand(id),
  shelf       TEXT,
  note        TEXT,
  uncounted   TEXT CHECK (uncounted IS NULL OR uncounted IN ('zero', 'leave')),
  started_by  INTEGER NOT NULL REFERENCES app_user(id),
  started_at  TEXT NOT NULL,
  closed_by   INTEGER REFERENCES app_user(id),
  closed_at   TEXT,
  CHECK ((scope = 'category') = (category_id IS NOT NULL)),
  CHECK ((scope = 'brand') = (brand_id IS NOT NULL)),
  CHECK ((scope = 'shelf') = (shelf IS NOT NULL)),
  CHECK ((status = 'counting') = (closed_at IS NULL))
) STRICT;
CREATE UNIQUE INDEX stock_take_number ON stock_take (company_id, take_no);
CREATE INDEX stock_take_branch ON stock_take (company_id, branch_id, started_at);
CREATE INDEX stock_take_category ON stock_take (category_id);
CREATE INDEX stock_take_brand ON stock_take (brand_id);

CREATE TABLE stock_take_line (
  id            INTEGER PRIMARY KEY,
  stock_take_id INTEGER NOT NULL REFERENCES stock_take(id),
  item_id       INTEGER NOT NULL REFERENCES item(id),
  batch_no      TEXT NOT NULL,
  expiry_date   TEXT,
  listed        INTEGER NOT NULL CHECK (listed IN (0, 1)),
  counted       INTEGER CHECK (counted IS NULL OR counted >= 0),
  book          INTEGER,
  counted_at    TEXT,
  counted_by    INTEGER REFERENCES app_user(id),
  unit_cost     INTEGER CHECK (unit_cost IS NULL OR unit_cost >= 0),
  CHECK ((counted IS NULL) = (book IS NULL)),
  UNIQUE (stock_take_id, item_id, batch_no)
) STRICT;
CREATE INDEX stock_take_line_item ON stock_take_line (item_id);
CREATE INDEX stock_take_line_counted_by ON stock_take_line (counted_by);

CREATE TRIGGER stock_take_line_closed BEFORE UPDATE ON stock_take_line
  WHEN journal_source() <> 'sync' AND (SELECT status FROM stock_take WHERE id = OLD.stock_take_id) <> 'counting' BEGIN
  SELECT RAISE(ABORT, 'this stock-take is closed: its lines cannot change');
END;
CREATE TRIGGER stock_take_line_closed_insert BEFORE INSERT ON stock_take_line
  WHEN journal_source() <> 'sync' AND (SELECT status FROM stock_take WHERE id = NEW.stock_take_id) <> 'counting' BEGIN
  SELECT RAISE(ABORT, 'this stock-take is closed: its lines cannot change');
END;
`,
};
