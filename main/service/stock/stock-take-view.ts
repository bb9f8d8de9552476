/**
 * A stock-take as the screens and the variance report read it: each line's book, count, variance
 * and its value at cost, and the totals of shortage and excess. The variance of a counted line is
 * counted − the stock its movements held when it was counted (`book`), so what was sold after the
 * line was counted does not change it.
 *
 * A cashier counts blind: the book figures, variances and costs are left out (null) for anyone who
 * is not a manager, so what the books say cannot steer the count.
 */
import { MANAGERS } from '../../../shared/contract/roles.js';
import { rupees } from '../../../shared/domain/money.js';
import { extend } from '../../../shared/extend.js';
import type { StockTakeDetail, StockTakeLine, StockTakeSummary, StockTakeTotals } from '../../../shared/models/stock-take.js';
import type { RequestContext } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { stockMovements } from '../store/stock-movement.js';
import { stockTakes, type StockTakeLineRow, type StockTakeRow, type StockTakeStatus } from '../store/stock-take.js';

/** Who sees the book: managers and the admin. */
export const seesBook = (ctx: RequestContext): boolean => MANAGERS.includes(ctx.user.role);

/**
 * The count named by `idText` (field `stockTakeId`): a 404 when the company has none such, a 403
 * naming its branch when it is another branch's (a count is read and changed at its own branch;
 * the admin may read any).
 */
export function takeOf(ctx: RequestContext, idText: string, reading = false): StockTakeRow {
  const take = stockTakes(ctx.db).byId(ctx.decode('stockTake', idText, 'stockTakeId'), ctx.user.companyId);
  if (!take) throw notFound('No such stock-take');
  if (take.branch_id !== ctx.user.branchId && !(reading && ctx.user.role === 'admin')) {
    throw forbidden(`Stock-take ${take.take_no} belongs to ${take.branch_name}: it can be counted only there.`, { stockTakeId: [`Started at ${take.branch_name}`] }, 'OTHER_BRANCH');
  }
  return take;
}

interface Figures {
  book: number | null;
  variance: number | null;
  /** Paise per unit. */
  cost: number | null;
}

/** One line's book, variance and unit cost (paise) as the count stands. */
function figuresOf(ctx: RequestContext, take: StockTakeRow, line: StockTakeLineRow): Figures {
  const cost = take.status === 'approved' ? line.unit_cost : line.item_cost;
  if (line.counted !== null && line.book !== null) return { book: line.book, variance: line.counted - line.book, cost };
  // Not counted: what the movements hold now, while the count is open.
  const book = take.status === 'counting' ? stockMovements(ctx.db).sumOfBatch(line.item_id, take.branch_id, line.batch_no) : null;
  return { book, variance: null, cost };
}

function totalsOf(rows: readonly { counted: number | null; f: Figures }[]): StockTakeTotals {
  let shortageUnits = 0, shortage = 0, excessUnits = 0, excess = 0, withoutCost = 0, counted = 0;
  for (const { counted: c, f } of rows) {
    if (c !== null) counted += 1;
    if (f.variance === null || f.variance === 0) continue;
    if (f.cost === null) withoutCost += 1;
    const value = f.variance * (f.cost ?? 0);
    if (f.variance < 0) {
      shortageUnits -= f.variance;
      shortage -= value;
    } else {
      excessUnits += f.variance;
      excess += value;
    }
  }
  return {
    lines: rows.length, counted, uncounted: rows.length - counted,
    shortageUnits, shortageValue: rupees(shortage), excessUnits, excessValue: rupees(excess), netValue: rupees(excess - shortage), withoutCost,
  };
}

export function summaryOf(ctx: RequestContext, take: StockTakeRow, lineCount: number, countedLines: number): StockTakeSummary {
  return {
    stockTakeId: ctx.enc.encode('stockTake', take.id),
    takeNo: take.take_no,
    status: take.status,
    scope: take.scope,
    scopeName: take.scope_name,
    note: take.note,
    startedAt: take.started_at,
    startedBy: take.started_by_name,
    closedAt: take.closed_at,
    closedBy: take.closed_by_name,
    lineCount,
    countedLines,
  };
}

/** The count with its lines and totals; blind (no book, variance or cost) unless `withBook`. */
export function detailOf(ctx: RequestContext, take: StockTakeRow, withBook = seesBook(ctx)): StockTakeDetail {
  const rows = stockTakes(ctx.db).lines(take.id).map((line) => ({ line, counted: line.counted, f: figuresOf(ctx, take, line) }));
  const lines: StockTakeLine[] = rows.map(({ line, f }) => ({
    itemId: ctx.enc.encode('item', line.item_id),
    code: line.code,
    barcode: line.barcode,
    name: line.name,
    brand: line.brand,
    batchNo: line.batch_no,
    expiryDate: line.expiry_date,
    listed: line.listed === 1,
    counted: line.counted,
    countedAt: line.counted_at,
    book: withBook ? f.book : null,
    variance: withBook ? f.variance : null,
    unitCost: withBook && f.cost !== null ? rupees(f.cost) : null,
    varianceValue: withBook && f.cost !== null && f.variance !== null ? rupees(f.variance * f.cost) : null,
  }));
  const totals = totalsOf(rows);
  return extend(summaryOf(ctx, take, rows.length, totals.counted), {
    branchName: take.branch_name,
    uncounted: take.uncounted,
    blind: !withBook,
    lines,
    totals: withBook ? totals : null,
  });
}

/** A count by its id, as the screens read it. */
export function stockTakeDetail(ctx: RequestContext, idText: string): StockTakeDetail {
  return detailOf(ctx, takeOf(ctx, idText, true));
}

/** The branch's counts, newest first (the last 200). */
export function listStockTakes(ctx: RequestContext, status: StockTakeStatus | undefined): StockTakeSummary[] {
  return stockTakes(ctx.db)
    .ofBranch(ctx.user.companyId, ctx.user.branchId, status ?? '', 200)
    .map((t) => summaryOf(ctx, t, t.lines, t.counted_lines));
}
