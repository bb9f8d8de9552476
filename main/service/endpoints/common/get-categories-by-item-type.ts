import { api } from '../../../../shared/endpoints/index.js';
import { badRequest } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { categories } from '../../store/category.js';
import { optionalId } from './optional-id.js';

export const getCategoriesByItemType = implement(api.Common.categoriesByItemType, ({ body }, ctx) => {
  const itemTypeId = optionalId(ctx, 'itemType', body.itemTypeID, 'itemTypeID');
  if (itemTypeId === undefined) throw badRequest('itemTypeID is required', { itemTypeID: ['Required'] });
  const typeId = ctx.enc.encode('itemType', itemTypeId);
  return categories(ctx.db)
    .ofType(ctx.user.companyId, itemTypeId)
    .map((c) => ({ id: ctx.enc.encode('category', c.id), name: c.name, itemTypeID: typeId }));
});
