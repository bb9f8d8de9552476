import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { itemTypes } from '../../store/item-type.js';
import { optionalModuleId } from '../../input/optional-id.js';

/** One section per item type of the module; without a module, the types of every active module. */
export const getQuickSaleTypes = implement(api.Common.quickSaleTypes, ({ body }, ctx) => {
  const moduleId = optionalModuleId(ctx, body.moduleID, 'moduleID');
  const store = itemTypes(ctx.db);
  const rows = moduleId === undefined ? store.ofActiveModules(ctx.user.companyId) : store.ofModule(moduleId);
  return rows.map((t) => ({
    id: ctx.enc.encode('quickSaleType', t.id),
    name: t.name,
    code: t.code,
    moduleID: ctx.enc.encode('module', t.module_id),
    itemImagePath: t.image_path,
    isAutoSection: t.is_auto_section === 1,
  }));
});
