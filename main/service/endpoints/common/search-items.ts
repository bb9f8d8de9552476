import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { items } from '../../store/item.js';
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
  const { totalRows, totalExact, rows } = items(ctx.db).search({
    companyId: ctx.user.companyId,
    ...(itemTypeId === undefined ? {} : { itemTypeId }),
    ...(categoryId === undefined ? {} : { categoryId }),
    ...(subCategoryId === undefined ? {} : { subCategoryId }),
    ...(term ? { term } : {}),
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  return { totalRows, totalExact, data: searchItemRows(ctx, rows) };
}, { offThread: true });
