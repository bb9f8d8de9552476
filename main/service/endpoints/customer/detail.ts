import { api } from '../../../../shared/endpoints/index.js';
import { invalid, notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { customers } from '../../store/customer.js';
import { customerRecord } from '../../customer/customer-view.js';
import { masksMobiles } from '../../customer/mobile.js';

/** Company-wide, not per branch: a customer of one branch is served at another. */
export const detail = implement(api.Customer.detail, ({ body }, ctx) => {
  if (!body.customerID?.trim()) throw invalid('customerID is required', { customerID: ['Required'] });
  const id = ctx.decode('customer', body.customerID.trim(), 'customerID');
  const row = customers(ctx.db).byId(ctx.user.companyId, id);
  if (!row) throw notFound('No such customer');
  return customerRecord(ctx, masksMobiles(ctx), row);
});
