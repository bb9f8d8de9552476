import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { ITEM_TYPE } from '../../store/item-type.js';
import { items } from '../../store/item.js';
import { autoCompleteItem, branchStock } from '../../catalog/item-view.js';

export const AUTOCOMPLETE_LIMIT = 20;

/** yearId is accepted and ignored: the catalog is not kept per financial year. */
export const frameSunGlassAutoComplete = implement(api.QuickSale.frameSunGlassAutoComplete, ({ query }, ctx) => {
  const rows = items(ctx.db).complete(
    ctx.user.companyId,
    [ITEM_TYPE.frame, ITEM_TYPE.sunGlass],
    query.term.trim(),
    ['barcode', 'code', 'name', 'model', 'brand'],
    AUTOCOMPLETE_LIMIT,
    localDate(ctx.now()),
  );
  const stockOf = branchStock(ctx, rows);
  return rows.map((r) => autoCompleteItem(ctx, r, stockOf));
});
