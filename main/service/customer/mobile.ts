/**
 * Mobile numbers: searched by their digits, and masked for roles that must not see them
 * (docs/decisions.md, "maskCustomerMobileNumber").
 */
import type { RequestContext } from '../context.js';
import { companies } from '../store/company.js';

/** "(982) 501-2345" → "9825012345"; null when there are no digits. */
export function digitsOf(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits;
}

/**
 * First two and last two digits stay, the rest become X: "9825012345" → "98XXXXXX45". Enough
 * for a customer at the counter to recognise their own number, not enough to copy it.
 */
export function maskMobile(text: string): string {
  const digits = digitsOf(text) ?? '';
  if (digits.length <= 4) return 'X'.repeat(digits.length);
  return digits.slice(0, 2) + 'X'.repeat(digits.length - 4) + digits.slice(-2);
}

/** True when this request's user must see masked numbers: company setting on, role without full view. */
export function masksMobiles(ctx: RequestContext): boolean {
  return !ctx.user.seesFullMobile && companies(ctx.db).byId(ctx.user.companyId)?.mask_customer_mobile === 1;
}

/** The number as this caller may see it. */
export function mobileShown(mask: boolean, mobile: string | null): string | null {
  return mobile !== null && mask ? maskMobile(mobile) : mobile;
}
