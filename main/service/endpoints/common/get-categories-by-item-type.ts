import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { categories } from '../../store/category.js';
import { optionalId } from '../../input/optional-id.js';

export const getCategoriesByItemType = implement(api.Common.categoriesByItemType, ({ body }, ctx) => {
  const itemTypeId = optionalId(ctx, 'itemType', body.itemTypeID, 'itemTypeID');
  if (itemTypeId === undefined) throw invalid('itemTypeID is required', { itemTypeID: ['Required'] });
  const typeId = ctx.enc.encode('itemType', itemTypeId);
  return categories(ctx.db)
    .ofType(ctx.user.companyId, itemTypeId)
    .map((c) => ({ id: ctx.enc.encode('category', c.id), name: c.name, itemTypeID: typeId }));
});
