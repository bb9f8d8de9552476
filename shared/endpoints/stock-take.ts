/**
 * Stock-takes: declared extensions, as the spec has no physical count. A manager starts a count
 * (by category, brand or shelf) and approves or cancels it; whoever sells may count (scan or type).
 */
import { z } from 'zod';
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS, SALES_ROLES } from '../contract/roles.js';
import { PrintDocument } from '../models/print.js';
import {
  ApproveStockTakeRequest, CancelStockTakeRequest, StartStockTakeRequest, StockTakeCountRequest, StockTakeDetail, StockTakeListQuery, StockTakeParams, StockTakePrintQuery,
  StockTakeScanRequest, StockTakeScope, StockTakeSummary,
} from '../models/stock-take.js';

const group = 'Stock Take';

const STOCK_TAKE =
  'The back office: the spec has no physical count of stock; a stock-take lists what the books hold, takes what is counted while the store goes on selling, and writes the differences as count movements when a manager approves.';

export const StockTake = {
  list: endpoint({
    group,
    name: 'StockTake.list',
    method: 'GET',
    path: '/api/stock-take',
    summary: 'The branch’s stock-takes, newest first (the last 200), optionally of one status.',
    query: StockTakeListQuery,
    response: z.array(StockTakeSummary),
    auth: SALES_ROLES,
    extension: STOCK_TAKE,
  }),
  scopes: endpoint({
    group,
    name: 'StockTake.scopes',
    method: 'GET',
    path: '/api/stock-take/scopes',
    summary: 'The categories and brands a count can take, with how many stocked items each has.',
    response: z.array(StockTakeScope),
    auth: MANAGERS,
    extension: STOCK_TAKE,
  }),
  start: endpoint({
    group,
    name: 'StockTake.start',
    method: 'POST',
    path: '/api/stock-take',
    summary: 'Starts a count at the branch: by category (its id), brand (its name) or shelf (its name); the items in scope are listed, nothing counted.',
    body: StartStockTakeRequest,
    response: StockTakeDetail,
    auth: MANAGERS,
    extension: STOCK_TAKE,
  }),
  detail: endpoint({
    group,
    name: 'StockTake.detail',
    method: 'GET',
    path: '/api/stock-take/{stockTakeId}',
    summary: 'A count with its lines and the variance report (book, counted, variance, value at cost; blind for a cashier).',
    params: StockTakeParams,
    response: StockTakeDetail,
    auth: SALES_ROLES,
    errors: [404],
    extension: STOCK_TAKE,
  }),
  scan: endpoint({
    group,
    name: 'StockTake.scan',
    method: 'POST',
    path: '/api/stock-take/{stockTakeId}/scan',
    summary: 'One scan: +1 on the line of the item with that barcode (or code) and batch.',
    params: StockTakeParams,
    body: StockTakeScanRequest,
    response: StockTakeDetail,
    auth: SALES_ROLES,
    errors: [404, 409],
    extension: STOCK_TAKE,
    note: 'An item outside a category or brand count is refused (400 naming barcode); a shelf count takes any stocked item. A closed count is a 409 STOCK_TAKE_CLOSED.',
  }),
  count: endpoint({
    group,
    name: 'StockTake.count',
    method: 'PUT',
    path: '/api/stock-take/{stockTakeId}/count',
    summary: 'A typed count of one line (item and batch); null clears it.',
    params: StockTakeParams,
    body: StockTakeCountRequest,
    response: StockTakeDetail,
    auth: SALES_ROLES,
    errors: [404, 409],
    extension: STOCK_TAKE,
  }),
  approve: endpoint({
    group,
    name: 'StockTake.approve',
    method: 'POST',
    path: '/api/stock-take/{stockTakeId}/approve',
    summary: 'Approves the count: each line’s variance becomes a count movement, in one transaction; uncounted lines as the body says.',
    params: StockTakeParams,
    body: ApproveStockTakeRequest,
    response: StockTakeDetail,
    auth: MANAGERS,
    errors: [404, 409],
    extension: STOCK_TAKE,
  }),
  cancel: endpoint({
    group,
    name: 'StockTake.cancel',
    method: 'POST',
    path: '/api/stock-take/{stockTakeId}/cancel',
    summary: 'Cancels a count before approval; nothing is written to stock.',
    params: StockTakeParams,
    body: CancelStockTakeRequest,
    response: StockTakeDetail,
    auth: MANAGERS,
    errors: [404, 409],
    extension: STOCK_TAKE,
  }),
  report: endpoint({
    group,
    name: 'StockTake.report',
    method: 'GET',
    path: '/api/stock-take/{stockTakeId}/report',
    summary: 'The variance report on A4: PDF (default) or HTML.',
    params: StockTakeParams,
    query: StockTakePrintQuery,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    auth: MANAGERS,
    errors: [404],
    extension: STOCK_TAKE,
  }),
};
