import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { items } from '../../store/item.js';
import { branchStock } from '../../catalog/item-view.js';

/** itemId is the item's row id, as the spec declares it (int64); another company's item is a 404. */
export const exactItemStock = implement(api.QuickSale.exactItemStock, ({ query }, ctx) => {
  const row = items(ctx.db).byId(ctx.user.companyId, ctx.rowId('item', query.itemId, 'itemId'), localDate(ctx.now()));
  if (!row) throw notFound('No such item');
  return { itemID: ctx.enc.encode('item', row.id), stock: branchStock(ctx, [row]).get(row.id) ?? null };
});
