/** Reading money from a request (issue 13: one home for input readers). */
import { paiseOf } from '../../../shared/domain/money.js';
import { invalid } from '../errors.js';

/** A rupee amount of a request in paise; a 400 naming the field when it is negative or has fractions of a paisa. */
export function paiseField(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  const paise = paiseOf(value);
  if (paise === null) throw invalid(`Invalid amount: ${field}`, { [field]: ['A non-negative amount in rupees with at most two decimals'] });
  return paise;
}
