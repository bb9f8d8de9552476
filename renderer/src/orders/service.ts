/**
 * The order screens' calls. Every action refetches the whole order afterwards: status, balance,
 * receipts and invoice are the service's to decide, and one of them moving can change the others
 * (a payment can make an order invoiceable, a cancel settles the receipts).
 */
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/endpoints/index.js';
import type { CancelSalesOrderRequest, SalesOrderSearchRequest } from '../../../shared/models/order.js';
import { useRefreshCreditNotes } from '../credit-notes/service.js';
import { client, useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';

export function useOrderSearch(filter: SalesOrderSearchRequest) {
  return useEndpoint(api.Orders.search, { body: filter }, { placeholderData: keepPreviousData });
}

export function useOrder(salesOrderNo: string) {
  return useEndpoint(api.Orders.detail, { params: { salesOrderNo } }, { retry: false });
}

export function useAdvanceReceiptData(salesOrderID: string | undefined) {
  return useEndpoint(api.Orders.advanceReceiptData, salesOrderID ? { params: { salesOrderId: salesOrderID } } : null);
}

/**
 * Receipts/id wants the order's row id, which the renderer never holds (it only sees ENC ids),
 * so the order's receipts come from the paged list filtered by its number. That filter is a
 * prefix, hence the exact match here: SO-1 must not show SO-10's receipts.
 */
export function useOrderReceipts(salesOrderNo: string) {
  return useEndpoint(
    api.Receipts.listPaged,
    { body: { salesOrderNo, pageNumber: 1, pageSize: 500, orderBy: 'receiptDate asc' } },
    { select: (page) => page.items.filter((r) => r.salesOrderNo === salesOrderNo) },
  );
}

export function useOrderInvoice(salesOrderID: string | undefined) {
  return useEndpoint(api.Invoice.invoiceDataBySalesOrder, salesOrderID ? { query: { salesOrderId: salesOrderID } } : null);
}

export function useCancellationReasons(enabled: boolean) {
  return useEndpoint(api.Orders.cancellationReasons, undefined, { staleTime: 10 * 60_000, enabled });
}

/** Everything the order page shows (the order, its advance data, receipts and invoice) and the orders list. */
function useRefreshOrder() {
  const invalidate = useInvalidate();
  return () =>
    invalidate(
      api.Orders.detail,
      api.Orders.advanceReceiptData,
      api.Receipts.listPaged,
      api.Invoice.invoiceDataBySalesOrder,
      api.Orders.search,
      api.Orders.history,
      api.Orders.readyMessage,
    );
}

export function useMoveStatus(salesOrderID: string) {
  const refresh = useRefreshOrder();
  return useEndpointMutation(api.Orders.status, {
    input: (statusId: 2 | 3 | 4) => ({ params: { salesOrderId: salesOrderID }, body: { statusId } }),
    onSettled: refresh,
  });
}

/** Moves the promised delivery (date, and a time or none). */
export function useChangeDelivery(salesOrderID: string) {
  const refresh = useRefreshOrder();
  return useEndpointMutation(api.Orders.delivery, {
    input: (body: { deliveryDate: string; deliveryTime: string }) => ({ params: { salesOrderId: salesOrderID }, body }),
    onSettled: refresh,
  });
}

export function useCancelOrder(salesOrderID: string) {
  const refresh = useRefreshOrder();
  return useEndpointMutation(api.Orders.cancel, {
    input: (body: CancelSalesOrderRequest) => ({ params: { salesOrderId: salesOrderID }, body }),
    onSettled: refresh,
  });
}

/** One receipt to write against the order; `creditNoteID` when a credit note pays it. */
export interface PaymentToTake {
  receiptTypeId: string;
  amount: number;
  remarks: string;
  creditNoteID?: string;
  /** How the cashier sees it paid ("Cash", "Credit note CN/…"). */
  paidBy: string;
}

export interface TakenReceipt {
  receiptNo: string;
  amount: number;
  paidBy: string;
}

export interface TakenPayments {
  receipts: TakenReceipt[];
  /** Why the payments after the last saved receipt were not taken (the ones saved stand). */
  error: Error | null;
}

/**
 * One SaveReceipt per part, the credit note's first: each is its own transaction, so when a later
 * part fails the earlier receipts are kept and said so, and the refreshed balance shows what is
 * still to take. A failed part is never retried here: a lost answer may still be a receipt written.
 */
export function useTakePayment(salesOrderID: string) {
  const refresh = useRefreshOrder();
  const refreshNotes = useRefreshCreditNotes();
  return useMutation({
    mutationFn: async (payments: PaymentToTake[]): Promise<TakenPayments> => {
      const receipts: TakenReceipt[] = [];
      for (const { paidBy, ...payment } of payments) {
        try {
          const { receiptNo } = await client.call(api.QuickSale.saveReceipt, { body: { salesOrderID, ...payment } });
          receipts.push({ receiptNo, amount: payment.amount, paidBy });
        } catch (error) {
          if (receipts.length === 0) throw error;
          return { receipts, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }
      return { receipts, error: null };
    },
    onSettled: () => Promise.all([refresh(), refreshNotes()]),
  });
}

export function useRaiseInvoice(salesOrderID: string, customerID: string) {
  const refresh = useRefreshOrder();
  return useEndpointMutation(api.QuickSale.saveInvoiceOnly, {
    input: (_: void) => ({ body: { salesOrderID, customerID } }),
    onSettled: refresh,
  });
}

/** The "order ready" message for this order, with its wa.me link and when the customer was last told. */
export function useReadyMessage(salesOrderID: string, enabled: boolean) {
  return useEndpoint(api.Orders.readyMessage, { params: { salesOrderId: salesOrderID } }, { enabled });
}

/** Records that the customer was told (journaled on the order; its history shows it). */
export function useCustomerTold(salesOrderID: string) {
  const refresh = useRefreshOrder();
  return useEndpointMutation(api.Orders.customerTold, {
    input: (channel: 'whatsapp' | 'copied' | 'phone') => ({ params: { salesOrderId: salesOrderID }, body: { channel } }),
    onSettled: refresh,
  });
}
