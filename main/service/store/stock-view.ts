/**
 * Read models of stock for the back office: an item's batches at every branch, the ledger of an
 * item at a branch (its movements in time order with their document and who made them), the stock
 * at cost on a past date, and the watched items at or below their reorder level.
 *
 * Every query is keyed: `stock` by its primary key (item, branch, batch), the ledger by the index
 * stock_movement_ledger (item, branch, at, id), the watched items by item_reorder_level (migration
 * 031). The valuation reads what migration 040 keeps per branch and item (stock_total) and per
 * branch (branch_stock_total), the sum of every movement so far: for a past instant it takes back
 * the movements since, or, when fewer movements came before it than since, adds those up instead
 * (stock_movement_branch_at), so it reads the smaller side of the branch's history, never all of it.
 */
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';

export interface BatchAtBranch {
  branch_id: number;
  batch_no: string;
  expiry_date: string | null;
  on_hand: number;
}

export interface LedgerRow {
  id: number;
  at: string;
  reason: string;
  document: string | null;
  document_id: number | null;
  sales_order_id: number | null;
  order_no: string | null;
  batch_no: string;
  delta: number;
  unit_cost: number | null;
  user_name: string | null;
}

export interface ValuedItem {
  item_id: number;
  code: string;
  name: string;
  cost: number | null;
  qty: number;
  /** Units received with a stated unit cost up to the date, and their cost in paise. */
  costed_qty: number;
  costed_value: number;
}

export interface BranchValue {
  qty: number;
  /** Paise. */
  value: number;
}

export interface LowStockRow {
  item_id: number;
  code: string;
  name: string;
  brand: string | null;
  reorder_level: number;
  sellable: number;
}

/**
 * Where a movement's document gets its number, by kind. A sale's is its order number (the
 * movement's sales_order_id); each back-office document's is its own table's number (a transfer's
 * dispatch and its receipt both name the transfer, whose number is its challan or invoice). A kind
 * without an entry (an import) is shown by its kind alone.
 */
const DOCUMENT_NUMBERS: Record<string, string> = {
  goods_receipt: 'SELECT gr_no FROM goods_receipt WHERE id = ?',
  supplier_return: 'SELECT debit_note_no FROM supplier_return WHERE id = ?',
  transfer: 'SELECT document_no FROM transfer WHERE id = ?',
  stock_take: 'SELECT take_no FROM stock_take WHERE id = ?',
  customer_return: 'SELECT return_no FROM sales_return WHERE id = ?',
};

/**
 * Paise per unit, as stock/stock-view.ts rounds it (half up) and migration 040 keeps it: the
 * weighted average of the units received with a cost, else the item's cost, else nothing.
 */
const unitCost = (qty: string, value: string, cost: string) => `(CASE WHEN ${qty} > 0 THEN (2 * (${value}) + (${qty})) / (2 * (${qty})) ELSE coalesce(${cost}, 0) END)`;
const COSTED = 'unit_cost IS NOT NULL AND delta > 0';
/** Per item, the branch's movements before (`<`) or at and after (`>=`) the instant @at. */
const moved = (side: '<' | '>=') =>
  `(SELECT item_id, sum(delta) AS qty, sum(iif(${COSTED}, delta, 0)) AS costed_qty, sum(iif(${COSTED}, delta * unit_cost, 0)) AS costed_value
    FROM stock_movement WHERE branch_id = @branch AND at ${side} @at GROUP BY item_id)`;

const LEDGER_COLUMNS = `m.id, m.at, m.reason, m.document, m.document_id, m.sales_order_id, o.order_no, m.batch_no, m.delta, m.unit_cost,
  coalesce(u.full_name, u.user_name) AS user_name`;
const LEDGER_FROM = `FROM stock_movement m LEFT JOIN sales_order o ON o.id = m.sales_order_id LEFT JOIN app_user u ON u.id = m.created_by`;

