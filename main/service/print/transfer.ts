/**
 * A stock transfer's document, A4. Between branches of one GSTIN: a DELIVERY CHALLAN (CGST Rule
 * 55: goods moved other than by way of supply): its number and date, consignor and consignee with
 * their addresses, states and GSTINs, per line the description, HSN, quantity and value. Between
 * distinct GST persons: a TAX INVOICE from the transfer_invoice series (16 characters), with the
 * place of supply and the IGST (or CGST+SGST) per line. Either way, the e-way bill's particulars
 * (GSTINs, HSN, value, tax, transport mode, vehicle, distance) when the consignment is over ₹50,000,
 * or whenever they were given; no e-way portal is called: the numbers are for filing it.
 */
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { printSource, type IssuerRow } from '../store/print-source.js';
import { EWAY_BILL_THRESHOLD } from '../stock/transfer.js';
import { transfers, type TransferRow } from '../store/transfer.js';
import { printedDate } from './dates.js';
import type { Block, Column, PrintedDocument, TotalRow } from './layout.js';
import { letterhead, stateWithCode } from './letterhead.js';
import { amount, percent, rupees } from './money.js';
import { PAPERS } from './paper.js';
import { amountInWords } from './words.js';

const MODES: Record<string, string> = { road: 'Road', rail: 'Rail', air: 'Air', ship: 'Ship', hand: 'Carried by hand' };

const party = (heading: string, b: IssuerRow) => ({
  heading,
  lines: [
    `${b.company_name}, ${b.branch_name}`,
    ...[b.address, b.city].filter((l): l is string => Boolean(l)),
    `State: ${stateWithCode(b.state_name, b.state_code)}`,
    `GSTIN: ${b.gstin ?? 'not registered'}`,
  ],
});

export function transferDocument(ctx: RequestContext, t: TransferRow): PrintedDocument {
  const source = printSource(ctx.db);
  const from = source.issuer(t.from_branch_id, ctx.user.companyId);
  const to = source.issuer(t.to_branch_id, ctx.user.companyId);
  if (!from || !to) throw notFound('No such transfer');
  const lines = transfers(ctx.db).lines(t.id);
  const invoice = t.document_kind === 'transfer_invoice';
  const intra = t.intra_state === 1;
  const money = (w: number, title: string): Column => ({ title, width: w, align: 'right' });
  const taxColumns: Column[] = !invoice ? [] : intra ? [money(0.9, 'CGST%'), money(1.1, 'CGST'), money(0.9, 'SGST%'), money(1.1, 'SGST')] : [money(0.9, 'IGST%'), money(1.2, 'IGST')];
  const columns: Column[] = [
    { title: '#', width: 0.45, align: 'right' },
    { title: 'Description', width: 3 },
    { title: 'Batch', width: 1.1 },
    { title: 'HSN', width: 1.0 },
    { title: 'Qty', width: 0.55, align: 'right' },
    money(1.2, 'Value/unit'),
    money(1.3, 'Taxable'),
    ...taxColumns,
    money(1.3, 'Total'),
  ];
  const rows = lines.map((l) => [
    String(l.line_no),
    `${l.item_name} (${l.item_code})`,
    l.batch_no + (l.expiry_date ? ` exp ${printedDate(l.expiry_date)}` : ''),
    l.hsn_code ?? '',
    String(l.qty),
    amount(l.unit_value),
    amount(l.taxable),
    ...(!invoice ? [] : intra ? [percent(l.rate_bp / 2), amount(l.cgst), percent(l.rate_bp / 2), amount(l.sgst)] : [percent(l.rate_bp), amount(l.igst)]),
    amount(l.taxable + l.cgst + l.sgst + l.igst),
  ]);
  const totals: TotalRow[] = [{ label: 'Taxable value', value: rupees(t.taxable) }];
  if (invoice && intra) totals.push({ label: 'CGST', value: rupees(t.cgst) }, { label: 'SGST', value: rupees(t.sgst) });
  if (invoice && !intra) totals.push({ label: 'IGST', value: rupees(t.igst) });
  totals.push({ label: invoice ? 'Invoice total' : 'Value of goods', value: rupees(t.total), strong: true });

  const eway = t.total > EWAY_BILL_THRESHOLD;
  const hsns = [...new Set(lines.map((l) => l.hsn_code).filter((h): h is string => Boolean(h)))].join(', ');
  const blocks: Block[] = [
    letterhead(ctx, from),
    invoice
      ? { kind: 'title', text: 'TAX INVOICE', note: 'STOCK TRANSFER TO A BRANCH REGISTERED SEPARATELY' }
      : { kind: 'title', text: 'DELIVERY CHALLAN', note: 'STOCK TRANSFER BETWEEN BRANCHES — NOT A SALE (RULE 55, CGST RULES)' },
    {
      kind: 'fields',
      columns: 2,
      rows: [
        [invoice ? 'Invoice no' : 'Challan no', t.document_no],
        ['Date', printedDate(t.dispatched_at.slice(0, 10))],
        invoice ? ['Place of supply', stateWithCode(to.state_name, to.state_code)] : ['Reason for transport', 'Branch transfer'],
        invoice ? ['Reverse charge', 'No'] : ['Items', String(lines.reduce((s, l) => s + l.qty, 0))],
      ],
    },
    { kind: 'parties', parts: [party(invoice ? 'Supplier (consignor)' : 'Consignor', from), party(invoice ? 'Recipient (consignee)' : 'Consignee', to)] },
    { kind: 'table', columns, rows },
    { kind: 'totals', rows: totals },
    { kind: 'text', text: `${invoice ? 'Amount' : 'Value'} in words: ${amountInWords(t.total)}`, strong: true },
  ];
  if (eway || t.transport_mode || t.vehicle_no || t.distance_km !== null) {
    blocks.push({ kind: 'heading', text: eway ? 'E-way bill particulars (value over ₹50,000: an e-way bill is required)' : 'Transport' });
    blocks.push({
      kind: 'fields',
      columns: 2,
      rows: [
        ['Consignor GSTIN', from.gstin ?? 'not registered'],
        ['Consignee GSTIN', to.gstin ?? 'not registered'],
        ['HSN', hsns || '—'],
        ['Value (taxable)', rupees(t.taxable)],
        ['Tax', rupees(t.cgst + t.sgst + t.igst)],
        ['Document', `${invoice ? 'Tax invoice' : 'Delivery challan'} ${t.document_no}`],
        ['Transport mode', t.transport_mode ? MODES[t.transport_mode]! : '—'],
        ['Vehicle no', t.vehicle_no ?? '—'],
        ['Distance', t.distance_km === null ? '—' : `${t.distance_km} km`],
        ['Transporter', t.transporter ?? '—'],
      ],
    });
  }
  if (t.note) blocks.push({ kind: 'text', text: `Note: ${t.note}`, small: true });
  if (invoice) blocks.push({ kind: 'text', text: 'The recipient branch takes the input tax of the goods it receives in good order.', small: true });
  blocks.push({ kind: 'signature', above: `For ${from.company_name}, ${from.branch_name}`, below: 'Authorised signatory' });
  blocks.push({ kind: 'signature', above: `Received at ${to.branch_name}`, below: 'Receiver’s signature and date' });
  const name = invoice ? 'Tax invoice' : 'Delivery challan';
  return { title: `${name} ${t.document_no}`, fileName: `${invoice ? 'transfer-invoice' : 'delivery-challan'}-${t.document_no}`, paper: PAPERS.A4, blocks };
}
