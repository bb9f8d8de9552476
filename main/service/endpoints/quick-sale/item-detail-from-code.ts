import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { items } from '../../store/item.js';
import { branchStock, itemDetail } from '../../catalog/item-view.js';

/** What a barcode scanner sends: the barcode first, then an item code typed by hand. */
export const itemDetailFromCode = implement(api.QuickSale.itemDetailFromCode, ({ query }, ctx) => {
  const row = items(ctx.db).byCode(ctx.user.companyId, query.code, localDate(ctx.now()));
  if (!row || row.is_active !== 1) throw notFound(`No item with barcode or code ${query.code}`);
  return itemDetail(ctx, row, branchStock(ctx, [row]));
});
