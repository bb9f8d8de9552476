/**
 * GST returns and the accountant's export: declared extensions, as the spec has no returns.
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS } from '../contract/roles.js';
import { DownloadedFile, GstinChoices, Gstr1Query, Gstr1Summary, TallyQuery } from '../models/gst-returns.js';

const group = 'GST Returns';

const RETURNS =
  'GST returns: the spec has no GSTR-1 or accountant export; head office and branch managers file GSTR-1 per GSTIN each month through the portal’s offline tool and post the sales in Tally.';

export const GSTReturns = {
  gstins: endpoint({
    group,
    name: 'GSTReturns.gstins',
    method: 'GET',
    path: '/api/gst-returns/gstins',
    summary: 'The branch GSTINs the signed-in user may make returns for (all of the company’s for an admin, their own branch’s for a manager), with the branches under each.',
    response: GstinChoices,
    auth: MANAGERS,
    extension: RETURNS,
  }),
  gstr1: endpoint({
    group,
    name: 'GSTReturns.gstr1',
    method: 'GET',
    path: '/api/gst-returns/gstr1',
    summary: 'GSTR-1 of a branch GSTIN for a month: each section’s totals (documents, taxable value, taxes), the B2C-large limit used and anything to check before filing.',
    query: Gstr1Query,
    response: Gstr1Summary,
    auth: MANAGERS,
    errors: [403],
    extension: RETURNS,
    note: 'A GSTIN of no branch of the company is a 400 naming gstin, another branch’s GSTIN for a manager a 403 naming gstin; a malformed or future month a 400 naming month.',
  }),
  gstr1Json: endpoint({
    group,
    name: 'GSTReturns.gstr1Json',
    method: 'GET',
    path: '/api/gst-returns/gstr1/json',
    summary: 'GSTR-1 as the GST offline tool imports it: JSON with the portal’s section keys (b2b, b2cl, b2cs, cdnr, cdnur, hsn, doc_issue), file GSTR1_<gstin>_<MMYYYY>.json.',
    query: Gstr1Query,
    response: DownloadedFile,
    responseKind: { kind: 'document', contentTypes: ['application/json'] },
    auth: MANAGERS,
    errors: [403],
    extension: RETURNS,
  }),
  gstr1Xlsx: endpoint({
    group,
    name: 'GSTReturns.gstr1Xlsx',
    method: 'GET',
    path: '/api/gst-returns/gstr1/xlsx',
    summary: 'GSTR-1 as the offline tool’s Excel workbook: one sheet per section (b2b, b2cl, b2cs, cdnr, cdnur, hsn(b2b), hsn(b2c), docs) with the template’s columns.',
    query: Gstr1Query,
    response: DownloadedFile,
    responseKind: { kind: 'document', contentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    auth: MANAGERS,
    errors: [403],
    extension: RETURNS,
  }),
  tally: endpoint({
    group,
    name: 'GSTReturns.tally',
    method: 'GET',
    path: '/api/gst-returns/tally',
    summary: 'A branch’s sales of a period as a Tally import (XML, Import Data of Vouchers): a Sales voucher per invoice and transfer invoice, a Credit Note voucher per GST credit note, each balancing to zero.',
    query: TallyQuery,
    response: DownloadedFile,
    responseKind: { kind: 'document', contentTypes: ['application/xml'] },
    auth: MANAGERS,
    errors: [403, 404],
    extension: RETURNS,
    note: 'Ledger names default to Sales, Output CGST, Output SGST, Output IGST, Round Off, Other Charges and Cash Sales; each may be given in the query as the books name it.',
  }),
};
