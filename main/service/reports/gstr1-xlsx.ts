/**
 * GSTR-1 as the GST offline tool's Excel workbook: one sheet per section, named and with the
 * columns of the portal's template (b2b, b2cl, b2cs, cdnr, cdnur, hsn(b2b), hsn(b2c), docs). The
 * template has one row per document and rate, the taxable value and cess; the tool computes the
 * tax itself. The same documents and figures as the JSON (reports/gstr1.ts).
 */
import type ExcelJS from 'exceljs';
import { rupees } from '../../../shared/domain/money.js';
import { docSeries, sectionOf, type Gstr1, type GstDocument } from './gstr1.js';
import { newWorkbook } from './files.js';

const dmy = (date: string) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date.slice(8, 10)}-${months[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
};
const posText = (d: GstDocument) => `${d.pos}-${d.posName}`;

/** A document's taxable value by rate (percent), rates ascending. */
function rates(d: GstDocument): Array<{ rate: number; txval: number }> {
  const by = new Map<number, number>();
  for (const l of d.lines) by.set(l.rateBp, (by.get(l.rateBp) ?? 0) + l.txval);
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([bp, txval]) => ({ rate: bp / 100, txval }));
}

function sheet(book: ExcelJS.Workbook, name: string, header: string[], rows: Array<Array<string | number>>): void {
  const ws = book.addWorksheet(name);
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => (c.width = 18));
}

export async function gstr1Workbook(r: Gstr1): Promise<Uint8Array> {
  const book = await newWorkbook();
  const of = (s: string) => r.documents.filter((d) => sectionOf(d) === s);
  const perRate = (docs: GstDocument[], row: (d: GstDocument, rate: number, txval: number) => Array<string | number>) =>
    docs.flatMap((d) => rates(d).map((x) => row(d, x.rate, rupees(x.txval))));

  sheet(book, 'b2b', ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Applicable % of Tax Rate', 'Invoice Type', 'E-Commerce GSTIN', 'Rate', 'Taxable Value', 'Cess Amount'],
    perRate(of('b2b'), (d, rate, txval) => [d.ctin!, d.party, d.no, dmy(d.date), rupees(d.value), posText(d), 'N', '', 'Regular B2B', '', rate, txval, 0]));
  sheet(book, 'b2cl', ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    perRate(of('b2cl'), (d, rate, txval) => [d.no, dmy(d.date), rupees(d.value), posText(d), '', rate, txval, 0, '']));
  const b2cs = r.json.b2cs as Array<{ pos: string; rt: number; txval: number }>;
  const posNames = new Map(r.documents.map((d) => [d.pos, posText(d)]));
  sheet(book, 'b2cs', ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    b2cs.map((x) => ['OE', posNames.get(x.pos) ?? x.pos, '', x.rt, x.txval, 0, '']));
  sheet(book, 'cdnr', ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
    perRate(of('cdnr'), (d, rate, txval) => [d.ctin!, d.party, d.no, dmy(d.date), 'C', posText(d), 'N', 'Regular B2B', rupees(d.value), '', rate, txval, 0]));
  sheet(book, 'cdnur', ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
    perRate(of('cdnur'), (d, rate, txval) => ['B2CL', d.no, dmy(d.date), 'C', posText(d), rupees(d.value), '', rate, txval, 0]));
  const hsnHeader = ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
  const hsn = r.json.hsn as Record<'hsn_b2b' | 'hsn_b2c', Array<{ hsn_sc: string; uqc: string; qty: number; rt: number; txval: number; iamt: number; camt: number; samt: number }>>;
  const hsnRow = (h: (typeof hsn)['hsn_b2b'][number]) => {
    const value = rupees(Math.round(h.txval * 100) + Math.round(h.iamt * 100) + Math.round(h.camt * 100) + Math.round(h.samt * 100));
    return [h.hsn_sc, '', h.uqc === 'NA' ? 'NA-NA' : 'NOS-NUMBERS', h.qty, value, h.rt, h.txval, h.iamt, h.camt, h.samt, 0];
  };
  sheet(book, 'hsn(b2b)', hsnHeader, hsn.hsn_b2b.map(hsnRow));
  sheet(book, 'hsn(b2c)', hsnHeader, hsn.hsn_b2c.map(hsnRow));
  const words = { invoice: 'Invoices for outward supply', credit: 'Credit Note' } as const;
  sheet(book, 'docs', ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    docSeries(r.documents).map((s) => [words[s.type], s.docs[0].from, s.docs[0].to, s.docs[0].totnum, s.docs[0].cancel]));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
