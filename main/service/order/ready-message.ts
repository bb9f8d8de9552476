/**
 * The "order ready" message (issue 16): the store's template (setting `message.orderReady`),
 * filled for one order, a click-to-chat link (wa.me) and "customer told" journaled on the order as
 * a `customer_told` event, which the order's history shows. Nothing is sent from here: the
 * cashier's own WhatsApp (or a copy into another app) sends it.
 */
import { storeDate } from '../../../shared/domain/calendar.js';
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import { READY_PLACEHOLDERS } from '../../../shared/models/order-ready.js';
import { collectedHere } from '../auth/ownership.js';
import { anyBranchOrders } from '../store/any-branch.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid } from '../errors.js';
import { journalEntries } from '../store/journal.js';
import type { OrderHeaderRow } from '../store/sales-order.js';
import { settings } from '../store/setting.js';
import { orderFromPath } from './order-view.js';

export const READY_TEMPLATE_SETTING = 'message.orderReady';
export const DEFAULT_READY_TEMPLATE =
  'Dear {customer}, your order {order} is ready for collection at {store}. Balance to pay: {balance}. Thank you!';
export const CUSTOMER_TOLD = 'customer_told';

const PLACEHOLDER = /\{(\w*)\}/g;

export function readyTemplate(ctx: RequestContext) {
  const own = settings(ctx.db).get(READY_TEMPLATE_SETTING)?.trim();
  return { template: own || DEFAULT_READY_TEMPLATE, custom: !!own, placeholders: READY_PLACEHOLDERS.map((p) => `{${p}}`) };
}

/** Sets the template; a placeholder the order cannot fill is refused, naming it. Empty: the built-in wording. */
export function setReadyTemplate(ctx: RequestContext, template: string) {
  const text = template.trim();
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[0]).filter((p) => !(READY_PLACEHOLDERS as readonly string[]).includes(p.slice(1, -1)));
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].join(', ');
    throw invalid(`The message has a placeholder the order cannot fill: ${list}`, {
      template: [`Unknown placeholder ${list}; use ${READY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`],
    });
  }
  ctx.db.transaction(() => settings(ctx.db).set(READY_TEMPLATE_SETTING, text)).immediate();
  return readyTemplate(ctx);
}

const rupeeText = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The 12 digits wa.me wants (91 and the mobile), or null for anything but an Indian mobile. */
export function whatsAppNumber(mobile: string | null | undefined): string | null {
  const digits = (mobile ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  return null;
}

/** The template with the order's values in its placeholders; {store} is where it is collected (collectAt, else the booking branch). */
export function fillTemplate(template: string, order: OrderHeaderRow, collectAt?: string): string {
  const values: Record<string, string> = {
    customer: [order.first_name, order.last_name].filter(Boolean).join(' ').trim() || 'customer',
    order: order.order_no,
    balance: rupeeText(Math.max(0, order.net_amount - order.insurance_amount - order.received)),
    store: collectAt || order.branch_name || order.company_name,
    due: storeDate(order.delivery_date) ?? '',
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

export function readyMessage(ctx: RequestContext, order: OrderHeaderRow) {
  // Any branch serves any customer: the customer collects it where it was booked for.
  const text = fillTemplate(readyTemplate(ctx).template, order, anyBranchOrders(ctx.db).collection(order.id).collect_branch_name);
  const number = whatsAppNumber(order.mobile);
  return {
    text,
    whatsAppUrl: number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null,
    toldAt: journalEntries(ctx.db).lastEventAt(CUSTOMER_TOLD, order.id),
  };
}

/** "Customer told", journaled on the order; one immediate transaction. */
export function customerTold(ctx: RequestContext, salesOrderId: string, channel: string) {
  return ctx.db
    .transaction(() => {
      const order = orderFromPath(ctx, salesOrderId);
      collectedHere(ctx, order);
      if (order.status_id === SALES_ORDER_STATUS.Cancelled) throw conflict(`Order ${order.order_no} is cancelled: there is nothing to collect.`, 'ORDER_ALREADY_CANCELLED');
      journalEntries(ctx.db).event(CUSTOMER_TOLD, order.id, { order: order.order_no, channel });
      return { toldAt: journalEntries(ctx.db).lastEventAt(CUSTOMER_TOLD, order.id) ?? ctx.now().toISOString() };
    })
    .immediate();
}
