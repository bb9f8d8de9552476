/**
 * The lab job card for a lens order (A5): order and lab order numbers, booked and due dates,
 * lab, fitter and priority, the branch the job goes to when another branch hands it over, the frame, the lenses, the per-eye Rx as sold (what the lab grinds,
 * with PD and fitting height), fitting notes, and a QR of the order number for the bench.
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { RequestContext } from '../context.js';
import { masksMobiles, mobileShown } from '../customer/mobile.js';
import { notFound } from '../errors.js';
import { printSource, type PrintLineRow } from '../store/print-source.js';
import { anyBranchOrders } from '../store/any-branch.js';
import { branches } from '../store/branch.js';
import { printedDate, printedDateTime } from './dates.js';
import type { Block, PrintedDocument } from './layout.js';
import { letterhead } from './letterhead.js';
import { PAPERS } from './paper.js';
import { customerName } from './receipt.js';
import { eyeLines, orderRxTable } from './rx.js';

const FRAME_TYPES = new Set(['Frame', 'SunGlass']);
const eyeName = (l: PrintLineRow) => (l.eye === 'R' ? 'Right' : 'Left');

export function jobCard(ctx: RequestContext, body: string): PrintedDocument {
  const source = printSource(ctx.db);
  const companyId = ctx.user.companyId;
  const order = source.order(ctx.decode('salesOrder', body.trim(), 'body'), companyId);
  if (!order) throw notFound('No such sales order');
  const issuer = source.issuer(order.branch_id, companyId);
  const customer = source.customer(order.customer_id, companyId);
  if (!issuer || !customer) throw notFound('No such sales order');
  const lines = source.lines(order.id);
  const lab = source.labOrder(order.id);

  // The numbers get a line each (with the till code they are too long for half a line of A5).
  const numbers: [string, string][] = [['Order no', order.order_no]];
  const rows: [string, string][] = [
    ['Booked', printedDate(order.order_date)],
    ['Due', printedDateTime(order.delivery_date, order.delivery_time) || 'not set'],
  ];
  if (lab) {
    numbers.push(['Lab order', lab.po_no]);
    if (lab.expected_date) rows.push(['Lab due', printedDate(lab.expected_date)]);
    if (lab.supplier) rows.push(['Lab', lab.supplier]);
    if (lab.fitter) rows.push(['Fitter', lab.fitter]);
    if (lab.priority) rows.push(['Priority', lab.priority]);
  }
  // Any branch serves any customer: the finished job goes to the branch that hands it over.
  const collect = anyBranchOrders(ctx.db).collection(order.id);
  if (collect.collect_branch_id !== null) {
    const address = branches(ctx.db).byId(collect.collect_branch_id)?.address;
    numbers.push(['Deliver to', address ? `${collect.collect_branch_name} branch, ${address}` : `${collect.collect_branch_name} branch`]);
  }
  rows.push(['Customer', customerName(customer)]);
  const mobile = mobileShown(masksMobiles(ctx), customer.mobile);
  if (mobile) rows.push(['Mobile', mobile]);
  if (order.doctor_name) rows.push(['Doctor', order.doctor_name]);

  const blocks: Block[] = [letterhead(ctx, issuer), { kind: 'title', text: 'LAB JOB CARD', note: lab ? lab.po_no : null }];
  if (order.status_id === SALES_ORDER_STATUS.Cancelled) blocks.push({ kind: 'stamp', text: 'CANCELLED' });
  blocks.push({ kind: 'fields', columns: 1, rows: numbers }, { kind: 'fields', columns: 2, rows });

  const frames = lines.filter((l) => FRAME_TYPES.has(l.item_type_code));
  blocks.push({ kind: 'heading', text: 'Frame' });
  if (frames.length) {
    blocks.push({ kind: 'table', columns: [{ title: 'Frame', width: 4 }, { title: 'Code', width: 1.6 }, { title: 'Qty', width: 0.6, align: 'right' }], rows: frames.map((f) => [f.name, f.code, String(f.qty)]) });
  } else {
    blocks.push({ kind: 'text', text: 'No frame sold on this order: fit the customer’s own frame.' });
  }
  const lenses = eyeLines(lines);
  if (lenses.length) {
    blocks.push(
      { kind: 'heading', text: 'Lenses' },
      { kind: 'table', columns: [{ title: 'Eye', width: 0.9 }, { title: 'Lens', width: 4 }, { title: 'Code', width: 1.6 }], rows: lenses.map((l) => [eyeName(l), l.name, l.code]) },
    );
    const rx = orderRxTable(lines, true);
    if (rx) blocks.push({ kind: 'heading', text: 'Prescription' }, rx);
  }
  const notes = [
    ...lenses.filter((l) => l.near).map((l) => `${eyeName(l)} near: ${l.near}`),
    ...lenses.filter((l) => l.rx_remarks).map((l) => `${eyeName(l)}: ${l.rx_remarks}`),
    ...(order.remarks ? [order.remarks] : []),
    ...(lab?.remarks ? [lab.remarks] : []),
  ];
  if (notes.length) {
    blocks.push({ kind: 'heading', text: 'Fitting notes' });
    for (const note of notes) blocks.push({ kind: 'text', text: note });
  }
  blocks.push({ kind: 'qr', text: order.order_no, caption: `Order ${order.order_no}` });

  return { title: `Job card ${order.order_no}`, fileName: `job-card-${order.order_no}`, paper: PAPERS.A5, blocks };
}
