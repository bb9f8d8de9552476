import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { itemTypes } from '../../store/item-type.js';

export const getItemTypes = implement(api.Common.itemTypes, (_input, ctx) =>
  itemTypes(ctx.db)
    .all()
    .map((t) => ({
      value: ctx.enc.encode('itemType', t.id),
      name: t.name,
      moduleID: ctx.enc.encode('module', t.module_id),
      itemImagePath: t.image_path,
    })),
);
