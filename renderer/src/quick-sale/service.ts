/**
 * The counter's calls to the cart and sale endpoints, as react-query hooks. Every change to the
 * cart is followed by a fresh GetSalesOrderTemp: the service owns the lines, the tax and the net
 * amount, so the screen shows its answer rather than a sum of its own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/client.js';
import { api } from '../../../shared/endpoints/index.js';
import type { SalesOrderTempModelRequest } from '../../../shared/models/cart.js';
import type { ReceiptWithouInvoiceModel, SaveReceiptResult } from '../../../shared/models/receipt.js';
import type { OMFastWizardModel, SaveSaleResult } from '../../../shared/models/sale.js';
import { useRefreshCreditNotes } from '../credit-notes/service.js';
import { client } from '../app/service.js';
import { useCart, type Charges } from './cart.js';

const CART = 'QuickSale.getSalesOrderTemp';

export function useCartLines(sessionID: string | null, charges: Charges) {
  const forget = useCart((s) => s.reset);
  return useQuery({
    queryKey: [CART, sessionID, charges],
    queryFn: async () => {
      if (!sessionID) return null;
      try {
        return await client.call(api.QuickSale.getSalesOrderTemp, { body: { sessionId: sessionID, ...charges } });
      } catch (error) {
        // An expired cart (or one saved from another till) is gone for good: start a new one
        // instead of showing an error on every reload.
        if (error instanceof ApiError && error.status === 404) {
          forget();
          return null;
        }
        throw error;
      }
    },
    // Keeps the old lines and totals up while a changed charge is being priced.
    placeholderData: (previous) => previous,
  });
}

function useRefreshCart() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CART] });
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
  return useMutation({
    mutationFn: (change: { id: number; qty?: number; price?: number; discountRate?: number; priceApprovalID?: string }) =>
      client.call(api.QuickSale.updateSalesOrderTempValues, { body: change }),
    onSettled: refresh,
  });
}

export function useDeleteLine() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: (target: { sessionID: string; salesOrderTempId: string | null; pairNo: string | null }) =>
      client.call(api.QuickSale.deleteSalesOrderTemp, { body: target }),
    onSettled: refresh,
  });
}

export function useClearCart() {
  const refresh = useRefreshCart();
  const reset = useCart((s) => s.reset);
  return useMutation({
    mutationFn: (sessionID: string) => client.call(api.QuickSale.deleteSalesOrderTempBySession, { body: { sessionID } }),
    onSuccess: reset,
    onSettled: refresh,
  });
}

export interface SaleToSave {
  sale: OMFastWizardModel;
  /**
   * A second payment taken right after the sale, against its order: SaveSale takes one receipt,
   * so when a credit note pays part of the bill (that receipt) the rest is a receipt of its own.
   */
  rest: Omit<ReceiptWithouInvoiceModel, 'salesOrderID'> | null;
}

export interface SavedSaleAnswer {
  sale: SaveSaleResult;
  rest: SaveReceiptResult | null;
  /** The sale is saved whatever happened to the second payment; this says it was not confirmed. */
  restError: Error | null;
}

/**
 * SaveSale, then the second payment if there is one. The credit note goes in SaveSale so that
 * spending it is part of the sale's transaction (a refused note leaves nothing saved); the rest
 * is never retried here, since a lost answer may still have been a receipt written.
 */
export function useSaveSale() {
  const refresh = useRefreshCart();
  const refreshNotes = useRefreshCreditNotes();
  return useMutation({
    mutationFn: async ({ sale, rest }: SaleToSave): Promise<SavedSaleAnswer> => {
      const saved = await client.call(api.QuickSale.saveSale, { body: sale });
      if (!rest) return { sale: saved, rest: null, restError: null };
      try {
        const receipt = await client.call(api.QuickSale.saveReceipt, { body: { ...rest, salesOrderID: saved.salesOrderID } });
        return { sale: saved, rest: receipt, restError: null };
      } catch (error) {
        return { sale: saved, rest: null, restError: error instanceof Error ? error : new Error(String(error)) };
      }
    },
    onSettled: async () => {
      await refreshNotes();
      await refresh();
    },
  });
}

/** Payment kinds and card types change only when master data is edited. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

export function useReceiptTypes() {
  return useQuery({
    queryKey: ['QuickSale.receiptTypes'],
    queryFn: () => client.call(api.QuickSale.receiptTypes),
    staleTime: MASTER_DATA_STALE_MS,
  });
}

export function useCardTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['QuickSale.allCard'],
    queryFn: () => client.call(api.QuickSale.allCard),
    staleTime: MASTER_DATA_STALE_MS,
    enabled,
  });
}

export function useInsuranceCompanies() {
  return useQuery({
    queryKey: ['QuickSale.insuranceCompanies'],
    queryFn: () => client.call(api.QuickSale.insuranceCompanies, { query: { activeOnly: true } }),
    staleTime: MASTER_DATA_STALE_MS,
  });
}

/**
 * The service's split of the cart between insurer and patient. Keyed under the cart's key so
 * that every cart change (which invalidates that key) prices the split again.
 */
export function useInsuranceSplit(sessionID: string | null, claimed: number | null) {
  return useQuery({
    queryKey: [CART, 'insurance', sessionID, claimed],
    queryFn: () =>
      client.call(api.QuickSale.calculateTempGrossInsurance, { body: { sessionID: sessionID ?? '', totalInsuranceAmount: claimed } }),
    enabled: !!sessionID && claimed !== null,
  });
}

export function useItemTypes() {
  return useQuery({
    queryKey: ['Common.itemTypes'],
    queryFn: () => client.call(api.Common.itemTypes),
    staleTime: MASTER_DATA_STALE_MS,
  });
}
