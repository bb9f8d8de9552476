/**
 * When the customer collects the order: the promise made at the counter, and whether the order is
 * handed over at once (issue 11).
 *
 * The date (and time) comes from salesorderModel — deliveryDate, else deliveryDateString, else
 * deliveryDateDays after the booking day — or, when the counter said nothing, from the store's
 * turnaround per kind of job: ready-made goods 0 days, an item ordered from a supplier 3, a
 * single-vision lens job 3, bifocal 5, progressive 7 (setting `delivery.days`, JSON, any subset).
 * The order's promise is its slowest line's. A date before today is refused, naming the field.
 *
 * An order with nothing for the lab or a supplier that the customer paid in full is handed over
 * at the counter: it is saved Delivered, delivered today.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { SalesorderModel } from '../../../shared/models/sale.js';
import type { RequestContext } from '../context.js';
import { addDays, dateAndTime, timeOfDay } from '../input/dates.js';
import { conflict, invalid } from '../errors.js';
import type { CartLineView } from '../store/cart.js';
import { categories } from '../store/category.js';
import { items } from '../store/item.js';
import { ITEM_TYPE } from '../store/item-type.js';
import { salesOrders } from '../store/sales-order.js';
import { settings } from '../store/setting.js';
import { SALES_ORDER_STATUS, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import { changedHere } from '../auth/ownership.js';

export const DELIVERY_DAYS_SETTING = 'delivery.days';

export type JobKind = 'ready' | 'ordered' | 'singleVision' | 'bifocal' | 'progressive';
export const DEFAULT_DELIVERY_DAYS: Readonly<Record<JobKind, number>> = { ready: 0, ordered: 3, singleVision: 3, bifocal: 5, progressive: 7 };

/** The store's turnaround per kind of job; a missing, unreadable or negative value keeps the default. */
export function deliveryDays(ctx: RequestContext): Record<JobKind, number> {
  const days = { ...DEFAULT_DELIVERY_DAYS };
  const text = settings(ctx.db).get(DELIVERY_DAYS_SETTING);
  if (!text) return days;
  try {
    const given = JSON.parse(text) as Record<string, unknown>;
    for (const kind of Object.keys(days) as JobKind[]) {
      const n = given[kind];
      if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 365) days[kind] = n;
    }
  } catch {
    // A hand-edited setting that is not JSON never stops the till: the defaults stand.
  }
  return days;
}

type Line = Pick<CartLineView, 'item_id' | 'item_type_id' | 'made_to_order' | 'is_ordered'>;

/** What kind of job a line is: a spectacle lens by its design (the category), else ready or ordered. */
export function jobKind(ctx: RequestContext, line: Line): JobKind {
  if (line.item_type_id === ITEM_TYPE.spectacleLens) {
    const item = items(ctx.db).byId(ctx.user.companyId, line.item_id, localDate(ctx.now()));
    const design = item?.category_id ? categories(ctx.db).byId(ctx.user.companyId, item.category_id)?.name ?? '' : '';
    if (/progressive|multifocal|varifocal/i.test(design)) return 'progressive';
    if (/bifocal|kryptok|executive/i.test(design)) return 'bifocal';
    return 'singleVision';
  }
  return line.made_to_order === 1 || line.is_ordered === 1 ? 'ordered' : 'ready';
}

/** Whether every line is goods off the shelf: nothing for the lab, nothing to order. */
export const allReadyMade = (lines: readonly Line[]): boolean => lines.every((l) => l.made_to_order !== 1 && l.is_ordered !== 1);

export interface DeliveryPromise {
  date: string;
  /** 'HH:MM', or null for "during the day". */
  time: string | null;
}

/**
 * The delivery promised for an order booked on `bookedOn` with these lines. `today` bounds it
 * from below; the counter's own date wins over the store's turnaround.
 */
export function promisedDelivery(ctx: RequestContext, so: SalesorderModel, lines: readonly Line[], bookedOn: string, today: string): DeliveryPromise {
  const F = 'salesorderModel.';
  let date: string | null = null;
  let field = `${F}deliveryDate`;
  let time: string | null = null;
  if (so.deliveryDate) {
    ({ date, time } = dateAndTime(so.deliveryDate, field));
  } else if (so.deliveryDateString?.trim()) {
    field = `${F}deliveryDateString`;
    ({ date, time } = dateAndTime(so.deliveryDateString, field));
  } else if (so.deliveryDateDays?.trim()) {
    field = `${F}deliveryDateDays`;
    const n = Number(so.deliveryDateDays.trim());
    if (!Number.isInteger(n) || n < 0 || n > 365) throw invalid(`Invalid ${field}`, { [field]: ['Whole days from 0 to 365'] });
    date = addDays(bookedOn, n);
  }
  const timeField = so.deliveryTimeString?.trim() ? `${F}deliveryTimeString` : `${F}deliveryTime`;
  time = timeOfDay(so.deliveryTimeString ?? so.deliveryTime, timeField) ?? time;
  if (date === null) {
    const days = deliveryDays(ctx);
    date = addDays(bookedOn, Math.max(0, ...lines.map((l) => days[jobKind(ctx, l)])));
    if (date < today) date = today;
  }
  if (date < today) {
    throw invalid('The promised delivery date cannot be in the past', { [field]: [`Today (${today}) or later`] });
  }
  return { date, time };
}

/**
 * Moves an order's promised delivery (the order page): today or later, not for an order already
 * handed over or cancelled. Who and when are kept on the order (migration 008).
 */
export function changeDelivery(
  ctx: RequestContext,
  order: { id: number; order_no: string; status_id: number; branch_id: number },
  dateText: string | null | undefined,
  timeText: string | null | undefined,
): string {
  changedHere(ctx, order);
  if (order.status_id === SALES_ORDER_STATUS.Delivered || order.status_id === SALES_ORDER_STATUS.Cancelled) {
    throw conflict(`Order ${order.order_no} is ${SALES_ORDER_STATUS_NAMES[order.status_id as SalesOrderStatusId]}: its delivery date can no longer change`, 'ORDER_DELIVERY_FIXED');
  }
  const { date, time: timeOfDate } = dateAndTime(dateText, 'deliveryDate');
  if (date === null) throw invalid('Say the new delivery date', { deliveryDate: ['Required'] });
  const today = localDate(ctx.now());
  if (date < today) throw invalid('The promised delivery date cannot be in the past', { deliveryDate: [`Today (${today}) or later`] });
  // As SaveSale: the time field, else the date-time's own time, else "during the day".
  const time = timeOfDay(timeText, 'deliveryTime') ?? timeOfDate;
  salesOrders(ctx.db).setDelivery(order.id, date, time, ctx.user.id, ctx.now().toISOString());
  return `Order ${order.order_no} is now due ${date}${time ? ` at ${time}` : ''}`;
}
