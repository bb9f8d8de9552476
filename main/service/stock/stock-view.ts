/**
 * Seeing stock: an item at every branch (what is sellable there today, its batches with expiry),
 * the ledger of an item at a branch with a running balance, the stock at cost on a date, and the
 * watched items at or below their reorder level. Queries only; nothing here writes.
 *
 * Sellable is what the counter sells from (store/stock.ts): batches past their expiry date are
 * left out. On hand is every batch, expired or not: what the movements add up to, and so the
 * ledger's balance.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { extend } from '../../../shared/extend.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { branches, type BranchRow } from '../store/branch.js';
import { items, type ItemRow } from '../store/item.js';
import { stockView, type LedgerRow, type LowStockRow } from '../store/stock-view.js';
import { transfers } from '../store/transfer.js';
import { users } from '../store/user.js';

export interface BranchStockView {
  branch: BranchRow;
  sellable: number | null;
  onHand: number | null;
  /** Dispatched to this branch and not received yet (stock/transfer.ts): in neither branch's stock. */
  inTransit: number | null;
  batches: Array<{ batch_no: string; expiry_date: string | null; on_hand: number; expired: boolean }>;
}

/** The item of the signed-in company, or a 404 in words. */
export function itemOf(ctx: RequestContext, itemId: number): ItemRow {
  const row = items(ctx.db).byId(ctx.user.companyId, itemId, localDate(ctx.now()));
  if (!row) throw notFound('No such item');
  return row;
}

/** An item at every active branch of the company, the signed-in one first; null figures for made-to-order items. */
export function stockAtEveryBranch(ctx: RequestContext, item: ItemRow): BranchStockView[] {
  const today = localDate(ctx.now());
  const batches = stockView(ctx.db).batchesOf(item.id);
  const list = branches(ctx.db).ofCompany(ctx.user.companyId);
  const coming = new Map(transfers(ctx.db).inTransit(item.id, ctx.user.companyId).map((t) => [t.branch_id, t.qty]));
  const here = list.filter((b) => b.id === ctx.user.branchId);
  return [...here, ...list.filter((b) => b.id !== ctx.user.branchId)].map((branch) => {
    if (item.made_to_order) return { branch, sellable: null, onHand: null, inTransit: null, batches: [] };
    const own = batches
      .filter((b) => b.branch_id === branch.id && b.on_hand !== 0)
      .map((b) => ({ batch_no: b.batch_no, expiry_date: b.expiry_date, on_hand: b.on_hand, expired: b.expiry_date !== null && b.expiry_date < today }));
    return {
      branch,
      sellable: own.filter((b) => !b.expired).reduce((s, b) => s + b.on_hand, 0),
      onHand: own.reduce((s, b) => s + b.on_hand, 0),
      inTransit: coming.get(branch.id) ?? 0,
      batches: own,
    };
  });
}

/**
 * The branch a back-office read is about: the signed-in one when none is named; another only for
 * an admin, or a manager who works there too. A 403 naming `field` otherwise.
 */
export function readableBranch(ctx: RequestContext, branchId: number | undefined, field: string): BranchRow {
  const id = branchId ?? ctx.user.branchId;
  const branch = branches(ctx.db).byId(id);
  if (!branch || branch.company_id !== ctx.user.companyId) throw notFound('No such branch');
  if (id !== ctx.user.branchId && ctx.user.role !== 'admin' && !users(ctx.db).branchesOf(ctx.user.id).includes(id)) {
    throw forbidden(`You do not work at ${branch.name}: its stock is for its own staff and head office`, { [field]: ['Not a branch of yours'] });
  }
  return branch;
}

export interface LedgerEntry extends LedgerRow {
  balance: number;
  document_no: string | null;
}

/** Where the next page starts: after this movement, with the balance the page left off at. */
export interface LedgerCursor {
  id: number;
  balance: number;
}

export interface LedgerPage {
  onHand: number;
  sellable: number;
  rows: LedgerEntry[];
  next: LedgerCursor | null;
}

