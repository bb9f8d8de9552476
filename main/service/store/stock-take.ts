/**
 * SQL for `stock_take` and `stock_take_line` (migration 033): a branch's physical count of part of
 * its stock, and the read model of its lines with what each item is (code, barcode, name, brand,
 * cost) and what the movements say it holds now.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export type StockTakeStatus = 'counting' | 'approved' | 'cancelled';
export type StockTakeScope = 'category' | 'brand' | 'shelf';
export type Uncounted = 'zero' | 'leave';

export interface NewStockTake {
  id: number;
  company_id: number;
  branch_id: number;
  year_id: number;
  take_no: string;
  scope: StockTakeScope;
  category_id: number | null;
  brand_id: number | null;
  shelf: string | null;
  note: string | null;
  started_by: number;
  started_at: string;
}

export interface StockTakeRow extends NewStockTake {
  status: StockTakeStatus;
  uncounted: Uncounted | null;
  closed_by: number | null;
  closed_at: string | null;
  /** The category's or brand's name, or the shelf. */
  scope_name: string;
  branch_name: string;
  started_by_name: string;
  closed_by_name: string | null;
}

export interface StockTakeSummaryRow extends StockTakeRow {
  lines: number;
  counted_lines: number;
}

export interface NewStockTakeLine {
  id: number;
  stock_take_id: number;
  item_id: number;
  batch_no: string;
  expiry_date: string | null;
  listed: 0 | 1;
}

export interface StockTakeLineRow extends NewStockTakeLine {
  counted: number | null;
  book: number | null;
  counted_at: string | null;
  counted_by: number | null;
  unit_cost: number | null;
  code: string;
  barcode: string | null;
  name: string;
  brand: string | null;
  /** The item's cost now (paise): the value of a variance not yet approved. */
  item_cost: number | null;
}

/** An item a count by category or brand lists, with each batch the branch holds of it. */
export interface ScopeBatch {
  item_id: number;
  batch_no: string | null;
  expiry_date: string | null;
}

const TAKE = `SELECT t.*, coalesce(c.name, bd.name, t.shelf) AS scope_name, b.name AS branch_name,
    su.user_name AS started_by_name, cu.user_name AS closed_by_name
  FROM stock_take t
  JOIN branch b ON b.id = t.branch_id
  JOIN app_user su ON su.id = t.started_by
  LEFT JOIN app_user cu ON cu.id = t.closed_by
  LEFT JOIN category c ON c.id = t.category_id
  LEFT JOIN brand bd ON bd.id = t.brand_id`;

const LINE = `SELECT l.*, i.code, i.barcode, i.name, bd.name AS brand, i.cost AS item_cost
  FROM stock_take_line l
  JOIN item i ON i.id = l.item_id
  LEFT JOIN brand bd ON bd.id = i.brand_id`;

/** Items kept in stock (not made to order), active or still holding units here. */
const IN_STOCK = `i.company_id = @company AND i.made_to_order = 0
  AND (i.is_active = 1 OR EXISTS (SELECT 1 FROM stock s WHERE s.item_id = i.id AND s.branch_id = @branch AND s.on_hand <> 0))`;

