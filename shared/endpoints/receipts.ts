import { z } from 'zod';
import { endpoint } from '../contract/endpoint.js';
import { SALES_ROLES } from '../contract/roles.js';
import { EncryptedReceiptListDto, ReceiptFilterRequest, ReceiptPage, ReceiptsByIdQuery } from '../models/receipt.js';

const group = 'Receipts';

export const Receipts = {
  byId: endpoint({
    group,
    name: 'Receipts.byId',
    method: 'GET',
    path: '/api/Receipts/id',
    summary: 'The receipts of an order (the spec declares both ids as int64).',
    query: ReceiptsByIdQuery,
    response: z.array(EncryptedReceiptListDto),
    auth: SALES_ROLES,
    errors: [404],
    note: 'Both ids are required; an order that is not that customer’s is a 404.',
  }),
  listPaged: endpoint({
    group,
    name: 'Receipts.listPaged',
    method: 'POST',
    path: '/api/Receipts/list-paged',
    summary: 'Receipts matching the filter, paged.',
    body: ReceiptFilterRequest,
    response: ReceiptPage,
    auth: SALES_ROLES,
    note: 'ReceiptFilterRequest is ours: dates, customer, order, receipt no, status, payment kind, search, paging (1/20), orderBy.',
  }),
};
