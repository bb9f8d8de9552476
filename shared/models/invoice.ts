/** Invoices (spec: "Invoice search request" ... "Save invoice only request"). */
import { z } from 'zod';
import { pagedRows, totalExact } from '../contract/errors.js';
import { fields, nbool, ndt, nint32, noutStr, outDt, outNum, qStr, strings } from '../contract/primitives.js';

export const SearchInvoice = z.object({
  ...fields(nint32, 'companyID', 'branchID', 'yearID', 'fromPage', 'toPage'),
  ...strings(
    'customerMobile', 'customerName', 'invoiceNumber', 'fromDate', 'toDate', 'date', 'amount', 'netAmount',
    'totalRows', 'salesOrderNo', 'orderBy', 'customerID',
  ),
});
export type SearchInvoice = z.infer<typeof SearchInvoice>;

/** plainId is the invoice's number in its series (the spec declares it int64), not a database id. */
export const EncryptedInvoiceListDto = z.object({
  customerName: z.string(),
  id: z.string(),
  invoiceNo: z.string(),
  salesOrderNo: z.string(),
  customerMobileNo: noutStr(),
  date: outDt(),
  plainId: z.number().int(),
  netAmount: outNum(),
});
export type EncryptedInvoiceListDto = z.infer<typeof EncryptedInvoiceListDto>;

export const InvoiceList = pagedRows(EncryptedInvoiceListDto).extend({ totalExact });

export const OMRequestModel = z.object(fields(nint32, 'companyID', 'branchID', 'yearID'));
export type OMRequestModel = z.infer<typeof OMRequestModel>;

export const SalesOrderRef = z.object({ salesOrderID: z.string(), salesOrderNO: z.string() });
export type SalesOrderRef = z.infer<typeof SalesOrderRef>;

export const CustomersForInvoice = z.object({ data: z.array(z.object({ id: z.string(), customerName: z.string() })) });
export type CustomersForInvoice = z.infer<typeof CustomersForInvoice>;

export const CustomerIdQuery = z.object({ customerId: qStr() });
export const SalesOrdersForInvoice = z.object({ data: z.array(SalesOrderRef) });
export type SalesOrdersForInvoice = z.infer<typeof SalesOrdersForInvoice>;

export const SalesOrderIdQuery = z.object({ salesOrderId: qStr() });

/**
 * An invoice line of get-invoice-data-by-salesorder (the spec writes `items:[...]`): what a GST
 * tax invoice prints per line. Rates are percentages; CGST+SGST or IGST, the other pair is 0.
 */
export const InvoiceLine = z.object({
  itemID: z.string(),
  itemName: z.string(),
  hsnCode: noutStr(),
  ...fields(
    outNum,
    'qty', 'mrp', 'price', 'discountAmount', 'taxableAmount', 'cgstRate', 'cgstAmount', 'sgstRate', 'sgstAmount',
    'igstRate', 'igstAmount', 'totalAmount',
  ),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** invoiceID and invoiceNo are null until the order has been invoiced. */
export const InvoiceDataBySalesOrder = z.object({
  invoiceID: noutStr(),
  invoiceNo: noutStr(),
  salesOrderID: z.string(),
  salesOrderNO: z.string(),
  customerID: z.string(),
  customerName: z.string(),
  netAmount: outNum(),
  items: z.array(InvoiceLine),
});
export type InvoiceDataBySalesOrder = z.infer<typeof InvoiceDataBySalesOrder>;

export const SaveInvoiceOnlyRequest = z.object({
  ...strings('salesOrderID', 'customerID', 'sessionID'),
  invoiceDate: ndt(),
  isCompositionScheme: nbool(),
});
export type SaveInvoiceOnlyRequest = z.infer<typeof SaveInvoiceOnlyRequest>;

export const SaveInvoiceResult = z.object({ invoiceID: z.string(), invoiceNo: z.string(), message: z.string() });
export type SaveInvoiceResult = z.infer<typeof SaveInvoiceResult>;
