/**
 * A customer's returns and exchanges: declared extensions, as the spec has no return. The counter
 * (cashier and up) takes returns within the store's return window; past it a manager approves, by
 * being signed in or by typing their own password at the counter.
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS, SALES_ROLES } from '../contract/roles.js';
import { PrintDocument } from '../models/print.js';
import {
  ExchangeRequest, ExchangeResult, ReturnableOrder, ReturnListQuery, ReturnOrderParams, ReturnPage, ReturnPrintQuery, ReturnWindow,
  SalesReturnParams, SalesReturnRequest, SalesReturnResult,
} from '../models/returns.js';

const group = 'Returns';

const RETURNS =
  'The spec has no return: a customer brings back delivered goods (to stock or the damaged bin; money back from the till or onto a credit note, with a GST credit note against an invoiced sale), or exchanges them at the counter for a new sale, paying or refunding the difference.';

const DOCUMENT = { kind: 'document', contentTypes: ['application/pdf', 'text/html'] } as const;

export const Returns = {
  order: endpoint({
    group,
    name: 'Returns.order',
    method: 'GET',
    path: '/api/returns/order/{salesOrderId}',
    summary: 'What an order can take back: its delivered lines with what was sold and already returned, the return window, its invoice.',
    params: ReturnOrderParams,
    response: ReturnableOrder,
    auth: SALES_ROLES,
    errors: [404],
    extension: RETURNS,
  }),
  save: endpoint({
    group,
    name: 'Returns.save',
    method: 'POST',
    path: '/api/returns',
    summary: 'A return of delivered goods: the lines and how many, the reason, stock or damaged per line, refunded from this till or onto a credit note.',
    body: SalesReturnRequest,
    response: SalesReturnResult,
    auth: SALES_ROLES,
    errors: [403, 409],
    extension: RETURNS,
    note: 'More than sold less returned is a 400 naming the line; past the return window a 409 RETURN_WINDOW_PASSED unless a manager approves (approval: a manager’s user name and password); a refund needs the till open (409 TILL_NOT_OPEN).',
  }),
  exchange: endpoint({
    group,
    name: 'Returns.exchange',
    method: 'POST',
    path: '/api/returns/exchange',
    summary: 'An exchange: a return and a new sale (its cart) in one step; the new sale is paid by the return first, the customer pays or is refunded the difference.',
    body: ExchangeRequest,
    response: ExchangeResult,
    auth: SALES_ROLES,
    errors: [403, 409],
    extension: RETURNS,
  }),
  list: endpoint({
    group,
    name: 'Returns.list',
    method: 'GET',
    path: '/api/returns',
    summary: 'The branch’s returns and exchanges, newest first, paged; by dates and order number.',
    query: ReturnListQuery,
    response: ReturnPage,
    auth: SALES_ROLES,
    extension: RETURNS,
  }),
  receiptPrint: endpoint({
    group,
    name: 'Returns.receiptPrint',
    method: 'GET',
    path: '/api/returns/{salesReturnId}/receipt',
    summary: 'The return receipt on the receipt paper: what came back, where it went, how the money was settled. PDF (default) or HTML.',
    params: SalesReturnParams,
    query: ReturnPrintQuery,
    response: PrintDocument,
    responseKind: DOCUMENT,
    auth: SALES_ROLES,
    errors: [404],
    extension: RETURNS,
  }),
  creditNotePrint: endpoint({
    group,
    name: 'Returns.creditNotePrint',
    method: 'GET',
    path: '/api/returns/{salesReturnId}/gst-credit-note',
    summary: 'The GST credit note (A4) of a return of an invoiced sale, naming the invoice, with its CGST+SGST or IGST reversed. PDF (default) or HTML.',
    params: SalesReturnParams,
    query: ReturnPrintQuery,
    response: PrintDocument,
    responseKind: DOCUMENT,
    auth: SALES_ROLES,
    errors: [404],
    extension: RETURNS,
  }),
  window: endpoint({
    group,
    name: 'Returns.window',
    method: 'GET',
    path: '/api/returns/window',
    summary: 'The store’s return window: days from delivery the counter takes goods back without a manager.',
    response: ReturnWindow,
    auth: SALES_ROLES,
    extension: RETURNS,
  }),
  setWindow: endpoint({
    group,
    name: 'Returns.setWindow',
    method: 'PUT',
    path: '/api/returns/window',
    summary: 'Sets the store’s return window in days (0: every return needs a manager).',
    body: ReturnWindow,
    response: ReturnWindow,
    auth: MANAGERS,
    extension: RETURNS,
  }),
};
