/**
 * Stock-takes: a manager starts a count of the branch's stock by category, brand or shelf; staff
 * count by scanning (+1 a scan) or by typing a quantity; the store goes on selling meanwhile. Each
 * line remembers the stock its movements held when it was counted, so the variance (counted −
 * that book) is not distorted by a sale after it. Approval writes one 'count' movement per line
 * with a variance (document 'stock_take'), in one transaction: the stock becomes the current book
 * plus the variance, never a blind overwrite. A closed count (approved or cancelled) never changes.
 *
 * An item is in at most one open count at a branch, so two counts cannot both correct it. A count
 * by category or brand refuses an item outside it (it would be counted where only part of it is
 * looked for); a shelf count takes any stocked item scanned there. Each write is one immediate
 * transaction.
 */
import type { ApproveStockTakeRequest, StartStockTakeRequest, StockTakeCountRequest, StockTakeDetail, StockTakeScanRequest, StockTakeScope } from '../../../shared/models/stock-take.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid } from '../errors.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { calendarDate } from '../input/dates.js';
import { optionalText } from '../input/text.js';
import { items, type ItemRow } from '../store/item.js';
import { numberSeries } from '../store/number-series.js';
import { stock } from '../store/stock.js';
import { stockMovements } from '../store/stock-movement.js';
import { stockTakes, type StockTakeLineRow, type StockTakeRow, type StockTakeScope as Scope } from '../store/stock-take.js';
import { detailOf, takeOf } from './stock-take-view.js';

/** A count approved or cancelled: a client can say so and show it read-only. */
export const STOCK_TAKE_CLOSED = 'STOCK_TAKE_CLOSED';
/** The most units one line can hold: a typing slip (a barcode typed into the quantity) is refused. */
const MOST_UNITS = 100000;

/** The count, still open, for a change at the caller's branch; a 409 naming it when it is closed. */
function openTake(ctx: RequestContext, idText: string): StockTakeRow {
  const take = takeOf(ctx, idText);
  if (take.status !== 'counting') {
    throw conflict(`Stock-take ${take.take_no} is ${take.status}: it can no longer be changed.`, STOCK_TAKE_CLOSED);
  }
  return take;
}

/** Refuses an item another open count at the branch has; `field` names what brought it. */
function notCountedElsewhere(ctx: RequestContext, take: { id: number; branch_id: number }, itemIds: readonly number[], field: string): void {
  const other = stockTakes(ctx.db).openElsewhere(ctx.user.companyId, take.branch_id, itemIds, take.id);
  if (other) {
    throw conflict(`${other.name} is being counted in stock-take ${other.take_no}: approve or cancel that count first (${field}).`, 'IN_ANOTHER_COUNT');
  }
}

export function stockTakeScopes(ctx: RequestContext): StockTakeScope[] {
  return stockTakes(ctx.db)
    .scopes(ctx.user.companyId, ctx.user.branchId)
    .map((s) => ({
      kind: s.kind,
      value: s.kind === 'category' ? ctx.enc.encode('category', s.id) : s.name,
      name: s.type_name ? `${s.name} (${s.type_name})` : s.name,
      items: s.items,
    }));
}

interface ScopeChoice {
  scope: Scope;
  category_id: number | null;
  brand_id: number | null;
  shelf: string | null;
}

function readScope(ctx: RequestContext, body: StartStockTakeRequest): ScopeChoice {
  const { companyId } = ctx.user;
  switch (body.scope) {
    case 'category': {
      if (!optionalText(body.categoryId)) throw invalid('Choose the category to count', { categoryId: ['Required for a count by category'] });
      const id = ctx.decode('category', body.categoryId!.trim(), 'categoryId');
      if (!stockTakes(ctx.db).categoryName(companyId, id)) throw invalid('No such category', { categoryId: ['Not a category of this store'] });
      return { scope: 'category', category_id: id, brand_id: null, shelf: null };
    }
    case 'brand': {
      const name = optionalText(body.brand);
      if (!name) throw invalid('Choose the brand to count', { brand: ['Required for a count by brand'] });
      const brand = stockTakes(ctx.db).brandByName(companyId, name);
      if (!brand) throw invalid(`No brand is called ${name}`, { brand: ['Not a brand of this store'] });
      return { scope: 'brand', category_id: null, brand_id: brand.id, shelf: null };
    }
    case 'shelf': {
      const shelf = optionalText(body.shelf);
      if (!shelf) throw invalid('Name the shelf to count, e.g. Showcase 3', { shelf: ['Required for a count by shelf'] });
      return { scope: 'shelf', category_id: null, brand_id: null, shelf };
    }
    default:
      throw invalid('Choose what to count: a category, a brand or a shelf', { scope: ['One of category, brand, shelf'] });
  }
}

