/**
 * A customer's return on paper: the return receipt handed over at the counter (receipt paper),
 * and, when the sale was invoiced, the GST credit note (A4) with what CGST Rule 53 asks of one:
 * the supplier's name, address and GSTIN; "Credit note" as the document's nature; a serial number
 * of at most 16 characters unique in the financial year, and its date; the recipient's name and
 * address (and GSTIN when registered); the serial number and date of the tax invoice it reduces;
 * per line the description, HSN, quantity, taxable value, the rate and the CGST+SGST or IGST
 * credited, exactly as the invoice had them (its share of each line, returns/take-return.ts);
 * the total, and a signature. Figures are the return's as stored.
 */
import type { RequestContext } from '../context.js';
import { masksMobiles, mobileShown } from '../customer/mobile.js';
import { invalid, notFound } from '../errors.js';
import { printSource } from '../store/print-source.js';
import { salesReturns, type SalesReturnLineRow, type SalesReturnRow } from '../store/sales-return.js';
import { printedDate } from './dates.js';
import { recipientGstin, recipientLines } from './invoice.js';
import type { Block, Column, PrintedDocument, TotalRow } from './layout.js';
import { issuerLines, letterhead, stateWithCode } from './letterhead.js';
import { amount, percent, rupees, signedRupees } from './money.js';
import { PAPERS } from './paper.js';
import { customerName } from './receipt.js';
import { printSettings } from './settings.js';
import { amountInWords } from './words.js';

const SETTLED: Record<SalesReturnRow['settlement'], string> = { refund: 'Refunded', credit_note: 'Onto credit note', exchange: 'Exchanged' };

const describe = (l: SalesReturnLineRow) => (l.eye ? `${l.name} (${l.eye === 'R' ? 'right eye' : 'left eye'})` : l.name);

export function findReturn(ctx: RequestContext, idText: string): SalesReturnRow {
  const r = salesReturns(ctx.db).byId(ctx.decode('salesReturn', idText, 'salesReturnId'), ctx.user.companyId);
  if (!r) throw notFound('No such return');
  return r;
}

/** The return receipt: what came back, where it went, and how the money was settled. */
export function returnReceiptDocument(ctx: RequestContext, r: SalesReturnRow): PrintedDocument {
  const source = printSource(ctx.db);
  const issuer = source.issuer(r.branch_id, ctx.user.companyId);
  const customer = source.customer(r.customer_id, ctx.user.companyId);
  if (!issuer || !customer) throw notFound('No such return');
  const paper = printSettings(ctx.db).receiptPaper;
  const roll = paper.heightMm === null;
  const lines = salesReturns(ctx.db).linesOf(r.id);
  const rows: [string, string][] = [
    ['Return no', r.return_no],
    ['Date', printedDate(r.return_date)],
    ['Order no', r.order_no],
    ['Order date', printedDate(r.order_date)],
    ['Customer', customerName(customer)],
  ];
  const mobile = mobileShown(masksMobiles(ctx), customer.mobile);
  if (mobile) rows.push(['Mobile', mobile]);
  if (r.gst_credit_note_no) rows.push(['GST credit note', r.gst_credit_note_no]);
  const money: TotalRow[] = [{ label: 'Value of goods back', value: rupees(r.amount), strong: true }];
  if (r.rounding !== 0) money.unshift({ label: 'Round off', value: signedRupees(r.rounding) });
  if (r.refund_amount > 0) money.push({ label: `Refunded (${r.refund_kind ?? 'Cash'})`, value: rupees(r.refund_amount), strong: true });
  if (r.credit_note_no) money.push({ label: r.settlement === 'exchange' ? `Paid into order ${r.exchange_order_no ?? ''}` : `Credit note ${r.credit_note_no}`, value: rupees(r.amount - r.refund_amount) });
  const blocks: Block[] = [
    letterhead(ctx, issuer),
    { kind: 'title', text: 'RETURN RECEIPT', note: SETTLED[r.settlement] },
    { kind: 'fields', columns: 2, rows },
    {
      kind: 'table',
      columns: [
        { title: 'Item', width: roll ? 3 : 5 },
        { title: 'Qty', width: 0.6, align: 'right' },
        { title: 'To', width: roll ? 1.2 : 1.3 },
        { title: 'Amount', width: roll ? 1.6 : 1.5, align: 'right' },
      ],
      rows: lines.map((l) => [describe(l), String(l.qty), l.destination === 'stock' ? 'Stock' : 'Damaged', rupees(l.total)]),
    },
    { kind: 'totals', rows: money },
    { kind: 'fields', rows: [['Reason', r.reason], ...(r.approved_by_name ? [['Approved by', r.approved_by_name] as [string, string]] : []), ['Taken by', r.created_by_name]] },
  ];
  if (r.exchange_order_no) blocks.push({ kind: 'text', text: `Exchanged for order ${r.exchange_order_no}.`, small: true });
  blocks.push({ kind: 'text', text: 'Thank you', align: 'center', small: true });
  return { title: `Return ${r.return_no}`, fileName: `return-${r.return_no}`, paper, blocks };
}

