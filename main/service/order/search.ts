/**
 * Searching orders (Orders/search): the request read into a filter (order/…, no SQL; the store
 * builds it, store/order-filter.ts), the sort checked against the indexes, keyset paging on the
 * newest-first order, and the refusal of a sort no index serves past SORT_LIMIT matches.
 */
import { parseRupees } from '../../../shared/domain/money.js';
import { isSalesOrderStatus, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import type { SalesOrderSearchRequest } from '../../../shared/models/order.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { orderClause, orderField, pageRange } from '../input/paging.js';
import { optionalText, searchText } from '../input/text.js';
import { digitsOf } from '../customer/mobile.js';
import type { OrderFilter } from '../store/order-filter.js';
import { INDEXED_ORDER_SORTS, ORDER_SEARCH_COLUMNS, salesOrders, type OrderListRow } from '../store/sales-order.js';
import { COUNT_AHEAD, type Counted } from '../store/statement-cache.js';

/** Matches an order the indexes do not serve (customer name, balance…) may sort; more is refused. */
export const SORT_LIMIT = 5000;

function money(value: string, field: string): number {
  const paise = parseRupees(value);
  if (paise === null) throw invalid(`Invalid amount: ${field}`, { [field]: ['Expected an amount like 1299.50'] });
  return paise;
}

/** A status by id ("2") or name ("in lab"). */
function status(value: string): SalesOrderStatusId {
  const id = Number(value);
  if (/^\d+$/.test(value) && isSalesOrderStatus(id)) return id;
  const byName = Object.entries(SALES_ORDER_STATUS_NAMES).find(([, name]) => name.toLowerCase() === value.toLowerCase());
  if (byName) return Number(byName[0]) as SalesOrderStatusId;
  const names = Object.entries(SALES_ORDER_STATUS_NAMES).map(([k, n]) => `${k} ${n}`).join(', ');
  throw invalid('Invalid status', { status: [`One of ${names}`] });
}

/** The request's filter fields, checked and read; yearID is ignored (an int32 cannot hold our ids). */
export function readOrderFilter(ctx: RequestContext, b: SalesOrderSearchRequest): OrderFilter {
  const f: OrderFilter = { companyId: ctx.user.companyId };
  const v = (k: keyof SalesOrderSearchRequest) => searchText(b[k] as string | null | undefined, k);
  const customer = v('customerID');
  if (customer) f.customerId = ctx.decode('customer', customer, 'customerID');
  const branch = v('branchName');
  if (branch) f.branchName = branch;
  const name = v('customerName')?.replace(/\s+/g, ' ');
  if (name) {
    const [first, ...rest] = name.split(' ');
    f.customerName = rest.length > 0 ? { first: first!, last: rest.join(' ') } : { first: first! };
  }
  const mobile = v('customerMobile');
  if (mobile) {
    const digits = digitsOf(mobile);
    if (!digits) throw invalid('Invalid mobile', { customerMobile: ['Expected digits of a mobile number'] });
    f.mobileDigits = digits;
  }
  const no = v('salesOrderNo');
  if (no) {
    // The serial a cashier reads out ("123" is …/000123 of any branch and year), or the number's start.
    f.orderNo = /^\d{1,6}$/.test(no) ? { serial: no.padStart(6, '0') } : /^\d+$/.test(no) ? { endsWith: no } : { startsWith: no.toUpperCase() };
  }
  const day = calendarDate(v('date'), 'date');
  if (day) f.date = day;
  const from = calendarDate(v('fromDate'), 'fromDate');
  if (from) f.fromDate = from;
  const to = calendarDate(v('toDate'), 'toDate');
  if (to) f.toDate = to;
  if (from && to && to < from) throw invalid('Invalid date range', { toDate: ['toDate must not be before fromDate'] });
  const by = v('acceptedBy');
  if (by) f.acceptedBy = by;
  if (v('deliveryMode')) f.deliveryMode = true;
  const net = v('netAmount');
  if (net) f.netAmount = money(net, 'netAmount');
  const delivery = calendarDate(v('deliveryDateTime'), 'deliveryDateTime');
  if (delivery) f.deliveryDate = delivery;
  const st = v('status');
  if (st) f.statusId = status(st);
  const discount = v('discount');
  if (discount) f.discount = money(discount, 'discount');
  return f;
}

/** `nextPage`/`after`: the last row's date and ENC id, opaque to the client. */
const pageKey = (ctx: RequestContext, row: { order_date: string; id: number }) => `${row.order_date}.${ctx.enc.encode('salesOrder', row.id)}`;

function afterKey(ctx: RequestContext, key: string): { date: string; id: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\.(.+)$/.exec(key.trim());
  if (!m) throw invalid('Invalid after', { after: ['Pass the nextPage the previous page answered'] });
  return { date: m[1]!, id: ctx.decode('salesOrder', m[2]!, 'after') };
}

export interface OrderPage {
  rows: OrderListRow[];
  count: Counted;
  nextPage: string | null;
}

/** Company-wide (branchName narrows it), newest first by default. */
export function searchOrders(ctx: RequestContext, body: SalesOrderSearchRequest): OrderPage {
  const { offset, limit } = pageRange(body.pageNumber ?? 1, body.pageSize ?? 20);
  const { field, direction } = orderField(body.orderBy, ORDER_SEARCH_COLUMNS, 'date desc');
  const newestFirst = field === 'date' && direction === 'DESC';
  const after = optionalText(body.after);
  if (after && !newestFirst) throw invalid('Invalid after', { after: ['after continues the newest-first order only; leave orderBy out'] });
  const indexed = INDEXED_ORDER_SORTS.has(field);
  const { rows, count } = salesOrders(ctx.db).search({
    filter: readOrderFilter(ctx, body),
    orderBy: orderClause(body.orderBy, ORDER_SEARCH_COLUMNS, 'date desc', 'o.id'),
    offset,
    limit,
    countCap: indexed ? offset + limit + COUNT_AHEAD : Math.max(offset + limit + COUNT_AHEAD, SORT_LIMIT + 1),
    after: after ? afterKey(ctx, after) : undefined,
    sortLimit: indexed ? undefined : SORT_LIMIT,
  });
  if (!indexed && count.total > SORT_LIMIT) {
    throw invalid(`Too many orders to sort by ${field}`, {
      orderBy: [`Narrow the search to ${SORT_LIMIT.toLocaleString('en-IN')} orders or fewer (a date range, customer or status) to sort by ${field}, or sort by date`],
    });
  }
  const last = rows.at(-1);
  return { rows, count, nextPage: newestFirst && last && rows.length === limit ? pageKey(ctx, last) : null };
}