/** Starts a count: the items in scope listed (a line per batch the branch holds), nothing counted. */
export function startStockTake(ctx: RequestContext, body: StartStockTakeRequest): StockTakeDetail {
  const choice = readScope(ctx, body);
  const note = optionalText(body.note);
  const { companyId, branchId, yearId } = ctx.user;
  return ctx.db
    .transaction(() => {
      const store = stockTakes(ctx.db);
      const batches = choice.scope === 'shelf' ? [] : store.inScope(companyId, branchId, choice.category_id, choice.brand_id);
      if (choice.scope !== 'shelf' && batches.length === 0) {
        const field = choice.scope === 'category' ? 'categoryId' : 'brand';
        throw invalid(`No item of that ${choice.scope} is kept in stock: there is nothing to count`, { [field]: ['No stocked items'] });
      }
      const id = ctx.ids.next('stock_take');
      notCountedElsewhere(ctx, { id, branch_id: branchId }, [...new Set(batches.map((b) => b.item_id))], choice.scope === 'category' ? 'categoryId' : 'brand');
      store.insert({
        id, company_id: companyId, branch_id: branchId, year_id: yearId, take_no: numberSeries(ctx.db).next('stock_take', branchId, yearId),
        scope: choice.scope, category_id: choice.category_id, brand_id: choice.brand_id, shelf: choice.shelf, note, started_by: ctx.user.id, started_at: ctx.now().toISOString(),
      });
      for (const b of batches) {
        store.insertLine({ id: ctx.ids.next('stock_take_line'), stock_take_id: id, item_id: b.item_id, batch_no: b.batch_no ?? '', expiry_date: b.expiry_date, listed: 1 });
      }
      return detailOf(ctx, store.byId(id, companyId)!);
    })
    .immediate();
}

/** The item, if the count may take it: kept in stock, and in the count's category or brand; `field` named if not. */
function countable(take: StockTakeRow, item: ItemRow, field: string): ItemRow {
  if (item.made_to_order) throw invalid(`${item.name} is made to order: it is not kept in stock to count`, { [field]: ['Made to order'] }, 'NOT_STOCKED');
  if ((take.scope === 'category' && item.category_id !== take.category_id) || (take.scope === 'brand' && item.brand_id !== take.brand_id)) {
    throw invalid(`${item.name} is not in this count (${take.scope} ${take.scope_name}): count it in a count of its own`, { [field]: [`Not in ${take.scope_name}`] }, 'NOT_IN_COUNT');
  }
  return item;
}

/** The item a scan names (barcode first, then item code), if the count may take it. */
function scannedItem(ctx: RequestContext, take: StockTakeRow, code: string): ItemRow {
  const item = items(ctx.db).byCode(ctx.user.companyId, code, localDate(ctx.now()));
  if (!item) throw invalid(`No item has the barcode or code ${code}`, { barcode: ['Unknown barcode'] }, 'UNKNOWN_BARCODE');
  return countable(take, item, 'barcode');
}

/**
 * The line of `item` the scan or typed count means: the named batch's; else the item's only line;
 * else, for an item without a line, the one batch the branch holds of it (or none: batch ''). A
 * line that does not exist yet is added (a shelf's scan, a batch found that the books lacked).
 */
function lineFor(ctx: RequestContext, take: StockTakeRow, item: ItemRow, batchText: string | null | undefined, expiryText: string | null | undefined, field: string, add = true): StockTakeLineRow {
  const store = stockTakes(ctx.db);
  const lines = store.linesOfItem(take.id, item.id);
  const named = optionalText(batchText);
  const held = stock(ctx.db).batches(item.id, take.branch_id).filter((b) => b.on_hand !== 0);
  let batchNo = named;
  if (batchNo === null) {
    if (lines.length === 1) return lines[0]!;
    const choices = lines.length > 0 ? lines.map((l) => l.batch_no) : held.map((b) => b.batch_no);
    if (choices.length > 1) throw invalid(`${item.name} is kept in batches: say which batch`, { batchNo: [`One of ${choices.join(', ')}`] }, 'BATCH_REQUIRED');
    batchNo = choices[0] ?? '';
  }
  const found = lines.find((l) => l.batch_no === batchNo);
  if (found) return found;
  if (!add) throw invalid(`${item.name} has no line${batchNo ? ` for batch ${batchNo}` : ''} in this count`, { [field]: ['Not counted here'] });
  if (lines.length === 0) notCountedElsewhere(ctx, take, [item.id], field);
  const expiry = held.find((b) => b.batch_no === batchNo)?.expiry_date ?? calendarDate(expiryText, 'expiryDate');
  const id = ctx.ids.next('stock_take_line');
  store.insertLine({ id, stock_take_id: take.id, item_id: item.id, batch_no: batchNo, expiry_date: expiry, listed: 0 });
  return store.linesOfItem(take.id, item.id).find((l) => l.id === id)!;
}

/** Sets a line's count, remembering what the movements hold at this moment (its book). */
function setCount(ctx: RequestContext, take: StockTakeRow, line: StockTakeLineRow, counted: number | null): void {
  const book = counted === null ? null : stockMovements(ctx.db).sumOfBatch(line.item_id, take.branch_id, line.batch_no);
  stockTakes(ctx.db).setCount(line.id, counted, book, counted === null ? null : ctx.now().toISOString(), counted === null ? null : ctx.user.id);
}

