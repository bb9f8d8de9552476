/**
 * The receipt handed over at the counter (80 mm roll, or A5 by store setting): who paid what
 * against which order, what was paid before, what is still due, how it was paid, the terms and
 * a QR of the order number for the look-up at delivery. Figures are as at this receipt, so a
 * reprint says what the original said even after later payments.
 */
import { RECEIPT_STATUS, RECEIPT_STATUS_NAMES, SALES_ORDER_STATUS, type ReceiptStatusId } from '../../../shared/contract/statuses.js';
import type { RequestContext } from '../context.js';
import { masksMobiles, mobileShown } from '../customer/mobile.js';
import { invalid, notFound } from '../errors.js';
import { creditNotes } from '../store/credit-note.js';
import { printSource, type PrintCustomerRow, type PrintReceiptRow } from '../store/print-source.js';
import { salesOrders } from '../store/sales-order.js';
import { printedDate, printedDateTime } from './dates.js';
import type { Block, PrintedDocument } from './layout.js';
import { letterhead } from './letterhead.js';
import { rupees } from './money.js';
import type { Paper } from './paper.js';
import { orderRxTable } from './rx.js';
import { printSettings } from './settings.js';

export const customerName = (c: Pick<PrintCustomerRow, 'title' | 'first_name' | 'last_name'>): string =>
  [c.title, c.first_name, c.last_name].filter(Boolean).join(' ');

export const copyLabel = (external: boolean): string => (external ? 'Customer copy' : 'Store copy');

function paymentLine(r: PrintReceiptRow): string {
  const details = [
    r.card_type,
    r.card_no ? `card ending ${r.card_no}` : null,
    r.cheque_no ? `cheque ${r.cheque_no}` : null,
    r.bank_name,
    r.approval_code ? `approval ${r.approval_code}` : null,
    r.reference_no ? `ref. ${r.reference_no}` : null,
  ].filter(Boolean);
  return details.length ? `${r.kind_name} (${details.join(', ')})` : r.kind_name;
}

