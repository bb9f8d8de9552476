import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { ITEM_TYPE } from '../../store/item-type.js';
import { items } from '../../store/item.js';
import { AUTOCOMPLETE_LIMIT } from './frame-sunglass-autocomplete.js';
import { autoCompleteItem, branchStock } from '../../catalog/item-view.js';

export const spectacleLensAutoComplete = implement(api.QuickSale.spectacleLensAutoComplete, ({ query }, ctx) => {
  const rows = items(ctx.db).complete(ctx.user.companyId, [ITEM_TYPE.spectacleLens], query.term.trim(), ['code', 'name', 'brand'], AUTOCOMPLETE_LIMIT, localDate(ctx.now()));
  const stockOf = branchStock(ctx, rows);
  return rows.map((r) => autoCompleteItem(ctx, r, stockOf));
});
