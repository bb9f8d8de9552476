/**
 * The returns screens' calls. A return or an exchange changes the order, its receipts, the stock,
 * the customer's credit notes and the till: everything that shows those asks again afterwards.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { ReturnListQuery } from '../../../shared/models/returns.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';

export function useOrderByNo(salesOrderNo: string) {
  return useEndpoint(api.Orders.detail, { params: { salesOrderNo } }, { retry: false });
}

export function useReturnable(salesOrderID: string | undefined) {
  return useEndpoint(api.Returns.order, salesOrderID ? { params: { salesOrderId: salesOrderID } } : null);
}

export function useReturnList(query: ReturnListQuery) {
  return useEndpoint(api.Returns.list, { query }, { placeholderData: keepPreviousData });
}

export function useReturnWindow() {
  return useEndpoint(api.Returns.window, undefined);
}

function useRefreshAfterReturn() {
  const invalidate = useInvalidate();
  return () =>
    invalidate(
      api.Returns.order, api.Returns.list, api.Orders.detail, api.Orders.advanceReceiptData, api.Receipts.listPaged,
      api.QuickSale.creditNotes, api.Till.state, api.QuickSale.getSalesOrderTemp,
    );
}

export function useSaveReturn() {
  return useEndpointMutation(api.Returns.save, { onSettled: useRefreshAfterReturn() });
}

export function useSaveExchange() {
  return useEndpointMutation(api.Returns.exchange, { onSettled: useRefreshAfterReturn() });
}

export function useSetReturnWindow() {
  const invalidate = useInvalidate();
  return useEndpointMutation(api.Returns.setWindow, { onSettled: () => invalidate(api.Returns.window, api.Returns.order) });
}

/** The exchange's new goods: a cart of their own, as the counter keeps one. */
export function useExchangeCart(sessionID: string | null) {
  return useEndpoint(api.QuickSale.getSalesOrderTemp, sessionID ? { body: { sessionId: sessionID } } : null);
}

export function useAddToExchangeCart() {
  const invalidate = useInvalidate();
  return useEndpointMutation(api.QuickSale.saveSalesOrderTemp, { onSettled: () => invalidate(api.QuickSale.getSalesOrderTemp) });
}
