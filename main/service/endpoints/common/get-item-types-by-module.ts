import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { itemTypes } from '../../store/item-type.js';
import { optionalModuleId } from '../../input/optional-id.js';

export const getItemTypesByModule = implement(api.Common.itemTypesByModule, ({ body }, ctx) => {
  const moduleId = optionalModuleId(ctx, body.moduleID, 'moduleID');
  if (moduleId === undefined) throw invalid('moduleID is required', { moduleID: ['Required'] });
  return itemTypes(ctx.db)
    .ofModule(moduleId)
    .map((t) => ({ id: ctx.enc.encode('itemType', t.id), name: t.name, code: t.code, moduleID: ctx.enc.encode('module', t.module_id) }));
});
