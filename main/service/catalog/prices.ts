/**
 * Price changes at head office: for the items named, or a rule over a brand and/or a category (and
 * item type), by a percent rounded to the rupee or to a fixed price, from a day — today or later.
 *
 * Each change is a row of item_price with the old and new price, who and when; the price in effect
 * on a day is the newest change in effect that day (store/item.ts PRICE_ON_DAY), so a change dated
 * later applies on its day at every PC. A change from today also sets the item's own price. A cart
 * already open keeps the price its lines were added at (the line holds it, sale/cart.ts).
 */
import { rupees } from '../../../shared/domain/money.js';
import type { PriceChangeRequest, PriceChangeResult, PriceHistory } from '../../../shared/models/catalogue.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { calendarDate, indianDate } from '../input/dates.js';
import { optionalId } from '../input/optional-id.js';
import { itemCatalogue } from '../store/item-catalogue.js';
import { itemPrices } from '../store/item-price.js';
import { items, type ItemRow } from '../store/item.js';
import { categories } from '../store/category.js';
import { catalogueItem, itemOf, today } from './catalogue-view.js';
import { requireHeadOffice } from './head-office.js';
import { rupeesText } from './item-rules.js';

/** At most this many items in one change, so a mistaken rule is seen before it is everything. */
const MOST_ITEMS = 5000;

function targets(ctx: RequestContext, body: PriceChangeRequest, day: string): { rows: ItemRow[]; what: string } {
  const companyId = ctx.user.companyId;
  if (body.itemIDs && body.itemIDs.length > 0) {
    const rows = body.itemIDs.map((text, i) => itemOf(ctx, text, `itemIDs.${i}`));
    return { rows, what: rows.length === 1 ? 'Changed' : `${rows.length} items` };
  }
  const brandName = body.brand?.trim() || null;
  const brand = brandName === null ? null : itemCatalogue(ctx.db).brandByName(companyId, brandName);
  if (brandName !== null && !brand) throw invalid(`Brand “${brandName}” has no items`, { brand: ['No such brand'] });
  const categoryId = optionalId(ctx, 'category', body.categoryID || null, 'categoryID') ?? null;
  const itemTypeId = optionalId(ctx, 'itemType', body.itemTypeID || null, 'itemTypeID') ?? null;
  if (!brand && categoryId === null) throw invalid('Say which items: pick items, a brand or a category', { brand: ['Pick a brand or a category'] });
  const ids = itemCatalogue(ctx.db).ruleIds(companyId, { brandId: brand?.id ?? null, categoryId, itemTypeId });
  if (ids.length === 0) throw invalid('No item on sale is of that brand and category', { brand: ['No active item matches'] });
  if (ids.length > MOST_ITEMS) throw invalid(`The rule covers ${ids.length} items, more than ${MOST_ITEMS}: narrow it by category or type`, { brand: ['Too many items'] });
  const category = categoryId === null ? null : categories(ctx.db).byId(companyId, categoryId)?.name;
  return { rows: items(ctx.db).byIds(ids, day), what: [brand?.name, category].filter(Boolean).join(' · ') };
}

export function changePrices(ctx: RequestContext, body: PriceChangeRequest): PriceChangeResult {
  requireHeadOffice(ctx);
  const now = today(ctx);
  const from = calendarDate(body.effectiveFrom, 'effectiveFrom')!;
  if (from < now) throw invalid('A price change takes effect today or later', { effectiveFrom: [`Today (${indianDate(now)}) or later`] });
  if (body.mode === 'percent' && (body.value < -90 || body.value > 500)) throw invalid('A percent from -90 to +500', { value: ['From -90 to +500 %'] });
  if (body.mode === 'fixed' && (body.value < 0 || Math.round(body.value * 100) !== body.value * 100)) throw invalid('A price in rupees', { value: ['A price in rupees, at most two decimals'] });
  const at = ctx.now().toISOString();
  const reasonOf = (what: string) => (body.mode === 'percent' ? `${what} ${body.value > 0 ? '+' : ''}${body.value} %` : `${what}: to ${rupeesText(Math.round(body.value * 100))}`);

  return ctx.db
    .transaction((): PriceChangeResult => {
      // Read inside the transaction: the prices in effect on the day the change starts.
      const { rows, what } = targets(ctx, body, from);
      const changes = rows.map((row) => {
        const newPrice = body.mode === 'percent' ? Math.round((row.sale_price * (100 + body.value)) / 10000) * 100 : Math.round(body.value * 100);
        if (newPrice > row.mrp) {
          throw invalid(`The new price ${rupeesText(newPrice)} of item ${row.code} (${row.name}) is above its MRP ${rupeesText(row.mrp)}: nothing was changed`, { value: [`Above the MRP of ${row.code}`] }, 'PRICE_ABOVE_MRP');
        }
        return { row, newPrice };
      });
      const reason = reasonOf(what);
      for (const { row, newPrice } of changes) {
        itemPrices(ctx.db).add(ctx.ids, {
          company_id: ctx.user.companyId, item_id: row.id, effective_from: from, old_price: row.sale_price, new_price: newPrice,
          reason, created_by: ctx.user.id, created_at: at,
        });
        if (from === now) itemCatalogue(ctx.db).setPrice(ctx.user.companyId, row.id, newPrice, at);
      }
      return {
        message: `${changes.length === 1 ? 'The price' : `${changes.length} prices`} ${from === now ? 'changed from today' : `will change on ${indianDate(from)}`}`,
        effectiveFrom: from,
        items: changes.map(({ row, newPrice }) => ({
          itemID: ctx.enc.encode('item', row.id), code: row.code, name: row.name, oldPrice: rupees(row.sale_price), newPrice: rupees(newPrice),
        })),
      };
    })
    .immediate();
}

/** An item's price changes, the latest effective day first; those dated later are marked pending. */
export function priceHistory(ctx: RequestContext, itemText: string): PriceHistory {
  const row = itemOf(ctx, itemText);
  const day = today(ctx);
  return {
    item: catalogueItem(ctx, row),
    rows: itemPrices(ctx.db)
      .historyOf(ctx.user.companyId, row.id)
      .map((h) => ({
        effectiveFrom: h.effective_from, oldPrice: rupees(h.old_price), newPrice: rupees(h.new_price), reason: h.reason,
        changedBy: h.created_by_name, changedAt: h.created_at, pending: h.effective_from > day,
      })),
  };
}
