/**
 * Where the customer will collect an order (any branch serves any customer): SaveSale reads it at
 * booking and the order page moves it later (order/any-branch.ts).
 */
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { branches } from '../store/branch.js';

/** The collection branch a request names (ENC id); empty, or the booking branch itself: null. */
export function readCollectBranch(ctx: RequestContext, text: string | null | undefined, field: string, bookingBranch: number): number | null {
  const given = text?.trim();
  if (!given) return null;
  const id = ctx.decode('branch', given, field);
  const branch = branches(ctx.db).byId(id);
  if (!branch || branch.company_id !== ctx.user.companyId || branch.is_active !== 1) {
    throw invalid('That branch cannot hand over orders', { [field]: ['One of the company’s open branches'] });
  }
  return id === bookingBranch ? null : id;
}
