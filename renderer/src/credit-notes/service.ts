/**
 * The customer's open credit notes (QuickSale get-credit-notes). Whoever spends one refreshes
 * them, so neither the counter nor the order page offers what is no longer left on a note.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../app/service.js';

const CREDIT_NOTES = 'QuickSale.creditNotes';

/** The customer's credit notes with money left; the service takes the customer's ENC id. None asked for without one. */
export function useCreditNotes(customerID: string | null) {
  return useQuery({
    queryKey: [CREDIT_NOTES, customerID],
    queryFn: () => client.call(api.QuickSale.creditNotes, { query: { customerId: customerID ?? '' } }),
    enabled: !!customerID,
  });
}

export function useRefreshCreditNotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CREDIT_NOTES] });
}
