import { api } from '../../../../shared/endpoints/index.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { categories } from '../../store/category.js';
import { optionalId } from '../../input/optional-id.js';

/** Another company's category answers an empty list, exactly like one without sub-categories. */
export const getSubCategoriesByCategory = implement(api.Common.subCategoriesByCategory, ({ body }, ctx) => {
  const categoryId = optionalId(ctx, 'category', body.categoryID, 'categoryID');
  if (categoryId === undefined) throw invalid('categoryID is required', { categoryID: ['Required'] });
  return categories(ctx.db)
    .subOf(ctx.user.companyId, categoryId)
    .map((s) => ({ id: ctx.enc.encode('subCategory', s.id), name: s.name, categoryID: ctx.enc.encode('category', s.category_id) }));
});