export const stockView = perDatabase((db: Db) => {
  const ofItem = db.prepare<[number], BatchAtBranch>(
    'SELECT branch_id, batch_no, expiry_date, on_hand FROM stock WHERE item_id = ? ORDER BY branch_id, expiry_date IS NULL, expiry_date, batch_no',
  );
  const total = db.prepare<[string, number, number], { on_hand: number; sellable: number }>(
    `SELECT coalesce(sum(on_hand), 0) AS on_hand, coalesce(sum(CASE WHEN expiry_date IS NULL OR expiry_date >= ? THEN on_hand END), 0) AS sellable
     FROM stock WHERE item_id = ? AND branch_id = ?`,
  );
  const newest = db.prepare<[number, number, number], LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM} WHERE m.item_id = ? AND m.branch_id = ? ORDER BY m.at DESC, m.id DESC LIMIT ?`,
  );
  const newestBefore = db.prepare<[number, number, string, number, number], LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM} WHERE m.item_id = ? AND m.branch_id = ? AND (m.at, m.id) < (?, ?) ORDER BY m.at DESC, m.id DESC LIMIT ?`,
  );
  const oldest = db.prepare<[number, number, number], LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM} WHERE m.item_id = ? AND m.branch_id = ? ORDER BY m.at, m.id LIMIT ?`,
  );
  const oldestAfter = db.prepare<[number, number, string, number, number], LedgerRow>(
    `SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM} WHERE m.item_id = ? AND m.branch_id = ? AND (m.at, m.id) > (?, ?) ORDER BY m.at, m.id LIMIT ?`,
  );
  const movement = db.prepare<[number], { item_id: number; branch_id: number; at: string }>('SELECT item_id, branch_id, at FROM stock_movement WHERE id = ?');
  const sumOf = db.prepare<[number, number], { n: number; delta: number }>(
    'SELECT count(*) AS n, coalesce(sum(delta), 0) AS delta FROM stock_movement WHERE item_id = ? AND branch_id = ?',
  );
  // The stock at cost at an instant: the kept totals less what moved since, or the movements before it.
  // CROSS JOIN keeps what moved as the outer loop: the work is the movements read, not the branch's items.
  const countSince = db.prepare<[number, string, number], number>('SELECT count(*) FROM (SELECT 1 FROM stock_movement WHERE branch_id = ? AND at >= ? LIMIT ?)').pluck();
  const countBefore = db.prepare<[number, string, number], number>('SELECT count(*) FROM (SELECT 1 FROM stock_movement WHERE branch_id = ? AND at < ? LIMIT ?)').pluck();
  const branchNow = db.prepare<[number], BranchValue>('SELECT on_hand AS qty, value FROM branch_stock_total WHERE branch_id = ?');
  const takenBack = db.prepare<{ branch: number; at: string }, BranchValue>(
    `SELECT coalesce(sum(m.qty), 0) AS qty,
            coalesce(sum(t.value - (t.on_hand - m.qty) * ${unitCost('t.received_qty - m.costed_qty', 't.received_value - m.costed_value', 'i.cost')}), 0) AS value
     FROM ${moved('>=')} m
     CROSS JOIN stock_total t ON t.branch_id = @branch AND t.item_id = m.item_id JOIN item i ON i.id = m.item_id`,
  );
  const addedUp = db.prepare<{ branch: number; at: string }, BranchValue>(
    `SELECT coalesce(sum(m.qty), 0) AS qty, coalesce(sum(m.qty * ${unitCost('m.costed_qty', 'm.costed_value', 'i.cost')}), 0) AS value
     FROM ${moved('<')} m JOIN item i ON i.id = m.item_id`,
  );
  const linesNow = db.prepare<{ branch: number; at: string; company: number }, ValuedItem>(
    `SELECT i.id AS item_id, i.code, i.name, i.cost, t.on_hand - coalesce(m.qty, 0) AS qty,
            t.received_qty - coalesce(m.costed_qty, 0) AS costed_qty, t.received_value - coalesce(m.costed_value, 0) AS costed_value
     FROM stock_total t JOIN item i ON i.id = t.item_id AND i.company_id = @company LEFT JOIN ${moved('>=')} m ON m.item_id = t.item_id
     WHERE t.branch_id = @branch AND t.on_hand - coalesce(m.qty, 0) <> 0 ORDER BY i.code`,
  );
  const linesBefore = db.prepare<{ branch: number; at: string; company: number }, ValuedItem>(
    `SELECT i.id AS item_id, i.code, i.name, i.cost, m.qty, m.costed_qty, m.costed_value
     FROM ${moved('<')} m JOIN item i ON i.id = m.item_id AND i.company_id = @company WHERE m.qty <> 0 ORDER BY i.code`,
  );
  /** Whether fewer of the branch's movements came at or after the instant than before it (counted up to the smaller side). */
  const fewerSince = (branchId: number, at: string): boolean => {
    for (let cap = 1_000; ; cap *= 8) {
      const since = countSince.get(branchId, at, cap)!;
      const before = countBefore.get(branchId, at, cap)!;
      if (since < cap || before < cap) return since <= before;
    }
  };
  const low = db.prepare<[number, string, number], LowStockRow>(
    `SELECT * FROM (
       SELECT i.id AS item_id, i.code, i.name, b.name AS brand, i.reorder_level,
              coalesce((SELECT sum(s.on_hand) FROM stock s WHERE s.item_id = i.id AND s.branch_id = ?
                          AND (s.expiry_date IS NULL OR s.expiry_date >= ?)), 0) AS sellable
       FROM item i LEFT JOIN brand b ON b.id = i.brand_id
       WHERE i.company_id = ? AND i.reorder_level IS NOT NULL AND i.is_active = 1 AND i.made_to_order = 0)
     WHERE sellable <= reorder_level ORDER BY code`,
  );
  const numbers = new Map<string, ReturnType<Db['prepare']>>();
  for (const [kind, sql] of Object.entries(DOCUMENT_NUMBERS)) numbers.set(kind, db.prepare(sql));
  return {
    /** Every batch of the item at every branch (none for an item never stocked). */
    batchesOf: (itemId: number) => ofItem.all(itemId),
    /** On hand at a branch (every batch, as the movements add up) and what is sellable on `day`. */
    totalAt: (itemId: number, branchId: number, day: string) => total.get(day, itemId, branchId)!,
    /** A page of the ledger: newest first before (at, id), or oldest first after it. */
    ledger(itemId: number, branchId: number, order: 'newest' | 'oldest', after: { at: string; id: number } | null, limit: number): LedgerRow[] {
      if (order === 'newest') return after ? newestBefore.all(itemId, branchId, after.at, after.id, limit) : newest.all(itemId, branchId, limit);
      return after ? oldestAfter.all(itemId, branchId, after.at, after.id, limit) : oldest.all(itemId, branchId, limit);
    },
    movement: (id: number) => movement.get(id),
    /** The count and sum of an item's movements at a branch, added up afresh (tests and checks). */
    sumOfMovements: (itemId: number, branchId: number) => sumOf.get(itemId, branchId)!,
    /** The number of a movement's document where its kind has one listed, else null. */
    documentNo(row: LedgerRow): string | null {
      if (row.order_no) return row.order_no;
      const statement = row.document && row.document_id !== null ? numbers.get(row.document) : undefined;
      return statement ? ((statement.pluck().get(row.document_id) as string | undefined) ?? null) : null;
    },
    /** Each item held at the branch before `before` (an instant), with its receipts' cost so far. */
    valued: (companyId: number, branchId: number, before: string) =>
      (fewerSince(branchId, before) ? linesNow : linesBefore).all({ branch: branchId, at: before, company: companyId }),
    /** The branch's quantity and value at cost (paise) before `before`, as `valued` would add them up. */
    valueAt(branchId: number, before: string): BranchValue {
      if (!fewerSince(branchId, before)) return addedUp.get({ branch: branchId, at: before })!;
      const now = branchNow.get(branchId) ?? { qty: 0, value: 0 };
      const since = takenBack.get({ branch: branchId, at: before })!;
      return { qty: now.qty - since.qty, value: now.value - since.value };
    },
    /** Watched items whose sellable stock on `day` at the branch is at or below their level. */
    lowStock: (companyId: number, branchId: number, day: string) => low.all(branchId, day, companyId),
  };
});