/** The GST credit note against the invoice (A4); a 400 when the sale was not invoiced. */
export function gstCreditNoteDocument(ctx: RequestContext, r: SalesReturnRow): PrintedDocument {
  if (!r.gst_credit_note_no || !r.invoice_no || !r.invoice_date) {
    throw invalid('This return has no GST credit note: the sale was not invoiced', { salesReturnId: ['A return of an invoiced sale'] });
  }
  const source = printSource(ctx.db);
  const issuer = source.issuer(r.branch_id, ctx.user.companyId);
  const customer = source.customer(r.customer_id, ctx.user.companyId);
  const order = source.order(r.sales_order_id, ctx.user.companyId);
  if (!issuer || !customer || !order) throw notFound('No such return');
  const intraState = r.intra_state === 1;
  const placeOfSupply = order.supply_state_name && order.supply_state_code
    ? stateWithCode(order.supply_state_name, order.supply_state_code)
    : stateWithCode(issuer.state_name, issuer.state_code);
  const gstin = recipientGstin(customer);
  const lines = salesReturns(ctx.db).linesOf(r.id);
  const money = (w: number, title: string): Column => ({ title, width: w, align: 'right' });
  const columns: Column[] = [
    { title: '#', width: 0.45, align: 'right' },
    { title: 'Description', width: 3 },
    { title: 'HSN/SAC', width: 1.1 },
    { title: 'Qty', width: 0.55, align: 'right' },
    money(1.3, 'Taxable'),
    ...(intraState ? [money(0.95, 'CGST%'), money(1.15, 'CGST'), money(0.95, 'SGST%'), money(1.15, 'SGST')] : [money(0.95, 'IGST%'), money(1.3, 'IGST')]),
    money(1.35, 'Total'),
  ];
  const rows = lines.map((l, i) => {
    const half = percent(l.gst_rate_bp / 2);
    return [
      String(i + 1), describe(l), l.hsn_code ?? '', String(l.qty), amount(l.taxable),
      ...(intraState ? [half, amount(l.cgst), half, amount(l.sgst)] : [percent(l.gst_rate_bp), amount(l.igst)]),
      amount(l.total),
    ];
  });
  const totals: TotalRow[] = [{ label: 'Taxable value', value: rupees(r.taxable) }];
  if (intraState) totals.push({ label: 'CGST', value: rupees(r.cgst) }, { label: 'SGST', value: rupees(r.sgst) });
  else totals.push({ label: 'IGST', value: rupees(r.igst) });
  totals.push({ label: 'Round off', value: signedRupees(r.rounding) }, { label: 'Credit note total', value: rupees(r.amount), strong: true });
  const blocks: Block[] = [
    letterhead(ctx, issuer),
    { kind: 'title', text: 'CREDIT NOTE', note: 'GST: SECTION 34 CGST ACT, RULE 53' },
    {
      kind: 'fields',
      columns: 2,
      rows: [
        ['Credit note no', r.gst_credit_note_no],
        ['Credit note date', printedDate(r.return_date)],
        ['Against invoice no', r.invoice_no],
        ['Invoice date', printedDate(r.invoice_date)],
        ['Place of supply', placeOfSupply],
        ['Reason', `Goods returned: ${r.reason}`],
      ],
    },
    {
      kind: 'parties',
      parts: [
        {
          heading: 'Supplier',
          lines: issuerLines(issuer),
        },
        {
          heading: 'Recipient',
          lines: recipientLines(customer, gstin),
        },
      ],
    },
    { kind: 'table', columns, rows },
    { kind: 'totals', rows: totals },
    { kind: 'text', text: `Amount in words: ${amountInWords(r.amount)}`, strong: true },
    { kind: 'text', text: `Tax credited as charged on invoice ${r.invoice_no}; return ${r.return_no} of order ${r.order_no}.`, small: true },
    { kind: 'signature', above: `For ${issuer.company_name}`, below: 'Authorised signatory' },
  ];
  return { title: `Credit note ${r.gst_credit_note_no}`, fileName: `credit-note-${r.gst_credit_note_no}`, paper: PAPERS.A4, blocks };
}
