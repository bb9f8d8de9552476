/**
 * The documents a store prints and how each is fetched from the service: the PDF to show or
 * save, the HTML for the desktop app to print natively. One table per kind, so the buttons, the
 * file names and the Printers screen all speak of the same four documents.
 */
import type { RawResponse } from '../../../shared/client.js';
import type { DocumentKind } from '../../../shared/desktop.js';
import { api } from '../../../shared/endpoints/index.js';
import { client } from '../service.js';
import { PrintProblem } from './problem.js';

/** A receipt prints as the customer's copy (the spec's external=true) or the store's. */
export type PrintCopy = 'customer' | 'store';

/** The kinds the service prints so far; each of shared/desktop.ts's kinds as its endpoint lands. */
export type PrintableKind = Extract<DocumentKind, 'receipt' | 'invoice'>;

export interface Printable {
  kind: PrintableKind;
  /** ENC id of the receipt or invoice. */
  id: string;
  /** The number the document is known by; names the saved file. */
  number: string;
  /** Receipts only; the customer's copy when left out. */
  copy?: PrintCopy;
}

export type DocumentFormat = 'pdf' | 'html';

/** In sentences: "Could not print the job card". */
export const DOCUMENT_WORDS: Record<DocumentKind, string> = {
  receipt: 'receipt',
  invoice: 'invoice',
  prescription: 'prescription card',
  jobCard: 'job card',
};

/** As headings and labels: the Printers screen's rows. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  receipt: 'Receipt',
  invoice: 'Tax invoice',
  prescription: 'Prescription card',
  jobCard: 'Lab job card',
};

const FILE_WORDS: Record<DocumentKind, string> = {
  receipt: 'receipt',
  invoice: 'invoice',
  prescription: 'prescription',
  jobCard: 'job-card',
};

const CONTENT_TYPES: Record<DocumentFormat, string> = { pdf: 'application/pdf', html: 'text/html' };

/** A file name any system accepts: `AMD1/RC/2026-27/000045` → `receipt-AMD1-RC-2026-27-000045.pdf`. */
export function pdfFileName(doc: Printable): string {
  const number = doc.number.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
  const copy = doc.kind === 'receipt' && doc.copy === 'store' ? '-store-copy' : '';
  return `${FILE_WORDS[doc.kind]}-${number}${copy}.pdf`;
}

function request(doc: Printable, format: DocumentFormat): Promise<RawResponse> {
  const pdf = format === 'pdf';
  switch (doc.kind) {
    case 'receipt': {
      const input = { query: { external: doc.copy !== 'store' }, body: doc.id };
      return pdf ? client.raw(api.Common.receiptPdf, input) : client.raw(api.Common.receiptPdfHtml, input);
    }
    case 'invoice':
      return pdf ? client.raw(api.Common.invoicePdf, { body: doc.id }) : client.raw(api.Common.invoicePdfHtml, { body: doc.id });
  }
}

/** The document's bytes, refused unless they are what was asked for (a PDF viewer shown HTML helps no one). */
export async function fetchDocument(doc: Printable, format: DocumentFormat): Promise<Uint8Array> {
  const answer = await request(doc, format);
  if (!answer.contentType.toLowerCase().startsWith(CONTENT_TYPES[format])) {
    throw new PrintProblem(`The service answered ${answer.contentType || 'something unknown'} instead of the ${DOCUMENT_WORDS[doc.kind]}.`);
  }
  return answer.bytes;
}
