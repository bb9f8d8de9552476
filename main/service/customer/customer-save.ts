/**
 * Creating or updating a customer from a request's fields: used by Customer upsert and by SaveSale,
 * so a customer saved at the counter obeys the same rules as one saved on the customer screen.
 * Runs inside the caller's transaction.
 */
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { customers } from '../store/customer.js';
import { readCustomer, type CustomerInput } from './customer-input.js';
import { masksMobiles } from './mobile.js';
import { extend } from '../../../shared/extend.js';

export function saveCustomer(
  ctx: RequestContext,
  input: CustomerInput,
  id: { text: string | null | undefined; field: string },
  path?: (field: string) => string,
): { id: number; created: boolean } {
  const store = customers(ctx.db);
  const by = { userId: ctx.user.id, at: ctx.now().toISOString() };
  const masked = masksMobiles(ctx);
  const idText = id.text?.trim();
  if (idText) {
    const customerId = ctx.decode('customer', idText, id.field);
    const existing = store.byId(ctx.user.companyId, customerId);
    if (!existing) throw notFound('No such customer');
    // existing.id: a merged-away customer's id edits the record it was merged into.
    store.update(extend(readCustomer(ctx, input, existing, { masked, path }), { id: existing.id, company_id: ctx.user.companyId }), by);
    return { id: existing.id, created: false };
  }
  const fields = readCustomer(ctx, input, undefined, { masked, path });
  const customerId = ctx.ids.next('customer');
  store.insert(extend(fields, { id: customerId, company_id: ctx.user.companyId }), by);
  return { id: customerId, created: true };
}
