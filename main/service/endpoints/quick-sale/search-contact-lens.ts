import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { parseDiopter } from '../../../../shared/domain/rx.js';
import { implement } from '../../http/handler.js';
import { ITEM_TYPE } from '../../store/item-type.js';
import { items } from '../../store/item.js';
import { AUTOCOMPLETE_LIMIT } from './frame-sunglass-autocomplete.js';
import { branchStock, contactLensItem } from '../../catalog/item-view.js';

/**
 * A term that reads as a power ("-2.50", "-2.5", "+1") finds lenses of exactly that power;
 * any term also matches code, barcode, name and brand by prefix.
 */
export const searchContactLens = implement(api.QuickSale.searchContactLens, ({ body }, ctx) => {
  const term = body.term?.trim() ?? '';
  const store = items(ctx.db);
  const companyId = ctx.user.companyId;
  const day = localDate(ctx.now());
  const power = /^[+-−]?\d*\.?\d+$/.test(term) ? parseDiopter(term) : null;
  const byPower = power === null ? [] : store.ofPower(companyId, ITEM_TYPE.contactLens, Math.round(power * 100), AUTOCOMPLETE_LIMIT, day);
  const byText = store.complete(companyId, [ITEM_TYPE.contactLens], term, ['barcode', 'code', 'name', 'brand'], AUTOCOMPLETE_LIMIT, day);
  const rows = [...new Map([...byPower, ...byText].map((r) => [r.id, r])).values()].slice(0, AUTOCOMPLETE_LIMIT);
  const stockOf = branchStock(ctx, rows);
  return rows.map((r) => contactLensItem(ctx, r, stockOf));
});
