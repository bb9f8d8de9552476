import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { customers } from '../../store/customer.js';
import { listItem } from '../../customer/customer-view.js';
import { masksMobiles } from '../../customer/mobile.js';

export const existingForQuickSale = implement(api.Customer.existingForQuickSale, ({ params }, ctx) => {
  const id = ctx.decode('customer', params.customerId, 'customerId');
  const store = customers(ctx.db);
  if (!store.byId(ctx.user.companyId, id)) throw notFound('No such customer');
  const { rows } = store.search({ companyId: ctx.user.companyId, customerId: id, orderBy: 'c.id', offset: 0, limit: 1 });
  return listItem(ctx, masksMobiles(ctx), rows[0]!);
});
