import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { pageRange } from '../../input/paging.js';
import { customerSources } from '../../store/customer-source.js';

export const getSources = implement(api.QuickSale.getSources, ({ query }, ctx) => {
  const { offset, limit } = pageRange(query.page, query.pageSize);
  return customerSources(ctx.db)
    .page(ctx.user.companyId, offset, limit)
    .map((s) => ({ id: ctx.enc.encode('source', s.id), name: s.name }));
});
