import { localDate } from '../../../../shared/domain/calendar.js';
import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { items, type ItemSearch } from '../../store/item.js';
import { searchItemRows } from '../../catalog/item-view.js';
import { optionalId } from '../../input/optional-id.js';
import { searchText } from '../../input/text.js';

export const searchItems = implement(api.Common.searchItems, ({ body }, ctx) => {
  const pageNumber = body.pageNumber ?? 1;
  const pageSize = body.pageSize ?? 20;
  const itemTypeId = optionalId(ctx, 'itemType', body.itemTypeID, 'itemTypeID');
  const categoryId = optionalId(ctx, 'category', body.categoryID, 'categoryID');
  const subCategoryId = optionalId(ctx, 'subCategory', body.subCategoryID, 'subCategoryID');
  const term = searchText(body.searchTerm, 'searchTerm');
  const search: ItemSearch = { companyId: ctx.user.companyId, offset: (pageNumber - 1) * pageSize, limit: pageSize, day: localDate(ctx.now()) };
  if (itemTypeId !== undefined) search.itemTypeId = itemTypeId;
  if (categoryId !== undefined) search.categoryId = categoryId;
  if (subCategoryId !== undefined) search.subCategoryId = subCategoryId;
  if (term) search.term = term;
  const { totalRows, totalExact, rows } = items(ctx.db).search(search);
  return { totalRows, totalExact, data: searchItemRows(ctx, rows) };
}, { offThread: true });
