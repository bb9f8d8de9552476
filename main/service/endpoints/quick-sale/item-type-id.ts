import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { itemTypes } from '../../store/item-type.js';

/** id is the item type's fixed number (1 Frame, 2 SunGlass, 3 Spectacle Lens ...: docs/decisions.md). */
export const itemTypeId = implement(api.QuickSale.itemTypeId, ({ query }, ctx) => {
  const type = itemTypes(ctx.db).byId(query.id);
  if (!type) throw notFound(`No item type ${query.id}`);
  return { itemTypeID: ctx.enc.encode('itemType', type.id), itemTypeName: type.name };
});
