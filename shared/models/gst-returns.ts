/**
 * GST returns and the accountant's export (declared extensions): GSTR-1 of a branch GSTIN for a
 * month (its section totals here; the portal's JSON and the offline tool's Excel as files), and a
 * Tally sales voucher import for a branch and a period. Money in rupees.
 */
import { z } from 'zod';
import { qStr } from '../contract/primitives.js';

/** A GSTIN the signed-in user may make the return of, with the branches registered under it. */
export const GstinChoice = z.object({
  gstin: z.string(),
  stateName: z.string(),
  branches: z.array(z.object({ branchID: z.string(), code: z.string(), name: z.string() })),
});
export const GstinChoices = z.object({ gstins: z.array(GstinChoice) });
export type GstinChoices = z.infer<typeof GstinChoices>;

export const Gstr1Query = z.object({
  /** The branch GSTIN, 15 characters. */
  gstin: qStr(20),
  /** The month, YYYY-MM. */
  month: qStr(10),
});

export const Gstr1SectionTotal = z.object({
  /** The portal's key: b2b, b2cl, b2cs, cdnr, cdnur, hsn_b2b, hsn_b2c, doc_issue. */
  section: z.string(),
  /** Documents (b2b, b2cl, cdnr, cdnur), rows (b2cs, hsn) or documents issued (doc_issue). */
  count: z.number().int(),
  taxableValue: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  cess: z.number(),
  /** The documents' value (invoice or note value); b2cs is net of its credit notes. */
  value: z.number(),
});

export const Gstr1Summary = z.object({
  gstin: z.string(),
  month: z.string(),
  /** The portal's return period, MMYYYY. */
  fp: z.string(),
  branches: z.array(z.string()),
  /** The B2C-large limit applied (rupees): ₹1,00,000 from August 2024, ₹2,50,000 before. */
  b2clLimit: z.number(),
  sections: z.array(Gstr1SectionTotal),
  warnings: z.array(z.string()),
  /** The file names the downloads carry. */
  jsonFileName: z.string(),
  xlsxFileName: z.string(),
});
export type Gstr1Summary = z.infer<typeof Gstr1Summary>;

export const TallyQuery = z.object({
  branchId: qStr(),
  /** First and last day, YYYY-MM-DD. */
  from: qStr(10),
  to: qStr(10),
  /** Ledger names as the company's Tally books have them; each defaults as docs/head-office.md says. */
  salesLedger: qStr(80),
  cgstLedger: qStr(80),
  sgstLedger: qStr(80),
  igstLedger: qStr(80),
  roundOffLedger: qStr(80),
  chargesLedger: qStr(80),
  cashPartyLedger: qStr(80),
});

/** The bytes of a downloaded file (JSON, XLSX, XML). */
export const DownloadedFile = z.unknown();
