/**
 * Stock transfers between branches: declared extensions, as the spec has no back office. A branch
 * dispatches (managers), the receiving branch receives (anyone at its counter may scan the goods in).
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS, SALES_ROLES } from '../contract/roles.js';
import { PrintDocument } from '../models/print.js';
import {
  DispatchTransferRequest, ReceiveTransferRequest, TransferDestinations, TransferDetail, TransferList, TransferListQuery, TransferParams, TransferPrintQuery,
} from '../models/transfer.js';

const group = 'Transfers';

const TRANSFERS =
  'The back office: the spec has no stock transfer; goods sent from one branch to another with a delivery challan (or a tax invoice between GSTINs) and received there, each branch writing its own half.';

export const Transfers = {
  list: endpoint({
    group,
    name: 'Transfers.list',
    method: 'GET',
    path: '/api/transfers',
    summary: 'This branch’s transfers: outgoing, incoming, or in transit either way (the default), newest first.',
    query: TransferListQuery,
    response: TransferList,
    auth: SALES_ROLES,
    extension: TRANSFERS,
  }),
  destinations: endpoint({
    group,
    name: 'Transfers.destinations',
    method: 'GET',
    path: '/api/transfers/destinations',
    summary: 'The branches this one can send goods to, each with the document a dispatch there prints.',
    response: TransferDestinations,
    auth: MANAGERS,
    extension: TRANSFERS,
  }),
  detail: endpoint({
    group,
    name: 'Transfers.detail',
    method: 'GET',
    path: '/api/transfers/{transferId}',
    summary: 'One transfer of this branch (sent or received): its lines, value and tax, and what was received.',
    params: TransferParams,
    response: TransferDetail,
    auth: SALES_ROLES,
    errors: [404],
    extension: TRANSFERS,
  }),
  dispatch: endpoint({
    group,
    name: 'Transfers.dispatch',
    method: 'POST',
    path: '/api/transfers',
    summary: 'Dispatches goods from this branch to another: the stock leaves here and is in transit until received.',
    body: DispatchTransferRequest,
    response: TransferDetail,
    auth: MANAGERS,
    errors: [404, 409],
    extension: TRANSFERS,
    note: 'More than the sellable stock here is a 409 STOCK_SHORT naming the line; over ₹50,000 without transport mode and distance is a 400.',
  }),
  receive: endpoint({
    group,
    name: 'Transfers.receive',
    method: 'POST',
    path: '/api/transfers/{transferId}/receive',
    summary: 'Receives a transfer at this branch: per line received, damaged (written off) and short.',
    params: TransferParams,
    body: ReceiveTransferRequest,
    response: TransferDetail,
    auth: SALES_ROLES,
    errors: [404, 409],
    extension: TRANSFERS,
    note: 'More than was sent is a 400 naming the line; a transfer received already is a 409 TRANSFER_RECEIVED; another branch’s is a 403.',
  }),
  print: endpoint({
    group,
    name: 'Transfers.print',
    method: 'GET',
    path: '/api/transfers/{transferId}/print',
    summary: 'The transfer’s delivery challan or tax invoice, A4, with the e-way bill’s particulars: PDF (default) or HTML.',
    params: TransferParams,
    query: TransferPrintQuery,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: ['application/pdf', 'text/html'] },
    auth: SALES_ROLES,
    errors: [404],
    extension: TRANSFERS,
  }),
};
