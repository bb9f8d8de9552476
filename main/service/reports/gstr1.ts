/**
 * GSTR-1 of one GSTIN for one month, as the GST portal's offline tool takes it (JSON with the
 * portal's section keys), built from the documents as they were stored on the day:
 *
 *   b2b      invoices to a registered buyer (the customer's tax number is a valid GSTIN), and
 *            transfer invoices to a branch under another GSTIN (a supply between distinct persons)
 *   b2cl     inter-state invoices to unregistered buyers above the B2C-large limit (b2clLimit)
 *   b2cs     every other invoice to an unregistered buyer, summed by type of supply, place of
 *            supply and rate (type OE), net of the GST credit notes against such invoices
 *   cdnr     GST credit notes to registered buyers
 *   cdnur    GST credit notes against B2C-large invoices (the only unregistered notes the portal
 *            takes invoice-wise; the others reduce b2cs)
 *   hsn      the HSN summary by HSN and rate, B2B and B2C apart, net of credit notes
 *   doc_issue each number series used in the month: first and last number, how many, cancelled
 *
 * A GSTIN is per state, so the return covers every branch of the company registered under it.
 * Money is paise inside and rupees (two decimals) in the JSON.
 */
import { gstinProblem } from '../../../shared/domain/gstin.js';
import { halves } from '../../../shared/domain/gst.js';
import { localDate } from '../../../shared/domain/calendar.js';
import { rupees } from '../../../shared/domain/money.js';
import type { RequestContext } from '../context.js';
import { forbidden, invalid } from '../errors.js';
import { branches, type BranchRow } from '../store/branch.js';
import { gstReturns, type GstLineRow } from '../store/gst-returns.js';
import { users } from '../store/user.js';
import { extend } from '../../../shared/extend.js';

/** The branches a return is made for, the month and its days. */
export interface Gstr1Scope {
  gstin: string;
  branches: BranchRow[];
  /** YYYY-MM */
  month: string;
  from: string;
  to: string;
  /** The portal's return period, MMYYYY. */
  fp: string;
}

/**
 * B2C large: an inter-state invoice to an unregistered buyer above this value, in paise.
 * ₹1,00,000 for invoices from 1 August 2024 (Notification 12/2024-CT), ₹2,50,000 before.
 */