/** `paper` overrides the store's receipt paper: an ESC/POS printer is always a roll. */
export function receiptDocument(ctx: RequestContext, receipt: PrintReceiptRow, external: boolean, paper?: Paper): PrintedDocument {
  const source = printSource(ctx.db);
  const companyId = ctx.user.companyId;
  const issuer = source.issuer(receipt.branch_id, companyId);
  const customer = source.customer(receipt.customer_id, companyId);
  if (!issuer || !customer) throw notFound('No such receipt');
  const settings = printSettings(ctx.db);
  const { receiptPrescription, terms } = settings;
  const receiptPaper = paper ?? settings.receiptPaper;
  const roll = receiptPaper.heightMm === null;
  const order = receipt.sales_order_id === null ? undefined : source.order(receipt.sales_order_id, companyId);
  const lines = order ? source.lines(order.id) : [];

  const blocks: Block[] = [letterhead(ctx, issuer), { kind: 'title', text: 'RECEIPT', note: copyLabel(external) }];
  const siblings = source.sameSale(receipt);
  const together = siblings.length > 1 ? siblings : [receipt];
  const received = receipt.status_id === RECEIPT_STATUS.Received;
  // A reprint says what became of the money: cancelled, refunded, or which credit note holds it now.
  if (!received) blocks.push({ kind: 'stamp', text: receiptStatusLine(ctx, receipt).toUpperCase() });
  const invoiceNo = order ? source.invoiceNoOfOrder(order.id) : null;
  const rows: [string, string][] = [
    ['Receipt no', receipt.receipt_no],
    ['Receipt date', printedDate(receipt.receipt_date)],
  ];
  if (order) {
    rows.push(['Order no', order.order_no], ['Order date', printedDate(order.order_date)]);
    // Handed over (a cash-and-carry sale is Delivered when saved) or the collection promised.
    if (order.status_id === SALES_ORDER_STATUS.Delivered) rows.push(['Status', 'Delivered']);
    else if (order.delivery_date && order.status_id !== SALES_ORDER_STATUS.Cancelled) rows.push(['Delivery', printedDateTime(order.delivery_date, order.delivery_time)]);
    if (invoiceNo) rows.push(['Invoice no', invoiceNo]);
  }
  rows.push(['Customer', customerName(customer)]);
  const mobile = mobileShown(masksMobiles(ctx), customer.mobile);
  if (mobile) rows.push(['Mobile', mobile]);
  blocks.push({ kind: 'fields', columns: 2, rows });

  if (order) {
    blocks.push({
      kind: 'table',
      columns: [
        { title: 'Item', width: roll ? 3.2 : 5 },
        { title: 'Qty', width: 0.7, align: 'right' },
        { title: 'Amount', width: roll ? 1.7 : 1.5, align: 'right' },
      ],
      rows: lines.map((l) => [l.eye ? `${l.name} (${l.eye === 'R' ? 'right' : 'left'})` : l.name, String(l.qty), rupees(l.total)]),
    });
    // Received receipts before this one (before the first of a split payment, which prints as
    // one payment); this one counts only while it stands as received.
    const payments = source.payments(order.id);
    const at = payments.findIndex((p) => p.id === (together[0] ?? receipt).id);
    const before = (at >= 0 ? payments.slice(0, at) : payments.filter((p) => p.receipt_date < receipt.receipt_date)).reduce((s, p) => s + p.amount, 0);
    const paidNow = together.length > 1 ? together.filter((r) => r.status_id === RECEIPT_STATUS.Received).reduce((s, r) => s + r.amount, 0) : receipt.amount;
    // The balance is the order's as it stands now (DUE_SQL), not as it stood when this was first
    // printed: a later payment, a cancel or a move to a credit note all show on a reprint.
    const cancelled = order.status_id === SALES_ORDER_STATUS.Cancelled;
    const due = salesOrders(ctx.db).balance(order.id);
    blocks.push({
      kind: 'totals',
      rows: [
        { label: 'Order total', value: rupees(order.net_amount) },
        ...(order.insurance_amount > 0 ? [{ label: 'Insurer pays', value: rupees(order.insurance_amount) }] : []),
        { label: 'Paid before', value: rupees(before) },
        received
          ? { label: 'Paid now', value: rupees(paidNow), strong: true }
          : { label: RECEIPT_STATUS_NAMES[receipt.status_id as ReceiptStatusId], value: rupees(receipt.amount) },
        cancelled
          ? { label: 'Order', value: 'Cancelled', strong: true }
          : { label: 'Balance due', value: rupees(Math.max(0, due)), strong: true },
      ],
    });
  } else {
    blocks.push({ kind: 'totals', rows: [{ label: 'Advance received', value: rupees(receipt.amount), strong: true }] });
  }
  // A split payment (issue 16) names each part; cash handed over shows with its change.
  const paidBy: [string, string][] = together.length > 1
    ? together.map((r) => ['Paid by', `${paymentLine(r)} ${rupees(r.amount)}${r.id === receipt.id ? '' : ` (${r.receipt_no})`}`])
    : [['Paid by', paymentLine(receipt)]];
  for (const r of together) {
    if (r.tendered !== null) paidBy.push(['Tendered', rupees(r.tendered)], ['Change', rupees(r.tendered - r.amount)]);
  }
  blocks.push({ kind: 'fields', rows: paidBy });

  if (order && receiptPrescription) {
    const rx = orderRxTable(lines, !roll);
    if (rx) blocks.push({ kind: 'heading', text: 'Prescription' }, rx);
  }
  // An order still to be handed over is collected against this slip.
  const collect = order && order.status_id !== SALES_ORDER_STATUS.Delivered && order.status_id !== SALES_ORDER_STATUS.Cancelled;
  const notes = [...(collect ? ['Please bring this receipt when you collect your order.'] : []), ...terms];
  if (notes.length) {
    blocks.push({ kind: 'rule' });
    for (const note of notes) blocks.push({ kind: 'text', text: note, small: true });
  }
  const lookUp = order?.order_no ?? receipt.receipt_no;
  blocks.push({ kind: 'qr', text: lookUp, caption: order ? `Order ${lookUp}` : `Receipt ${lookUp}` });
  blocks.push({ kind: 'text', text: 'Thank you', align: 'center', small: true });

  return {
    title: `Receipt ${receipt.receipt_no}`,
    fileName: `receipt-${receipt.receipt_no}`,
    paper: receiptPaper,
    blocks,
  };
}

/** The receipt a print request names: the body's ENC id, else `?receiptNo=`; another company's is not found. */
export function findReceipt(ctx: RequestContext, body: string, receiptNo: string): PrintReceiptRow {
  const source = printSource(ctx.db);
  let receipt: PrintReceiptRow | undefined;
  if (body.trim()) receipt = source.receiptById(ctx.decode('receipt', body.trim(), 'body'), ctx.user.companyId);
  else if (receiptNo.trim()) receipt = source.receiptByNo(receiptNo.trim(), ctx.user.companyId);
  else throw invalid('Name the receipt', { body: ['The receipt’s ENC id, or "" with ?receiptNo='] });
  if (!receipt) throw notFound('No such receipt');
  return receipt;
}

/** What became of a receipt that no longer stands as received, naming the credit note that holds its money. */
export function receiptStatusLine(ctx: RequestContext, receipt: PrintReceiptRow): string {
  const name = RECEIPT_STATUS_NAMES[receipt.status_id as ReceiptStatusId] ?? `Status ${receipt.status_id}`;
  if (receipt.status_id !== RECEIPT_STATUS.MovedToCreditNote) return name;
  const notes = creditNotes(ctx.db);
  const no = receipt.credit_note_id !== null ? notes.numberOf(receipt.credit_note_id) : notes.numberFromReceipt(receipt.id);
  return no ? `${name} ${no}` : name;
}