export const stockTakes = perDatabase((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO stock_take (id, company_id, branch_id, year_id, take_no, status, scope, category_id, brand_id, shelf, note, started_by, started_at)
     VALUES (@id, @company_id, @branch_id, @year_id, @take_no, 'counting', @scope, @category_id, @brand_id, @shelf, @note, @started_by, @started_at)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO stock_take_line (id, stock_take_id, item_id, batch_no, expiry_date, listed)
     VALUES (@id, @stock_take_id, @item_id, @batch_no, @expiry_date, @listed)`,
  );
  const byId = db.prepare<[number, number], StockTakeRow>(`${TAKE} WHERE t.id = ? AND t.company_id = ?`);
  const ofBranch = db.prepare<[number, number, string, string, number], StockTakeSummaryRow>(
    `SELECT x.*, (SELECT count(*) FROM stock_take_line l WHERE l.stock_take_id = x.id) AS lines,
            (SELECT count(*) FROM stock_take_line l WHERE l.stock_take_id = x.id AND l.counted IS NOT NULL) AS counted_lines
     FROM (${TAKE} WHERE t.company_id = ? AND t.branch_id = ? AND (? = '' OR t.status = ?) ORDER BY t.started_at DESC, t.id DESC LIMIT ?) x`,
  );
  const lines = db.prepare<[number], StockTakeLineRow>(`${LINE} WHERE l.stock_take_id = ? ORDER BY i.name, i.code, l.batch_no`);
  const linesOfItem = db.prepare<[number, number], StockTakeLineRow>(`${LINE} WHERE l.stock_take_id = ? AND l.item_id = ? ORDER BY l.batch_no`);
  const inScope = db.prepare<{ company: number; branch: number; category: number | null; brand: number | null }, ScopeBatch>(
    `SELECT i.id AS item_id, s.batch_no, s.expiry_date
     FROM item i LEFT JOIN stock s ON s.item_id = i.id AND s.branch_id = @branch AND s.on_hand <> 0
     WHERE ${IN_STOCK} AND (@category IS NULL OR i.category_id = @category) AND (@brand IS NULL OR i.brand_id = @brand)
     ORDER BY i.name, i.code, s.batch_no`,
  );
  const setCount = db.prepare<{ id: number; counted: number | null; book: number | null; at: string | null; by: number | null }>(
    'UPDATE stock_take_line SET counted = @counted, book = @book, counted_at = @at, counted_by = @by WHERE id = @id',
  );
  const setCost = db.prepare<[number | null, number]>('UPDATE stock_take_line SET unit_cost = ? WHERE id = ?');
  const close = db.prepare<{ id: number; status: StockTakeStatus; uncounted: Uncounted | null; by: number; at: string }>(
    `UPDATE stock_take SET status = @status, uncounted = @uncounted, closed_by = @by, closed_at = @at WHERE id = @id AND status = 'counting'`,
  );
  const categoryName = db.prepare<[number, number], { name: string }>('SELECT name FROM category WHERE id = ? AND company_id = ?');
  const brandByName = db.prepare<[number, string], { id: number; name: string }>('SELECT id, name FROM brand WHERE company_id = ? AND name = ?');
  const scopes = db.prepare<{ company: number; branch: number }, { kind: 'category' | 'brand'; id: number; name: string; type_name: string | null; items: number }>(
    `SELECT 'category' AS kind, c.id, c.name, t.name AS type_name, count(i.id) AS items
       FROM category c JOIN item_type t ON t.id = c.item_type_id JOIN item i ON i.category_id = c.id AND ${IN_STOCK}
       WHERE c.company_id = @company GROUP BY c.id
     UNION ALL
     SELECT 'brand', bd.id, bd.name, NULL, count(i.id)
       FROM brand bd JOIN item i ON i.brand_id = bd.id AND ${IN_STOCK}
       WHERE bd.company_id = @company GROUP BY bd.id
     ORDER BY 1, 4, 3`,
  );
  const openElsewhere = db.prepare<[number, number, string, number], { take_no: string; name: string }>(
    `SELECT t.take_no, i.name FROM stock_take_line l JOIN stock_take t ON t.id = l.stock_take_id JOIN item i ON i.id = l.item_id
     WHERE t.company_id = ? AND t.branch_id = ? AND t.status = 'counting' AND l.item_id IN (SELECT value FROM json_each(?)) AND t.id <> ? LIMIT 1`,
  );
  return {
    insert: (t: NewStockTake) => insert.run(t),
    /** One of the items that another open count at the branch has (an item is in one open count at a time). */
    openElsewhere: (companyId: number, branchId: number, itemIds: readonly number[], exceptTakeId = 0) =>
      openElsewhere.get(companyId, branchId, JSON.stringify(itemIds), exceptTakeId),
    insertLine: (l: NewStockTakeLine) => insertLine.run(l),
    byId: (id: number, companyId: number) => byId.get(id, companyId),
    /** The branch's counts, newest first; `status` '' for every status. */
    ofBranch: (companyId: number, branchId: number, status: StockTakeStatus | '', limit: number) => ofBranch.all(companyId, branchId, status, status, limit),
    lines: (takeId: number) => lines.all(takeId),
    linesOfItem: (takeId: number, itemId: number) => linesOfItem.all(takeId, itemId),
    /** Every item of the category or brand kept in stock, a row per batch the branch holds (null: none). */
    inScope: (companyId: number, branchId: number, categoryId: number | null, brandId: number | null) =>
      inScope.all({ company: companyId, branch: branchId, category: categoryId, brand: brandId }),
    setCount: (lineId: number, counted: number | null, book: number | null, at: string | null, by: number | null) =>
      setCount.run({ id: lineId, counted, book, at, by }),
    setCost: (lineId: number, unitCost: number | null) => setCost.run(unitCost, lineId),
    /** Approves or cancels a count still counting; false when it was closed meanwhile. */
    close: (id: number, status: Exclude<StockTakeStatus, 'counting'>, uncounted: Uncounted | null, by: number, at: string) =>
      close.run({ id, status, uncounted, by, at }).changes === 1,
    categoryName: (companyId: number, id: number) => categoryName.get(id, companyId)?.name,
    brandByName: (companyId: number, name: string) => brandByName.get(companyId, name),
    /** The categories and brands a count can take, with how many stocked items each has. */
    scopes: (companyId: number, branchId: number) => scopes.all({ company: companyId, branch: branchId }),
  };
});
