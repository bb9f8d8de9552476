/**
 * Money is integer paise inside the service (sums and discounts never pick up binary-fraction
 * errors) and rupees, a number with at most two decimals, only where it crosses the boundary.
 */

/** 129900 → 1299 ; 12345 → 123.45. */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

/**
 * Rupee text as a person types it ("1299", "1,299.50", "₹ 1299.5", "Rs. 450") → paise, or null
 * when it is not an amount with at most two decimals. Negative amounts are not prices: null.
 */
export function parseRupees(text: string): number | null {
  const t = text.trim().replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}


/**
 * Rupees from a request (a JSON number) → paise, or null when it is not a non-negative amount
 * with at most two decimals. Float noise of the sender (12.300000001) is forgiven, a third
 * decimal is not.
 */
export function paiseOf(rupeeAmount: number): number | null {
  if (!Number.isFinite(rupeeAmount) || rupeeAmount < 0) return null;
  const paise = Math.round(rupeeAmount * 100);
  return Math.abs(paise - rupeeAmount * 100) < 1e-6 ? paise : null;
}
