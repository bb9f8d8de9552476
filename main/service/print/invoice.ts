/**
 * The A4 GST tax invoice, with what CGST Rule 46 asks of one: the supplier's name, address and
 * GSTIN; a serial number of at most 16 characters and the date; the recipient's name and
 * address (and GSTIN when registered); the place of supply with its state name and code; per
 * line the description, HSN, quantity and unit, rate, discount, taxable value and the CGST+SGST
 * or IGST rate and amount; totals, the round-off, the amount in words, whether tax is on reverse
 * charge, and a signature line. Every figure is the one stored when the order was booked.
 */
import { halves } from '../../../shared/domain/gst.js';
import { gstinProblem } from '../../../shared/domain/gstin.js';
import type { RequestContext } from '../context.js';
import { masksMobiles, mobileShown } from '../customer/mobile.js';
import { notFound } from '../errors.js';
import { printSource, type PrintCustomerRow, type PrintInvoiceRow, type PrintLineRow, type PrintOrderRow } from '../store/print-source.js';
import { printedDate } from './dates.js';
import type { Block, Column, TotalRow } from './layout.js';
import type { PrintedDocument } from './layout.js';
import { issuerLines, letterhead, stateWithCode } from './letterhead.js';
import { amount, percent, rupees, signedRupees } from './money.js';
import { PAPERS } from './paper.js';
import { customerName } from './receipt.js';
import { printSettings } from './settings.js';
import { amountInWords } from './words.js';

/** Rule 48: the original goes to the recipient; the supplier keeps the triplicate. */
export const invoiceCopyLabel = (external: boolean): string => (external ? 'Original for recipient' : 'Triplicate for supplier');

/** Uniform quantity code on the invoice: every optical line is counted in pieces. */
const UNIT = 'Nos';

function postalLines(c: PrintCustomerRow): string[] {
  const street = [c.house_number, c.society_name, c.street, c.area, c.landmark, c.address].filter(Boolean).join(', ');
  const town = [c.city, c.zip_code].filter(Boolean).join(' ');
  return [street, town].filter(Boolean);
}

/** The customer as the recipient party of a GST document: name, address, state and GSTIN. */
export function recipientLines(c: PrintCustomerRow, gstin: string | null): string[] {
  return [
    customerName(c),
    ...postalLines(c),
    ...(c.state_name ? [`State: ${stateWithCode(c.state_name, c.state_code!)}`] : []),
    `GSTIN: ${gstin ?? 'unregistered'}`,
  ];
}

/** The recipient's GSTIN when the tax number on record is one; a PAN or anything else is not printed as a GSTIN. */
export function recipientGstin(c: PrintCustomerRow): string | null {
  const tax = c.tax_no?.trim().toUpperCase();
  return tax && gstinProblem(tax) === null ? tax : null;
}

const describe = (l: PrintLineRow) => (l.eye ? `${l.name} (${l.eye === 'R' ? 'right eye' : 'left eye'})` : l.name);

/** The job charges' own invoice line: a service with its SAC code, taxed as the order stored it. */
function jobRow(order: PrintOrderRow, intraState: boolean, n: number): string[] | null {
  if (order.job_gst_rate_bp === null || order.job_charges === 0) return null;
  const tax = order.service_tax;
  const { cgst, sgst } = halves(tax);
  const half = percent(order.job_gst_rate_bp / 2);
  return [
    String(n),
    'Fitting and job charges',
    order.job_sac ?? '',
    '1',
    'Job',
    amount(order.job_charges),
    amount(0),
    amount(order.job_charges),
    ...(intraState ? [half, amount(cgst), half, amount(sgst)] : [percent(order.job_gst_rate_bp), amount(tax)]),
    amount(order.job_charges + tax),
  ];
}

function lineTable(lines: readonly PrintLineRow[], intraState: boolean, job: string[] | null): Block {
  const money = (w: number, title: string): Column => ({ title, width: w, align: 'right' });
  const columns: Column[] = [
    { title: '#', width: 0.45, align: 'right' },
    { title: 'Description', width: 2.6 },
    { title: 'HSN/SAC', width: 1.1 },
    { title: 'Qty', width: 0.55, align: 'right' },
    { title: 'Unit', width: 0.7 },
    money(1.2, 'Rate'),
    money(1.0, 'Disc.'),
    money(1.3, 'Taxable'),
    ...(intraState ? [money(0.95, 'CGST%'), money(1.15, 'CGST'), money(0.95, 'SGST%'), money(1.15, 'SGST')] : [money(0.95, 'IGST%'), money(1.3, 'IGST')]),
    money(1.35, 'Total'),
  ];
  const rows = lines.map((l, i) => {
    const half = percent(l.gst_rate_bp / 2);
    return [
      String(i + 1),
      describe(l),
      l.hsn_code ?? '',
      String(l.qty),
      UNIT,
      amount(l.price),
      amount(l.discount),
      amount(l.taxable),
      ...(intraState ? [half, amount(l.cgst), half, amount(l.sgst)] : [percent(l.gst_rate_bp), amount(l.igst)]),
      amount(l.total),
    ];
  });
  return { kind: 'table', columns, rows: job ? [...rows, job] : rows };
}