/** One scan: +1 on the item's line. */
export function scanIntoStockTake(ctx: RequestContext, idText: string, body: StockTakeScanRequest): StockTakeDetail {
  const code = optionalText(body.barcode);
  if (!code) throw invalid('Scan or type a barcode', { barcode: ['Required'] });
  return ctx.db
    .transaction(() => {
      const take = openTake(ctx, idText);
      const line = lineFor(ctx, take, scannedItem(ctx, take, code), body.batchNo, body.expiryDate, 'barcode');
      if ((line.counted ?? 0) >= MOST_UNITS) throw invalid(`At most ${MOST_UNITS} units on one line`, { barcode: ['Too many'] });
      setCount(ctx, take, line, (line.counted ?? 0) + 1);
      return detailOf(ctx, take);
    })
    .immediate();
}

/** A typed count of one line (the item and its batch); null makes the line uncounted again. */
export function countStockTakeLine(ctx: RequestContext, idText: string, body: StockTakeCountRequest): StockTakeDetail {
  const counted = body.counted;
  if (counted !== null && counted < 0) throw invalid('A count cannot be below 0', { counted: ['0 or more'] });
  if (counted !== null && counted > MOST_UNITS) throw invalid(`At most ${MOST_UNITS} units on one line`, { counted: ['Too many'] });
  if (!optionalText(body.itemId)) throw invalid('Say which item was counted', { itemId: ['Required'] });
  return ctx.db
    .transaction(() => {
      const take = openTake(ctx, idText);
      const item = items(ctx.db).byId(ctx.user.companyId, ctx.decode('item', body.itemId!.trim(), 'itemId'), localDate(ctx.now()));
      if (!item) throw invalid('No such item', { itemId: ['Not an item of this store'] });
      const line = lineFor(ctx, take, countable(take, item, 'itemId'), body.batchNo, null, 'itemId', counted !== null);
      setCount(ctx, take, line, counted);
      return detailOf(ctx, take);
    })
    .immediate();
}

/**
 * Approves the count: every counted line's variance (counted − its book) becomes a 'count'
 * movement naming the count, at the item's cost; the lines nobody counted are counted as none
 * ('zero': their variance is minus what the books hold now) or left as they are ('leave'), as
 * the manager chose — a choice required when there are any.
 */
export function approveStockTake(ctx: RequestContext, idText: string, body: ApproveStockTakeRequest): StockTakeDetail {
  const choice = body.uncounted ?? null;
  return ctx.db
    .transaction(() => {
      const take = openTake(ctx, idText);
      const store = stockTakes(ctx.db);
      const lines = store.lines(take.id);
      const uncounted = lines.filter((l) => l.counted === null).length;
      if (uncounted > 0 && choice === null) {
        throw invalid(`${uncounted} line${uncounted === 1 ? ' is' : 's are'} not counted: choose whether they count as none or are left as they are`, { uncounted: ['Choose zero or leave'] }, 'UNCOUNTED_CHOICE_REQUIRED');
      }
      const at = ctx.now().toISOString();
      for (const line of lines) {
        let { counted, book } = line;
        if (counted === null || book === null) {
          if (choice !== 'zero') continue;
          counted = 0;
          book = stockMovements(ctx.db).sumOfBatch(line.item_id, take.branch_id, line.batch_no);
          store.setCount(line.id, counted, book, at, ctx.user.id);
        }
        store.setCost(line.id, line.item_cost);
        const delta = counted - book;
        if (delta === 0) continue;
        const held = stock(ctx.db).batches(line.item_id, take.branch_id).find((b) => b.batch_no === line.batch_no);
        stockMovements(ctx.db).add({
          id: ctx.ids.next('stock_movement'), item_id: line.item_id, branch_id: take.branch_id, batch_no: line.batch_no, delta, reason: 'count', at,
          // A count movement states the batch's expiry: the one it has, else the one the count found.
          expiry_date: held ? held.expiry_date : line.expiry_date, created_by: ctx.user.id, document: 'stock_take', document_id: take.id, unit_cost: line.item_cost,
        });
      }
      if (!store.close(take.id, 'approved', uncounted > 0 ? choice : null, ctx.user.id, at)) throw conflict(`Stock-take ${take.take_no} was closed meanwhile`, STOCK_TAKE_CLOSED);
      return detailOf(ctx, store.byId(take.id, ctx.user.companyId)!);
    })
    .immediate();
}

/** Cancels a count before approval: nothing is written to stock. */
export function cancelStockTake(ctx: RequestContext, idText: string): StockTakeDetail {
  return ctx.db
    .transaction(() => {
      const take = openTake(ctx, idText);
      const store = stockTakes(ctx.db);
      if (!store.close(take.id, 'cancelled', null, ctx.user.id, ctx.now().toISOString())) throw conflict(`Stock-take ${take.take_no} was closed meanwhile`, STOCK_TAKE_CLOSED);
      return detailOf(ctx, store.byId(take.id, ctx.user.companyId)!);
    })
    .immediate();
}