/**
 * A page of an item's ledger at a branch. Newest first, the balance starts from what the branch
 * holds now (the sum of every movement, as `stock` keeps it) and walks back; oldest first, it
 * starts from nothing and adds up. A further page carries on from the balance the page before left
 * off at, so no page adds up the movements before it: every page is one keyed read.
 */
export function ledgerPage(ctx: RequestContext, item: ItemRow, branch: BranchRow, order: 'newest' | 'oldest', after: LedgerCursor | null, pageSize: number): LedgerPage {
  const view = stockView(ctx.db);
  const { on_hand, sellable } = view.totalAt(item.id, branch.id, localDate(ctx.now()));
  let from: { at: string; id: number } | null = null;
  if (after) {
    const m = view.movement(after.id);
    if (!m || m.item_id !== item.id || m.branch_id !== branch.id) throw invalid('That page of the ledger is not this item’s at this branch: start again from the first page', { after: ['Not a page of this ledger'] });
    from = { at: m.at, id: after.id };
  }
  let balance = after ? after.balance : order === 'newest' ? on_hand : 0;
  const rows = view.ledger(item.id, branch.id, order, from, pageSize + 1);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize).map((row): LedgerEntry => {
    // Newest first: this row's balance is the balance carried in; the next (older) one's is before this movement.
    const entry = extend(row, { balance: order === 'newest' ? balance : balance + row.delta, document_no: view.documentNo(row) });
    balance = order === 'newest' ? balance - row.delta : balance + row.delta;
    return entry;
  });
  const last = page[page.length - 1];
  return { onHand: on_hand, sellable, rows: page, next: more && last ? { id: last.id, balance } : null };
}

export interface StockValueLine {
  item_id: number;
  code: string;
  name: string;
  qty: number;
  /** Paise per unit: the weighted average of receipts up to the date, else the item's cost. */
  unit_cost: number | null;
  cost_from: 'receipts' | 'item' | 'none';
  value: number;
}

/** The instant the shop's own calendar day `date` ends. */
function endOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).toISOString();
}

/**
 * The totals of stockValueOn without its lines (the reports): the quantity and value in paise the
 * lines would add up to, from the totals migration 040 keeps per branch and item.
 */
export function stockTotalOn(ctx: RequestContext, branch: BranchRow, date: string): { totalQty: number; totalValue: number } {
  const { qty, value } = stockView(ctx.db).valueAt(branch.id, endOf(date));
  return { totalQty: qty, totalValue: value };
}

/**
 * The branch's stock at cost at the end of `date` (the shop's own calendar day): each item's
 * quantity then, times the weighted average unit cost of the units received with a cost up to
 * then; an item with none at the item's cost; without either at nothing (and said so).
 */
export function stockValueOn(ctx: RequestContext, branch: BranchRow, date: string): { lines: StockValueLine[]; totalQty: number; totalValue: number } {
  const lines = stockView(ctx.db).valued(ctx.user.companyId, branch.id, endOf(date)).map((r): StockValueLine => {
    const [unit_cost, cost_from] =
      r.costed_qty > 0 ? [Math.round(r.costed_value / r.costed_qty), 'receipts' as const] : r.cost !== null ? [r.cost, 'item' as const] : [null, 'none' as const];
    return { item_id: r.item_id, code: r.code, name: r.name, qty: r.qty, unit_cost, cost_from, value: Math.round(r.qty * (unit_cost ?? 0)) };
  });
  return { lines, totalQty: lines.reduce((s, l) => s + l.qty, 0), totalValue: lines.reduce((s, l) => s + l.value, 0) };
}

export interface LowStockLine extends LowStockRow {
  to_order: number;
}

/**
 * Watched items whose sellable stock at the branch today is at or below their reorder level, with
 * the quantity that brings it back to twice the level (the level is the cushion kept against the
 * time a delivery takes; one more level's worth is the order).
 */
export function lowStock(ctx: RequestContext, branch: BranchRow): LowStockLine[] {
  return stockView(ctx.db)
    .lowStock(ctx.user.companyId, branch.id, localDate(ctx.now()))
    .map((r) => extend(r, { to_order: Math.max(2 * r.reorder_level - r.sellable, 1) }));
}