export function b2clLimit(invoiceDate: string): number {
  return invoiceDate >= '2024-08-01' ? 100_000_00 : 250_000_00;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** The month asked for: YYYY-MM, not after this month; a 400 naming `month` otherwise. */
export function returnMonth(ctx: RequestContext, text: string | undefined): { month: string; from: string; to: string; fp: string } {
  const m = MONTH.exec((text ?? '').trim());
  const mm = m ? Number(m[2]) : 0;
  if (!m || mm < 1 || mm > 12) throw invalid('Which month? Give it as year and month, like 2026-11', { month: ['Expected a month like 2026-11'] });
  const month = `${m[1]}-${m[2]}`;
  if (month > localDate(ctx.now()).slice(0, 7)) {
    throw invalid(`${month} has not begun: a return is made for a month that has started`, { month: ['A month in the future'] });
  }
  const last = new Date(Date.UTC(Number(m[1]), mm, 0)).getUTCDate();
  return { month, from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}`, fp: `${m[2]}${m[1]}` };
}

/**
 * The branches registered under `gstinText` that the user may file for: head office (admin) any
 * branch of the company; a manager only a GSTIN of a branch they work at. Refusals name `gstin`.
 */
export function gstinBranches(ctx: RequestContext, gstinText: string | undefined): { gstin: string; branches: BranchRow[] } {
  const gstin = (gstinText ?? '').trim().toUpperCase();
  if (!gstin) throw invalid('Which GSTIN? Choose the branch GSTIN to make the return for', { gstin: ['Required'] });
  const problem = gstinProblem(gstin);
  if (problem) throw invalid(`${gstin} is not a GSTIN`, { gstin: [problem] });
  const under = branches(ctx.db).ofCompany(ctx.user.companyId).filter((b) => b.gstin?.trim().toUpperCase() === gstin);
  if (under.length === 0) {
    throw invalid(`No branch of this company is registered under GSTIN ${gstin}`, { gstin: ['Not the GSTIN of one of the company’s branches'] });
  }
  if (ctx.user.role !== 'admin') {
    const mine = new Set([ctx.user.branchId, ...users(ctx.db).branchesOf(ctx.user.id)]);
    if (!under.some((b) => mine.has(b.id))) {
      throw forbidden(`GSTIN ${gstin} is not your branch’s: its return is made there or at head office`, { gstin: ['Not your branch’s GSTIN'] });
    }
  }
  return { gstin, branches: under };
}

export function gstr1Scope(ctx: RequestContext, gstinText: string | undefined, monthText: string | undefined): Gstr1Scope {
  const { gstin, branches: under } = gstinBranches(ctx, gstinText);
  return { gstin, branches: under, ...returnMonth(ctx, monthText) };
}

/** Figures of a rate, an HSN row or a section, paise. */
interface Figures {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}
const zero = (): Figures => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
function add(to: Figures, f: Figures, sign = 1): void {
  to.txval += sign * f.txval;
  to.iamt += sign * f.iamt;
  to.camt += sign * f.camt;
  to.samt += sign * f.samt;
}

interface Line extends Figures {
  hsn: string;
  qty: number;
  rateBp: number;
  service: boolean;
}

/** One document of the month: an invoice, a transfer invoice or a GST credit note. */
export interface GstDocument {
  kind: 'invoice' | 'transfer' | 'credit';
  no: string;
  date: string;
  /** What the document is for in all, paise. */
  value: number;
  pos: string;
  posName: string;
  intra: boolean;
  /** The buyer's GSTIN when registered. */
  ctin: string | null;
  party: string;
  /** For a credit note: the invoice it reduces. */
  invoiceNo?: string;
  invoiceDate?: string;
  /** For a credit note: whether that invoice was B2C large. */
  againstB2cl?: boolean;
  lines: Line[];
  /** The document's own stored totals. */
  totals: Figures & { rounding: number };
}

const hsnOf = (code: string | null) => (code ?? '').replace(/\D/g, '');
const buyerGstin = (taxNo: string | null, own: string): string | null => {
  const t = taxNo?.trim().toUpperCase();
  return t && gstinProblem(t) === null && t !== own ? t : null;
};
function toLine(l: GstLineRow): Line {
  const hsn = hsnOf(l.hsn_code);
  return { hsn, qty: l.qty, rateBp: l.gst_rate_bp, txval: l.taxable, iamt: l.igst, camt: l.cgst, samt: l.sgst, service: hsn.startsWith('99') };
}
function linesBy(rows: GstLineRow[]): Map<number, Line[]> {
  const out = new Map<number, Line[]>();
  for (const r of rows) {
    const list = out.get(r.doc_id) ?? [];
    list.push(toLine(r));
    out.set(r.doc_id, list);
  }
  return out;
}

/** The month's documents of the scope, each with its lines as stored. */
export function gstDocuments(ctx: RequestContext, scope: Pick<Gstr1Scope, 'gstin' | 'from' | 'to'> & { branches: Pick<BranchRow, 'id'>[] }): GstDocument[] {
  const store = gstReturns(ctx.db);
  const ids = scope.branches.map((b) => b.id);
  const { from, to } = scope;
  const invoiceLines = linesBy(store.invoiceLines(ids, from, to));
  const docs: GstDocument[] = store.invoices(ids, from, to).map((i) => {
    const lines = invoiceLines.get(i.id) ?? [];
    if (i.job_gst_rate_bp !== null && i.job_charges > 0) {
      const intra = i.intra_state === 1;
      const { cgst, sgst } = intra ? halves(i.service_tax) : { cgst: 0, sgst: 0 };
      const sac = hsnOf(i.job_sac) || '9987';
      lines.push({ hsn: sac, qty: 1, rateBp: i.job_gst_rate_bp, txval: i.job_charges, iamt: intra ? 0 : i.service_tax, camt: cgst, samt: sgst, service: true });
    }
    return {
      kind: 'invoice', no: i.invoice_no, date: i.invoice_date, value: i.net_amount, pos: i.pos_code, posName: i.pos_name,
      intra: i.intra_state === 1, ctin: buyerGstin(i.tax_no, scope.gstin), party: i.customer_name, lines,
      totals: { txval: i.taxable, iamt: i.igst, camt: i.cgst, samt: i.sgst, rounding: i.rounding },
    };
  });
  const transferLines = linesBy(store.transferLines(ids, from, to));
  for (const t of store.transferInvoices(ids, from, to)) {
    docs.push({
      kind: 'transfer', no: t.document_no, date: t.document_date, value: t.total, pos: t.pos_code, posName: t.pos_name,
      intra: t.intra_state === 1, ctin: buyerGstin(t.to_gstin, scope.gstin), party: t.to_branch_name, lines: transferLines.get(t.id) ?? [],
      totals: { txval: t.taxable, iamt: t.igst, camt: t.cgst, samt: t.sgst, rounding: t.total - t.taxable - t.igst - t.cgst - t.sgst },
    });
  }
  const noteLines = linesBy(store.creditNoteLines(ids, from, to));
  for (const n of store.creditNotes(ids, from, to)) {
    const intra = n.intra_state === 1;
    docs.push({
      kind: 'credit', no: n.note_no, date: n.note_date, value: n.amount, pos: n.pos_code, posName: n.pos_name, intra,
      ctin: buyerGstin(n.tax_no, scope.gstin), party: n.customer_name, invoiceNo: n.invoice_no, invoiceDate: n.invoice_date,
      againstB2cl: !intra && n.invoice_value > b2clLimit(n.invoice_date), lines: noteLines.get(n.id) ?? [],
      totals: { txval: n.taxable, iamt: n.igst, camt: n.cgst, samt: n.sgst, rounding: n.amount - n.taxable - n.igst - n.cgst - n.sgst },
    });
  }
  return docs;
}

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';

/** Which section of GSTR-1 a document is reported in. */
export function sectionOf(d: GstDocument): Gstr1Section {
  if (d.kind === 'credit') return d.ctin ? 'cdnr' : d.againstB2cl ? 'cdnur' : 'b2cs';
  if (d.ctin) return 'b2b';
  return !d.intra && d.value > b2clLimit(d.date) ? 'b2cl' : 'b2cs';
}

/** A document's figures by rate, rates ascending. */
function byRate(lines: Line[]): Array<Figures & { rateBp: number }> {
  const rates = new Map<number, Figures>();
  for (const l of lines) {
    const f = rates.get(l.rateBp) ?? zero();
    add(f, l);
    rates.set(l.rateBp, f);
  }
  return [...rates.entries()].sort((a, b) => a[0] - b[0]).map(([rateBp, f]) => ({ rateBp, ...f }));
}

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
const rt = (rateBp: number) => rateBp / 100;
/** The portal numbers an item by its rate: 18 % → 1801. */
const itemNum = (rateBp: number) => Math.round(rateBp) + 1;
const itmDet = (f: Figures & { rateBp: number }, inter: boolean) =>
  inter
    ? { txval: rupees(f.txval), rt: rt(f.rateBp), iamt: rupees(f.iamt), csamt: 0 }
    : { txval: rupees(f.txval), rt: rt(f.rateBp), camt: rupees(f.camt), samt: rupees(f.samt), csamt: 0 };
const items = (d: GstDocument) => byRate(d.lines).map((f) => ({ num: itemNum(f.rateBp), itm_det: itmDet(f, !d.intra) }));

/** Per section: documents, taxable value, taxes and the documents' value, paise. */
export interface SectionTotal extends Figures {
  section: Gstr1Section | 'hsn_b2b' | 'hsn_b2c' | 'doc_issue';
  count: number;
  value: number;
}

export interface Gstr1 {
  /** The portal's JSON. */
  json: Record<string, unknown>;
  totals: SectionTotal[];
  documents: GstDocument[];
  /** Things the accountant should look at before filing (lines without an HSN code …). */
  warnings: string[];
}

export function gstr1(ctx: RequestContext, scope: Gstr1Scope): Gstr1 {
  const documents = gstDocuments(ctx, scope);
  const of = (s: Gstr1Section) => documents.filter((d) => sectionOf(d) === s);
  const total = (section: SectionTotal['section'], docs: GstDocument[], sign = (_d: GstDocument) => 1): SectionTotal => {
    const t: SectionTotal = { section, count: docs.length, value: 0, ...zero() };
    for (const d of docs) {
      t.value += sign(d) * d.value;
      for (const l of d.lines) add(t, l, sign(d));
    }
    return t;
  };

  const b2b = groupBy(of('b2b'), (d) => d.ctin!).map(([ctin, docs]) => ({
    ctin,
    inv: docs.map((d) => ({ inum: d.no, idt: ddmmyyyy(d.date), val: rupees(d.value), pos: d.pos, rchrg: 'N', inv_typ: 'R', itms: items(d) })),
  }));
  const b2cl = groupBy(of('b2cl'), (d) => d.pos).map(([pos, docs]) => ({
    pos,
    inv: docs.map((d) => ({ inum: d.no, idt: ddmmyyyy(d.date), val: rupees(d.value), itms: items(d) })),
  }));
  const b2csDocs = of('b2cs');
  const b2csRows = new Map<string, Figures & { sply_ty: string; pos: string; rateBp: number }>();
  for (const d of b2csDocs) {
    const sign = d.kind === 'credit' ? -1 : 1;
    for (const f of byRate(d.lines)) {
      const sply = d.intra ? 'INTRA' : 'INTER';
      const key = `${sply}|${d.pos}|${f.rateBp}`;
      const row = b2csRows.get(key) ?? { sply_ty: sply, pos: d.pos, rateBp: f.rateBp, ...zero() };
      add(row, f, sign);
      b2csRows.set(key, row);
    }
  }
  const b2cs = [...b2csRows.values()]
    .sort((a, b) => a.sply_ty.localeCompare(b.sply_ty) || a.pos.localeCompare(b.pos) || a.rateBp - b.rateBp)
    .map((r) => ({ sply_ty: r.sply_ty, pos: r.pos, typ: 'OE', ...itmDet(r, r.sply_ty === 'INTER') }));
  const note = (d: GstDocument) => ({ ntty: 'C', nt_num: d.no, nt_dt: ddmmyyyy(d.date), val: rupees(d.value), pos: d.pos, itms: items(d) });
  const cdnr = groupBy(of('cdnr'), (d) => d.ctin!).map(([ctin, docs]) => ({
    ctin,
    nt: docs.map((d) => extend(note(d), { rchrg: 'N', inv_typ: 'R' })),
  }));
  const cdnur = of('cdnur').map((d) => ({ typ: 'B2CL', ...note(d) }));

  const hsnB2b = hsnRows(documents.filter((d) => ['b2b', 'cdnr'].includes(sectionOf(d))));
  const hsnB2c = hsnRows(documents.filter((d) => ['b2cl', 'b2cs', 'cdnur'].includes(sectionOf(d))));
  const series = docSeries(documents);

  const credit = (d: GstDocument) => (d.kind === 'credit' ? -1 : 1);
  const totals: SectionTotal[] = [
    total('b2b', of('b2b')),
    total('b2cl', of('b2cl')),
    extend(total('b2cs', b2csDocs, credit), { count: b2cs.length }),
    total('cdnr', of('cdnr')),
    total('cdnur', of('cdnur')),
    hsnTotal('hsn_b2b', hsnB2b),
    hsnTotal('hsn_b2c', hsnB2c),
    { section: 'doc_issue', count: series.reduce((s, x) => s + x.docs[0]!.totnum, 0), value: 0, ...zero() },
  ];
  const missingHsn = documents.reduce((n, d) => n + d.lines.filter((l) => l.hsn === '').length, 0);
  const warnings = missingHsn > 0 ? [`${missingHsn} line(s) have no HSN code: the HSN summary shows them without one; set the items’ HSN codes.`] : [];

  const json = {
    gstin: scope.gstin,
    fp: scope.fp,
    b2b,
    b2cl,
    b2cs,
    cdnr,
    cdnur,
    hsn: { hsn_b2b: hsnB2b.map(hsnJson), hsn_b2c: hsnB2c.map(hsnJson) },
    doc_issue: { doc_det: series.length ? groupDocs(series) : [] },
  };
  return { json, totals, documents, warnings };
}

function groupBy<T>(list: T[], key: (t: T) => string): Array<[string, T[]]> {
  const out = new Map<string, T[]>();
  for (const t of list) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return [...out.entries()];
}

interface HsnRow extends Figures {
  hsn: string;
  rateBp: number;
  qty: number;
  service: boolean;
}

/** By HSN and rate; a credit note's lines come off. */
function hsnRows(docs: GstDocument[]): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const d of docs) {
    const sign = d.kind === 'credit' ? -1 : 1;
    for (const l of d.lines) {
      const key = `${l.hsn}|${l.rateBp}`;
      const row = rows.get(key) ?? { hsn: l.hsn, rateBp: l.rateBp, qty: 0, service: l.service, ...zero() };
      add(row, l, sign);
      if (!l.service) row.qty += sign * l.qty;
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp);
}

function hsnJson(r: HsnRow, i: number) {
  return {
    num: i + 1,
    hsn_sc: r.hsn,
    uqc: r.service ? 'NA' : 'NOS',
    qty: r.qty,
    rt: rt(r.rateBp),
    txval: rupees(r.txval),
    iamt: rupees(r.iamt),
    camt: rupees(r.camt),
    samt: rupees(r.samt),
    csamt: 0,
  };
}

function hsnTotal(section: 'hsn_b2b' | 'hsn_b2c', rows: HsnRow[]): SectionTotal {
  const t: SectionTotal = { section, count: rows.length, value: 0, ...zero() };
  for (const r of rows) {
    add(t, r);
    t.value += r.txval + r.iamt + r.camt + r.samt;
  }
  return t;
}

/** The portal's document types of table 13. */
const DOC_TYPES = { invoice: { doc_num: 1, doc_typ: 'Invoices for outward supply' }, credit: { doc_num: 5, doc_typ: 'Credit Note' } };

interface Series {
  type: keyof typeof DOC_TYPES;
  docs: [{ num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }];
}

/**
 * Each series is a number's text before its serial digits (AMD1/26/1-, AMD1/26T/1-, AMD1/26C/1-):
 * its lowest and highest number of the month and how many. No GST document is ever cancelled
 * here (a sale is taken back by a credit note), so cancelled is 0.
 */
export function docSeries(documents: GstDocument[]): Series[] {
  const groups = new Map<string, { type: Series['type']; nos: string[] }>();
  for (const d of documents) {
    const type = d.kind === 'credit' ? 'credit' : 'invoice';
    const prefix = d.no.replace(/\d+$/, '');
    const key = `${type}|${prefix}`;
    const g = groups.get(key) ?? { type, nos: [] };
    g.nos.push(d.no);
    groups.set(key, g);
  }
  const serial = (no: string) => Number(/\d+$/.exec(no)?.[0] ?? 0);
  return [...groups.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([, g]) => {
      const nos = [...g.nos].sort((a, b) => serial(a) - serial(b) || a.localeCompare(b));
      return { type: g.type, docs: [{ num: 0, from: nos[0]!, to: nos[nos.length - 1]!, totnum: nos.length, cancel: 0, net_issue: nos.length }] };
    });
}

function groupDocs(series: Series[]) {
  return (['invoice', 'credit'] as const)
    .map((type) =>
      extend(DOC_TYPES[type], { docs: series.filter((s) => s.type === type).map((s, i) => extend(s.docs[0], { num: i + 1 })) }),
    )
    .filter((t) => t.docs.length > 0);
}

/** The GSTINs the user may make returns for, with their branches: every one for an admin, a manager's own. */
export function fileableGstins(ctx: RequestContext): Array<{ gstin: string; stateId: number; branches: BranchRow[] }> {
  const mine = new Set([ctx.user.branchId, ...users(ctx.db).branchesOf(ctx.user.id)]);
  const all = branches(ctx.db).ofCompany(ctx.user.companyId).filter((b) => b.gstin && gstinProblem(b.gstin) === null);
  const out = new Map<string, { gstin: string; stateId: number; branches: BranchRow[] }>();
  for (const b of all) {
    const gstin = b.gstin!.trim().toUpperCase();
    const entry = out.get(gstin) ?? { gstin, stateId: b.state_id, branches: [] };
    entry.branches.push(b);
    out.set(gstin, entry);
  }
  return [...out.values()].filter((g) => ctx.user.role === 'admin' || g.branches.some((b) => mine.has(b.id)));
}

/** The downloads' file name: GSTR1_<GSTIN>_<MMYYYY>.<ext>. */
export const gstr1FileName = (scope: Gstr1Scope, ext: 'json' | 'xlsx') => `GSTR1_${scope.gstin}_${scope.fp}.${ext}`;