export function invoiceDocument(ctx: RequestContext, invoice: PrintInvoiceRow, external: boolean): PrintedDocument {
  const source = printSource(ctx.db);
  const companyId = ctx.user.companyId;
  const issuer = source.issuer(invoice.branch_id, companyId);
  const customer = source.customer(invoice.customer_id, companyId);
  const order = source.order(invoice.sales_order_id, companyId);
  if (!issuer || !customer || !order) throw notFound('No such invoice');
  const lines = source.lines(order.id);
  const intraState = order.intra_state === 1;
  // The place of supply fixed when the order was sold (sale/place-of-supply.ts), never the
  // customer's record as it is today.
  const placeOfSupply =
    order.supply_state_name && order.supply_state_code
      ? stateWithCode(order.supply_state_name, order.supply_state_code)
      : stateWithCode(issuer.state_name, issuer.state_code);
  const gstin = recipientGstin(customer);
  // Masked for the roles that see masked numbers everywhere else (docs/decisions.md, "Masked mobiles").
  const mobile = mobileShown(masksMobiles(ctx), customer.mobile);
  const { terms } = printSettings(ctx.db);

  const blocks: Block[] = [
    letterhead(ctx, issuer),
    { kind: 'title', text: 'TAX INVOICE', note: invoiceCopyLabel(external).toUpperCase() },
    {
      kind: 'fields',
      columns: 2,
      rows: [
        ['Invoice no', invoice.invoice_no],
        ['Invoice date', printedDate(invoice.invoice_date)],
        ['Order no', order.order_no],
        ['Order date', printedDate(order.order_date)],
        ['Place of supply', placeOfSupply],
        ['Reverse charge', 'No'],
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
          heading: 'Recipient (billed to)',
          lines: [...recipientLines(customer, gstin), ...(mobile ? [`Mobile: ${mobile}`] : [])],
        },
      ],
    },
    lineTable(lines, intraState, jobRow(order, intraState, lines.length + 1)),
  ];

  const totals: TotalRow[] = [{ label: 'Taxable value', value: rupees(invoice.taxable) }];
  if (intraState) totals.push({ label: 'CGST', value: rupees(invoice.cgst) }, { label: 'SGST', value: rupees(invoice.sgst) });
  else totals.push({ label: 'IGST', value: rupees(invoice.igst) });
  // Taxed job charges are a line of the table above and inside the tax totals; an older order's
  // untaxed charges are listed here as they were billed.
  const jobTaxed = order.job_gst_rate_bp !== null;
  for (const [label, paise] of [
    ['Job charges', jobTaxed ? 0 : order.job_charges],
    ['Shipping charges', order.shipping_charges],
    ['Other charges', order.other_charges],
    ['Service tax', jobTaxed ? 0 : order.service_tax],
  ] as const) {
    if (paise !== 0) totals.push({ label, value: rupees(paise) });
  }
  totals.push({ label: 'Round off', value: signedRupees(invoice.rounding) }, { label: 'Invoice total', value: rupees(invoice.net_amount), strong: true });
  blocks.push({ kind: 'totals', rows: totals });
  blocks.push({ kind: 'text', text: `Amount in words: ${amountInWords(invoice.net_amount)}`, strong: true });
  if (lines.some((l) => l.price_includes_tax === 1)) {
    blocks.push({ kind: 'text', text: 'Rates include GST: the taxable value is the amount after discount, less the GST in it.', small: true });
  }
  if (terms.length) {
    blocks.push({ kind: 'rule' });
    for (const term of terms) blocks.push({ kind: 'text', text: term, small: true });
  }
  blocks.push({ kind: 'signature', above: `For ${issuer.company_name}`, below: 'Authorised signatory' });

  return { title: `Tax invoice ${invoice.invoice_no}`, fileName: `invoice-${invoice.invoice_no}`, paper: PAPERS.A4, blocks };
}

/** The invoice a print request names by its ENC id; another company's is not found. */
export function findInvoice(ctx: RequestContext, body: string): PrintInvoiceRow {
  const invoice = printSource(ctx.db).invoice(ctx.decode('invoice', body.trim(), 'body'), ctx.user.companyId);
  if (!invoice) throw notFound('No such invoice');
  return invoice;
}
