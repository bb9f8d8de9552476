/**
 * Invoice and receipt print output (spec: the four Common pdf endpoints, body "a JSON string").
 * The body is the ENC id of the document to print; the answer is bytes, not JSON.
 */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';
import { encId, qBool, qStr } from '../contract/primitives.js';
import { ROLL_COLUMNS, type RollColumns } from '../escpos.js';

/**
 * `external` is ours (the spec gives the invoice no copy switch): true prints the original for
 * the recipient, false the supplier's copy, as the receipt's external does.
 */
export const InvoicePrintQuery = z.object({ external: qBool(true), BranchID: qStr(), CompanyID: qStr() });

/** `external` true prints the customer's copy, false the store's copy. */
export const ReceiptPrintQuery = z.object({
  receiptNo: bounded('code').default(''),
  external: qBool(true),
  BranchID: qStr(),
  CompanyID: qStr(),
});

/**
 * Extension: the receipt as raw ESC/POS for a network thermal printer. `width` is characters per
 * line in font A (48 on 80 mm, 42 on some 80 mm models, 32 on 58 mm); `drawer` kicks the cash
 * drawer before printing.
 */
export const ReceiptEscPosQuery = ReceiptPrintQuery.extend({
  width: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : String(v)),
    z
      .enum(ROLL_COLUMNS.map(String) as ['32', '42', '48'], 'Expected 32, 42 or 48 characters per line')
      .prefault('48')
      .transform((v) => Number(v) as RollColumns),
  ),
  drawer: qBool(false),
});

/** The invoice's ENC id, as a JSON string: `"ENC_..."`. */
export const InvoicePrintBody = encId();

/** The receipt's ENC id as a JSON string, or `""` when the query's receiptNo names the receipt. */
export const ReceiptPrintBody = bounded('id').regex(/^$|^ENC_/, 'Expected the receipt ENC id or ""');

/** Extension: the prescription card's body, the eye examination's ENC id (as prescription-full-detail takes it). */
export const PrescriptionPrintBody = encId();

/** Extension: the lab job card's body, the sales order's ENC id. */
export const JobCardPrintBody = encId();

/** PDF or HTML bytes; the endpoint row names the content type. */
export const PrintDocument = z.unknown();
