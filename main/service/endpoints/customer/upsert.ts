import { api } from '../../../../shared/endpoints/index.js';
import { notFound } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { customers } from '../../store/customer.js';
import { readCustomer } from './customer-input.js';
import { masksMobiles } from './mobile.js';

/** Creates without `id`/`customerID`, updates with one; createdBy/createdDate are never rewritten. */
export const upsert = implement(api.Customer.upsert, ({ body }, ctx) => {
  const idText = body.id?.trim() || body.customerID?.trim();
  const field = body.id?.trim() ? 'id' : 'customerID';
  const store = customers(ctx.db);
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  const masked = masksMobiles(ctx);
  return ctx.db
    .transaction(() => {
      if (idText) {
        const id = ctx.decode('customer', idText, field);
        const existing = store.byId(ctx.user.companyId, id);
        if (!existing) throw notFound('No such customer');
        store.update({ ...readCustomer(ctx, body, existing, { masked }), id, company_id: ctx.user.companyId }, by);
        return { message: 'Customer updated', customerID: ctx.enc.encode('customer', id) };
      }
      const fields = readCustomer(ctx, body, undefined, { masked });
      const id = ctx.ids.next('customer');
      store.insert({ ...fields, id, company_id: ctx.user.companyId }, by);
      return { message: 'Customer created', customerID: ctx.enc.encode('customer', id) };
    })
    .immediate();
});
