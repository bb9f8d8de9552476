import { z } from 'zod';
import { endpoint } from '../contract/endpoint.js';
import { SALES_ROLES } from '../contract/roles.js';
import {
  CustomerIdQuery,
  CustomersForInvoice,
  InvoiceDataBySalesOrder,
  InvoiceList,
  OMRequestModel,
  SalesOrderIdQuery,
  SalesOrderRef,
  SalesOrdersForInvoice,
  SaveInvoiceResult,
  SearchInvoice,
} from '../models/invoice.js';
import { OMFastWizardModel } from '../models/sale.js';

const group = 'Invoice';

export const Invoice = {
  list: endpoint({
    group,
    name: 'Invoice.list',
    method: 'POST',
    path: '/api/Invoice/List',
    summary: 'Invoices matching the filters, paged.',
    body: SearchInvoice,
    response: InvoiceList,
    auth: SALES_ROLES,
    note: 'fromPage/toPage are 1-based row numbers, both inclusive; the request’s totalRows string is ignored.',
  }),
  ordersForNewInvoice: endpoint({
    group,
    name: 'Invoice.ordersForNewInvoice',
    method: 'POST',
    path: '/api/Invoice/GetOrdersForNewInvoice',
    summary: 'Orders not yet invoiced (and paid enough to be invoiced).',
    body: OMRequestModel,
    response: z.array(SalesOrderRef),
    auth: SALES_ROLES,
    note: 'Not cancelled, not yet invoiced, and fully paid unless the store allows invoicing before full payment.',
  }),
  customersForInvoice: endpoint({
    group,
    name: 'Invoice.customersForInvoice',
    method: 'GET',
    path: '/api/Invoice/get-customers-for-invoice',
    summary: 'Customers who have orders that can be invoiced.',
    response: CustomersForInvoice,
    auth: SALES_ROLES,
  }),
  salesOrdersForInvoice: endpoint({
    group,
    name: 'Invoice.salesOrdersForInvoice',
    method: 'GET',
    path: '/api/Invoice/get-sales-orders-for-invoice',
    summary: 'Orders that can be invoiced, of one customer or all.',
    query: CustomerIdQuery,
    response: SalesOrdersForInvoice,
    auth: SALES_ROLES,
  }),
  invoiceDataBySalesOrder: endpoint({
    group,
    name: 'Invoice.invoiceDataBySalesOrder',
    method: 'GET',
    path: '/api/Invoice/get-invoice-data-by-salesorder',
    summary: 'What the invoice of an order holds (or will hold): customer, lines with GST, net amount.',
    query: SalesOrderIdQuery,
    response: InvoiceDataBySalesOrder,
    auth: SALES_ROLES,
    errors: [404],
    note: 'items are GST invoice lines (itemID, itemName, hsnCode, qty, mrp, price, discount, taxable, CGST/SGST/IGST, total).',
  }),
  saveInvoiceData: endpoint({
    group,
    name: 'Invoice.saveInvoiceData',
    method: 'POST',
    path: '/api/Invoice/save-invoice-data',
    summary: 'Raise an invoice from the composite sale model (the order is salesorderModel’s).',
    body: OMFastWizardModel,
    response: SaveInvoiceResult,
    auth: SALES_ROLES,
    errors: [404, 409],
    note: 'An order is invoiced at most once (409).',
  }),
};
