/**
 * The customer's open credit notes (QuickSale get-credit-notes). Whoever spends one refreshes
 * them, so neither the counter nor the order page offers what is no longer left on a note.
 */
import { api } from '../../../shared/endpoints/index.js';
import { useEndpoint, useInvalidate } from '../core/service.js';

/** The customer's credit notes with money left; the service takes the customer's ENC id. None asked for without one. */
export function useCreditNotes(customerID: string | null) {
  return useEndpoint(api.QuickSale.creditNotes, customerID ? { query: { customerId: customerID } } : null);
}

export function useRefreshCreditNotes() {
  const invalidate = useInvalidate();
  return () => invalidate(api.QuickSale.creditNotes);
}
