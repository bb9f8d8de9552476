/**
 * The cash in an Indian till (issue 16): the notes and coins a cashier counts at close, and the
 * counted total. Pure, used by the service (close) and the Till screen (the running total).
 */

/** Face values in rupees, notes then coins, largest first. Keys are what a count names. */
export const DENOMINATIONS = [
  { key: 'n2000', rupees: 2000, label: '₹2000 notes' },
  { key: 'n500', rupees: 500, label: '₹500 notes' },
  { key: 'n200', rupees: 200, label: '₹200 notes' },
  { key: 'n100', rupees: 100, label: '₹100 notes' },
  { key: 'n50', rupees: 50, label: '₹50 notes' },
  { key: 'n20', rupees: 20, label: '₹20 notes' },
  { key: 'n10', rupees: 10, label: '₹10 notes' },
  { key: 'c20', rupees: 20, label: '₹20 coins' },
  { key: 'c10', rupees: 10, label: '₹10 coins' },
  { key: 'c5', rupees: 5, label: '₹5 coins' },
  { key: 'c2', rupees: 2, label: '₹2 coins' },
  { key: 'c1', rupees: 1, label: '₹1 coins' },
] as const;

export type DenominationKey = (typeof DENOMINATIONS)[number]['key'];
export const DENOMINATION_KEYS = DENOMINATIONS.map((d) => d.key) as unknown as readonly [DenominationKey, ...DenominationKey[]];

/** How many of each; a key left out counts as none. */
export type CashCount = Partial<Record<DenominationKey, number>>;

/** The counted total in paise. */
export function countedPaise(count: CashCount): number {
  return DENOMINATIONS.reduce((sum, d) => sum + (count[d.key] ?? 0) * d.rupees * 100, 0);
}

/**
 * Digits that look like a whole card number (12 to 19 digits, spaces and dashes ignored): the
 * counter keeps the last four only and refuses anything that could be the full number.
 */
export function looksLikeCardNumber(text: string): boolean {
  return /^\d{12,19}$/.test(text.replace(/[\s-]/g, ''));
}
