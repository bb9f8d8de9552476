import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { saveCustomer } from '../../customer/customer-save.js';

/** Creates without `id`/`customerID`, updates with one; createdBy/createdDate are never rewritten. */
export const upsert = implement(api.Customer.upsert, ({ body }, ctx) => {
  const field = body.id?.trim() ? 'id' : 'customerID';
  return ctx.db
    .transaction(() => {
      const saved = saveCustomer(ctx, body, { text: body.id?.trim() || body.customerID, field });
      return { message: saved.created ? 'Customer created' : 'Customer updated', customerID: ctx.enc.encode('customer', saved.id) };
    })
    .immediate();
});
