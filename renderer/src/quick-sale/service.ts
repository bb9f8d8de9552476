/**
 * The counter's calls to the cart and sale endpoints, as react-query hooks. Every change to the
 * cart is followed by a fresh GetSalesOrderTemp: the service owns the lines, the tax and the net
 * amount, so the screen shows its answer rather than a sum of its own. Adding lines and saving a
 * sale take more than one call each, so those two are plain mutations; the rest are one endpoint.
 */
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import type { SalesOrderTempModelRequest } from '../../../shared/models/cart.js';
import type { SaveSaleResult } from '../../../shared/models/sale.js';
import { useRefreshCreditNotes } from '../credit-notes/service.js';
import { client, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { useCart, type Charges } from './cart.js';
import type { SaleToSave } from './sale-request.js';

export function useCartLines(sessionID: string | null, charges: Charges) {
  const forget = useCart((s) => s.reset);
  return useEndpoint(api.QuickSale.getSalesOrderTemp, sessionID ? { body: { sessionId: sessionID, ...charges } } : null, {
    // An expired cart (or one saved from another till) is gone for good: start a new one
    // instead of showing an error on every reload.
    recover: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        forget();
        return null;
      }
      throw error;
    },
    // Keeps the old lines and totals up while a changed charge is being priced; with no cart
    // (cleared, saved, forgotten) nothing is asked, so nothing old may stay up either.
    placeholderData: (previous) => (sessionID ? previous : undefined),
  });
}

/** The cart's lines and totals, and the insurer's split of them: every cart change prices both again. */
function useRefreshCart() {
  const invalidate = useInvalidate();
  return () => invalidate(api.QuickSale.getSalesOrderTemp, api.QuickSale.calculateTempGrossInsurance);
}

export type NewLine = Omit<SalesOrderTempModelRequest, 'sessionID'>;

/** Adds lines one after the other: a lens pair's second line needs the session the first made. */
export function useAddLines() {
  const refresh = useRefreshCart();
  const setSessionID = useCart((s) => s.setSessionID);
  return useMutation({
    mutationFn: async (lines: NewLine[]) => {
      let sessionID = useCart.getState().sessionID;
      for (const line of lines) {
        const answer = await client.call(api.QuickSale.saveSalesOrderTemp, { body: { ...line, sessionID: sessionID ?? '' } });
        if (answer.sessionID !== sessionID) {
          sessionID = answer.sessionID;
          setSessionID(sessionID);
        }
      }
    },
    onSettled: refresh,
  });
}

export function useUpdateLine() {
  const refresh = useRefreshCart();
  return useEndpointMutation(api.QuickSale.updateSalesOrderTempValues, {
    input: (change: { id: number; qty?: number; price?: number; discountRate?: number; priceApprovalID?: string }) => ({ body: change }),
    onSettled: refresh,
  });
}

export function useDeleteLine() {
  const refresh = useRefreshCart();
  return useEndpointMutation(api.QuickSale.deleteSalesOrderTemp, {
    input: (target: { sessionID: string; salesOrderTempId: string | null; pairNo: string | null }) => ({ body: target }),
    onSettled: refresh,
  });
}

export function useClearCart() {
  const refresh = useRefreshCart();
  const reset = useCart((s) => s.reset);
  return useEndpointMutation(api.QuickSale.deleteSalesOrderTempBySession, {
    input: (sessionID: string) => ({ body: { sessionID } }),
    onSuccess: reset,
    onSettled: refresh,
  });
}

export interface SavedSaleAnswer {
  sale: SaveSaleResult;
}

/**
 * SaveSale, once: a credit note and whatever pays the rest go in it together (payments[]), so
 * spending the note and taking the rest are the sale's one transaction — a refused note leaves
 * nothing saved, and there is no second call whose answer could be lost.
 */
export function useSaveSale() {
  const refresh = useRefreshCart();
  const refreshNotes = useRefreshCreditNotes();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ sale }: SaleToSave): Promise<SavedSaleAnswer> => ({ sale: await client.call(api.QuickSale.saveSale, { body: sale }) }),
    onSettled: async () => {
      await refreshNotes();
      await refresh();
      // The till's state too: a sale changes its figures, and a sale refused for a till closed
      // meanwhile (409 TILL_NOT_OPEN) must bring the counter's "till is closed" banner up.
      await invalidate(api.Till.state);
    },
  });
}

/** Payment kinds and card types change only when master data is edited. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

export function useReceiptTypes() {
  return useEndpoint(api.QuickSale.receiptTypes, undefined, { staleTime: MASTER_DATA_STALE_MS });
}

export function useCardTypes(enabled: boolean) {
  return useEndpoint(api.QuickSale.allCard, undefined, { staleTime: MASTER_DATA_STALE_MS, enabled });
}

export function useInsuranceCompanies() {
  return useEndpoint(api.QuickSale.insuranceCompanies, { query: { activeOnly: true } }, { staleTime: MASTER_DATA_STALE_MS });
}

/**
 * The service's split of the cart between insurer and patient. Every cart change refreshes it
 * with the cart (useRefreshCart), so the split is always of the lines on screen.
 */
export function useInsuranceSplit(sessionID: string | null, claimed: number | null) {
  return useEndpoint(
    api.QuickSale.calculateTempGrossInsurance,
    sessionID && claimed !== null ? { body: { sessionID, totalInsuranceAmount: claimed } } : null,
  );
}

export function useItemTypes() {
  return useEndpoint(api.Common.itemTypes, undefined, { staleTime: MASTER_DATA_STALE_MS });
}
