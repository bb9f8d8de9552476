import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { pageRange } from '../../input/paging.js';
import { memberships } from '../../store/membership.js';

export const getMemberships = implement(api.QuickSale.getMemberships, ({ query }, ctx) => {
  const { offset, limit } = pageRange(query.page, query.pageSize);
  return memberships(ctx.db)
    .page(ctx.user.companyId, offset, limit)
    .map((m) => ({ id: ctx.enc.encode('membership', m.id), name: m.name, discountRate: m.discount_bp / 100 }));
});
