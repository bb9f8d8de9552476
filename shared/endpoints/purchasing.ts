/**
 * Purchasing: declared extensions, as the spec has no back office. Suppliers are master data
 * (written at head office); purchase orders, goods receipts and returns to a supplier are the
 * branch's own documents. Every stock change is a movement naming its document.
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS } from '../contract/roles.js';
import { PrintDocument } from '../models/print.js';
import {
  CloseOrderRequest,
  CreateGoodsReceiptRequest,
  CreatePurchaseOrderRequest,
  CreateSupplierReturnRequest,
  DocumentPrintQuery,
  GoodsReceiptDetail,
  GoodsReceiptLabelLines,
  GoodsReceiptList,
  GoodsReceiptListQuery,
  GoodsReceiptParams,
  PurchaseOrderDetail,
  PurchaseOrderList,
  PurchaseOrderListQuery,
  PurchaseOrderParams,
  SaveSupplierResult,
  SupplierActiveRequest,
  SupplierInput,
  SupplierList,
  SupplierParams,
  SupplierReturnDetail,
  SupplierReturnList,
  SupplierReturnListQuery,
  SupplierReturnParams,
} from '../models/purchasing.js';

const group = 'Purchasing';

const SUPPLIERS = 'The back office: the spec keeps only a lab dropdown; buying stock needs suppliers with GSTIN, state, contact and payment terms.';
const ORDERS = 'The back office: the spec has only the lab order a sale raises; a branch also orders stock from its suppliers.';
const RECEIPTS = 'The back office: goods in from a supplier against its invoice, as receipt movements with their landed cost and the input GST.';
const RETURNS = 'The back office: goods sent back to a supplier (damaged, wrong power) with a debit note, as supplier_return movements.';
const PRINT = { kind: 'document', contentTypes: ['application/pdf', 'text/html'] } as const;

export const Purchasing = {
  suppliers: endpoint({
    group, name: 'Purchasing.suppliers', method: 'GET', path: '/api/purchasing/suppliers',
    summary: 'Every supplier of the company, active ones first, and whether this PC may change them (head office only).',
    response: SupplierList, auth: MANAGERS, extension: SUPPLIERS,
  }),
  createSupplier: endpoint({
    group, name: 'Purchasing.createSupplier', method: 'POST', path: '/api/purchasing/suppliers',
    summary: 'Adds a supplier; the GSTIN is checked by its check character and sets the state.',
    body: SupplierInput, response: SaveSupplierResult, auth: MANAGERS, errors: [409], extension: SUPPLIERS,
    note: 'Only a head-office PC writes suppliers (403 HEAD_OFFICE_ONLY); names are unique whatever their case (409 SUPPLIER_NAME_TAKEN).',
  }),
  updateSupplier: endpoint({
    group, name: 'Purchasing.updateSupplier', method: 'POST', path: '/api/purchasing/suppliers/{supplierId}',
    summary: 'Changes a supplier’s details.',
    params: SupplierParams, body: SupplierInput, response: SaveSupplierResult, auth: MANAGERS, errors: [404, 409], extension: SUPPLIERS,
  }),
  setSupplierActive: endpoint({
    group, name: 'Purchasing.setSupplierActive', method: 'POST', path: '/api/purchasing/suppliers/{supplierId}/active',
    summary: 'Deactivates a supplier (no new orders or receipts) or makes it active again; its documents stay.',
    params: SupplierParams, body: SupplierActiveRequest, response: SaveSupplierResult, auth: MANAGERS, errors: [404], extension: SUPPLIERS,
  }),
  orders: endpoint({
    group, name: 'Purchasing.orders', method: 'GET', path: '/api/purchasing/orders',
    summary: 'The branch’s stock purchase orders, newest first, by status, supplier or number.',
    query: PurchaseOrderListQuery, response: PurchaseOrderList, auth: MANAGERS, extension: ORDERS,
  }),
  createOrder: endpoint({
    group, name: 'Purchasing.createOrder', method: 'POST', path: '/api/purchasing/orders',
    summary: 'Raises a purchase order to a supplier: lines by item, or spectacle lenses by power.',
    body: CreatePurchaseOrderRequest, response: PurchaseOrderDetail, auth: MANAGERS, errors: [404, 409], extension: ORDERS,
  }),
  order: endpoint({
    group, name: 'Purchasing.order', method: 'GET', path: '/api/purchasing/orders/{purchaseOrderId}',
    summary: 'A stock purchase order with its lines and what has come in against each.',
    params: PurchaseOrderParams, response: PurchaseOrderDetail, auth: MANAGERS, errors: [404], extension: ORDERS,
  }),
  closeOrder: endpoint({
    group, name: 'Purchasing.closeOrder', method: 'POST', path: '/api/purchasing/orders/{purchaseOrderId}/close',
    summary: 'Closes an order by hand: nothing more is expected against it.',
    params: PurchaseOrderParams, body: CloseOrderRequest, response: PurchaseOrderDetail, auth: MANAGERS, errors: [404, 409], extension: ORDERS,
  }),
  orderPrint: endpoint({
    group, name: 'Purchasing.orderPrint', method: 'GET', path: '/api/purchasing/orders/{purchaseOrderId}/print',
    summary: 'The purchase order on A4, as PDF (default) or HTML.',
    params: PurchaseOrderParams, query: DocumentPrintQuery, response: PrintDocument, responseKind: PRINT, auth: MANAGERS, errors: [404], extension: ORDERS,
  }),
  receipts: endpoint({
    group, name: 'Purchasing.receipts', method: 'GET', path: '/api/purchasing/receipts',
    summary: 'The branch’s goods receipts, newest first: by receipt number, supplier invoice number or supplier name, dates.',
    query: GoodsReceiptListQuery, response: GoodsReceiptList, auth: MANAGERS, extension: RECEIPTS,
  }),
  createReceipt: endpoint({
    group, name: 'Purchasing.createReceipt', method: 'POST', path: '/api/purchasing/receipts',
    summary: 'Receives goods from a supplier, against an order or without one, in one transaction.',
    body: CreateGoodsReceiptRequest, response: GoodsReceiptDetail, auth: MANAGERS, errors: [404, 409], extension: RECEIPTS,
    note: 'The same supplier invoice number from the same supplier twice is a 409 SUPPLIER_INVOICE_RECEIVED naming the first receipt.',
  }),
  receipt: endpoint({
    group, name: 'Purchasing.receipt', method: 'GET', path: '/api/purchasing/receipts/{goodsReceiptId}',
    summary: 'A goods receipt with its lines, GST and, against an order, each line’s short or excess.',
    params: GoodsReceiptParams, response: GoodsReceiptDetail, auth: MANAGERS, errors: [404], extension: RECEIPTS,
  }),
  receiptLabelLines: endpoint({
    group, name: 'Purchasing.receiptLabelLines', method: 'GET', path: '/api/purchasing/receipts/{goodsReceiptId}/label-lines',
    summary: 'Each item a goods receipt brought in and how many units: what shelf labels for it need.',
    params: GoodsReceiptParams, response: GoodsReceiptLabelLines, auth: MANAGERS, errors: [404], extension: RECEIPTS,
  }),
  receiptPrint: endpoint({
    group, name: 'Purchasing.receiptPrint', method: 'GET', path: '/api/purchasing/receipts/{goodsReceiptId}/print',
    summary: 'The goods receipt note on A4, as PDF (default) or HTML.',
    params: GoodsReceiptParams, query: DocumentPrintQuery, response: PrintDocument, responseKind: PRINT, auth: MANAGERS, errors: [404], extension: RECEIPTS,
  }),
  returns: endpoint({
    group, name: 'Purchasing.returns', method: 'GET', path: '/api/purchasing/returns',
    summary: 'The branch’s returns to suppliers (debit notes), newest first.',
    query: SupplierReturnListQuery, response: SupplierReturnList, auth: MANAGERS, extension: RETURNS,
  }),
  createReturn: endpoint({
    group, name: 'Purchasing.createReturn', method: 'POST', path: '/api/purchasing/returns',
    summary: 'Sends goods back to a supplier from stock, with a debit note.',
    body: CreateSupplierReturnRequest, response: SupplierReturnDetail, auth: MANAGERS, errors: [404, 409], extension: RETURNS,
    note: 'More than a batch holds is a 409 STOCK_SHORT naming the line.',
  }),
  return: endpoint({
    group, name: 'Purchasing.return', method: 'GET', path: '/api/purchasing/returns/{supplierReturnId}',
    summary: 'A return to a supplier with its lines.',
    params: SupplierReturnParams, response: SupplierReturnDetail, auth: MANAGERS, errors: [404], extension: RETURNS,
  }),
  returnPrint: endpoint({
    group, name: 'Purchasing.returnPrint', method: 'GET', path: '/api/purchasing/returns/{supplierReturnId}/print',
    summary: 'The debit note on A4, as PDF (default) or HTML.',
    params: SupplierReturnParams, query: DocumentPrintQuery, response: PrintDocument, responseKind: PRINT, auth: MANAGERS, errors: [404], extension: RETURNS,
  }),
};

