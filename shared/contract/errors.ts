/**
 * The standard error body of the spec ("Errors"), and the two paged list shapes
 * ("General rules", 7). Every non-2xx JSON answer of the service is an ErrorBody.
 */
import { z } from 'zod';

export const ErrorBody = z.object({
  message: z.string(),
  /** Field path (dot-separated, e.g. `customerModel.mobile`) to the messages for that field. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * Ours, not the spec's: a stable code where a client can do something about the refusal, e.g.
   * PRICE_APPROVAL_REQUIRED (a manager can approve the price or discount at the till).
   */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `{totalRows, data}`: customer, doctor, order, with-balance and invoice lists. */
export function pagedRows<T extends z.ZodType>(item: T) {
  return z.object({ totalRows: z.number().int(), data: z.array(item) });
}

/**
 * Ours, not the spec's, on lists that stop counting (issue 12): a page needs to know there are
 * more rows, and counting a million of them would hold up every till. Absent or true: the total
 * is exact.
 */
export const totalExact = z
  .boolean()
  .optional()
  .describe('Extension to the spec: false when the total is a lower bound ("at least"): the count stopped after the rows a pager needs.');

/** `{items, totalRecords}`: the paged receipt list. */
export function pagedItems<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalRecords: z.number().int() });
}

/** `{message}` acknowledgements (delete, cancel, status change). */
export const MessageBody = z.object({ message: z.string() });
