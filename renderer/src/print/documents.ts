/**
 * The documents a store prints and how each is fetched from the service: the PDF to show or
 * save, the HTML for the desktop app to print natively. One table per kind, so the buttons, the
 * file names and the Printers screen all speak of the same four documents.
 */
import type { RawResponse } from '../../../shared/client.js';
import type { DocumentKind } from '../../../shared/desktop.js';
import type { RollColumns } from '../../../shared/escpos.js';
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../core/service.js';
import { PrintProblem } from './problem.js';

/**
 * Receipts and invoices print as the customer's copy (the spec's external=true: the receipt's
 * customer copy, the invoice's original for the recipient) or the store's (the supplier's copy).
 */
export type PrintCopy = 'customer' | 'store';

/** The documents that come in two copies. */
export const HAS_COPIES: ReadonlySet<DocumentKind> = new Set<DocumentKind>(['receipt', 'invoice']);

export interface Printable {
  kind: DocumentKind;
  /** ENC id of the receipt, invoice, eye examination (prescription card), sales order (job card), customer return (its receipt, its GST credit note), purchase order, goods receipt or return to a supplier (debit note). */
  id: string;
  /** The number the document is known by; names the saved file. */
  number: string;
  /** Receipts and invoices; the customer's copy when left out. */
  copy?: PrintCopy;
}

export type DocumentFormat = 'pdf' | 'html';

/** In sentences: "Could not print the job card". */
export const DOCUMENT_WORDS: Record<DocumentKind, string> = {
  receipt: 'receipt',
  invoice: 'invoice',
  prescription: 'prescription card',
  jobCard: 'job card',
  returnReceipt: 'return receipt',
  gstCreditNote: 'GST credit note',
  purchaseOrder: 'purchase order',
  goodsReceipt: 'goods receipt',
  debitNote: 'debit note',
  label: 'labels',
};

/** As headings and labels: the Printers screen's rows. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  receipt: 'Receipt',
  invoice: 'Tax invoice',
  prescription: 'Prescription card',
  jobCard: 'Lab job card',
  returnReceipt: 'Return receipt',
  gstCreditNote: 'GST credit note',
  purchaseOrder: 'Purchase order',
  goodsReceipt: 'Goods inward note',
  debitNote: 'Debit note',
  label: 'Barcode labels',
};

const FILE_WORDS: Record<DocumentKind, string> = {
  receipt: 'receipt',
  invoice: 'invoice',
  prescription: 'prescription',
  jobCard: 'job-card',
  returnReceipt: 'return',
  gstCreditNote: 'credit-note',
  purchaseOrder: 'purchase-order',
  goodsReceipt: 'goods-receipt',
  debitNote: 'debit-note',
  label: 'labels',
};

const CONTENT_TYPES: Record<DocumentFormat, string> = { pdf: 'application/pdf', html: 'text/html' };

/** A file name any system accepts: `AMD1/RC/2026-27/000045` → `receipt-AMD1-RC-2026-27-000045.pdf`. */
export function pdfFileName(doc: Printable): string {
  const number = doc.number.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '') || 'document';
  const copy = HAS_COPIES.has(doc.kind) && doc.copy === 'store' ? '-store-copy' : '';
  return `${FILE_WORDS[doc.kind]}-${number}${copy}.pdf`;
}

function request(doc: Printable, format: DocumentFormat): Promise<RawResponse> {
  const pdf = format === 'pdf';
  const external = doc.copy !== 'store';
  switch (doc.kind) {
    case 'receipt': {
      const input = { query: { external }, body: doc.id };
      return pdf ? client.raw(api.Common.receiptPdf, input) : client.raw(api.Common.receiptPdfHtml, input);
    }
    case 'invoice': {
      const input = { query: { external }, body: doc.id };
      return pdf ? client.raw(api.Common.invoicePdf, input) : client.raw(api.Common.invoicePdfHtml, input);
    }
    case 'prescription':
      return pdf ? client.raw(api.Common.prescriptionPdf, { body: doc.id }) : client.raw(api.Common.prescriptionPdfHtml, { body: doc.id });
    case 'jobCard':
      return pdf ? client.raw(api.Common.jobCardPdf, { body: doc.id }) : client.raw(api.Common.jobCardPdfHtml, { body: doc.id });
    case 'returnReceipt':
      return client.raw(api.Returns.receiptPrint, { params: { salesReturnId: doc.id }, query: { format } });
    case 'gstCreditNote':
      return client.raw(api.Returns.creditNotePrint, { params: { salesReturnId: doc.id }, query: { format } });
    case 'purchaseOrder':
      return client.raw(api.Purchasing.orderPrint, { params: { purchaseOrderId: doc.id }, query: { format } });
    case 'goodsReceipt':
      return client.raw(api.Purchasing.receiptPrint, { params: { goodsReceiptId: doc.id }, query: { format } });
    case 'debitNote':
      return client.raw(api.Purchasing.returnPrint, { params: { supplierReturnId: doc.id }, query: { format } });
    case 'label':
      // Labels are a list of items, not one document by its id: the Labels screen fetches them.
      return Promise.reject(new PrintProblem('Labels print from the Labels screen.'));
  }
}

/**
 * The receipt as an ESC/POS job for a network printer: `columns` characters a line, the cash
 * drawer kicked first when `drawer` is set.
 */
export async function fetchEscPos(doc: Printable, columns: RollColumns, drawer: boolean): Promise<Uint8Array> {
  if (doc.kind !== 'receipt') throw new PrintProblem(`A ${DOCUMENT_WORDS[doc.kind]} cannot print on a network receipt printer.`);
  const answer = await client.raw(api.Common.receiptEscPos, { query: { external: doc.copy !== 'store', width: columns, drawer }, body: doc.id });
  if (!answer.contentType.toLowerCase().startsWith('application/octet-stream')) {
    throw new PrintProblem(`The service answered ${answer.contentType || 'something unknown'} instead of the receipt’s printer commands.`);
  }
  return answer.bytes;
}

/** The document's bytes, refused unless they are what was asked for (a PDF viewer shown HTML helps no one). */
export async function fetchDocument(doc: Printable, format: DocumentFormat): Promise<Uint8Array> {
  const answer = await request(doc, format);
  if (!answer.contentType.toLowerCase().startsWith(CONTENT_TYPES[format])) {
    throw new PrintProblem(`The service answered ${answer.contentType || 'something unknown'} instead of the ${DOCUMENT_WORDS[doc.kind]}.`);
  }
  return answer.bytes;
}
