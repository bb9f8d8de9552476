import { api } from '../../../../shared/endpoints/index.js';
import { parseRupees, rupees } from '../../../../shared/domain/money.js';
import { isSalesOrderStatus, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../../shared/contract/statuses.js';
import type { SalesOrderSearchRequest } from '../../../../shared/models/order.js';
import type { RequestContext } from '../../context.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { orderClause, orderField, pageRange } from '../../input/paging.js';
import { COUNT_AHEAD, statementCache } from '../../store/statement-cache.js';
import { dueOf, INDEXED_ORDER_SORTS, ORDER_SEARCH_COLUMNS, salesOrders, type Condition } from '../../store/sales-order.js';
import { calendarDate } from '../../input/dates.js';
import { digitsOf, masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName } from '../../order/order-view.js';

const text = (v: string | null | undefined) => v?.trim() || null;
/** Case-insensitive "contains" without LIKE, so % and _ in the filter are plain characters. */
const contains = (expr: string, value: string) => `instr(lower(${expr}), lower(${value})) > 0`;
/** Just below the largest character: `x >= p AND x < p || TOP` is "starts with p", as an index range. */
const TOP = '\u{10FFFF}';

/** Matches an order the indexes do not serve (customer name, balance…) may sort; more is refused. */
export const SORT_LIMIT = 5000;
/** Customers matched by name or mobile that are passed to SQLite as a list rather than a subquery. */
const FEW_CUSTOMERS = 256;

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

function conditions(ctx: RequestContext, b: SalesOrderSearchRequest): { where: Condition[]; statusId?: number } {
  const where: Condition[] = [];
  const { companyId } = ctx.user;
  const v = (k: keyof SalesOrderSearchRequest) => text(b[k] as string | null | undefined);
  const customer = v('customerID');
  if (customer) where.push({ sql: 'o.customer_id = ?', params: [ctx.decode('customer', customer, 'customerID')] });
  const branch = v('branchName');
  if (branch) where.push({ sql: `o.branch_id IN (SELECT id FROM branch WHERE company_id = ? AND ${contains('name', '?')})`, params: [companyId, branch] });
  // Customers by name or mobile: index ranges over the customer table (per branch, so the
  // branch-first indexes serve), looked up first. A few customers are handed to SQLite as a
  // list, so it reads their orders by customer; many stay a subquery, so it walks the orders
  // newest first and stops at a page. Left to guess, it took one for the other.
  const scope = 'company_id = ? AND branch_id IN (SELECT id FROM branch WHERE company_id = ?)';
  const customers = (arms: Array<{ sql: string; params: string[] }>): Condition => {
    const sub = arms.map((a) => `SELECT id FROM customer WHERE ${scope} AND ${a.sql}`).join(' UNION ALL ');
    const params = arms.flatMap((a) => [companyId, companyId, ...a.params]);
    const ids = statementCache(ctx.db)<unknown[], { id: number }>(`${sub} LIMIT ${FEW_CUSTOMERS + 1}`).all(...params).map((r) => r.id);
    if (ids.length > FEW_CUSTOMERS) return { sql: `o.customer_id IN (${sub})`, params };
    if (ids.length === 0) return { sql: '0', params: [] };
    // Padded to a power of two, so a handful of statement shapes serve every count.
    const slots = 2 ** Math.ceil(Math.log2(ids.length));
    return { sql: `o.customer_id IN (${Array.from({ length: slots }, () => '?').join(', ')})`, params: Array.from({ length: slots }, (_, i) => ids[i % ids.length]!) };
  };
  const range = (column: string, value: string) => ({ sql: `${column} >= ? AND ${column} < ?`, params: [value, value + TOP] });
  const name = v('customerName')?.replace(/\s+/g, ' ');
  if (name) {
    const [first, ...rest] = name.split(' ');
    if (rest.length > 0) {
      const a = range('first_name', first!);
      const z = range('last_name', rest.join(' '));
      where.push(customers([{ sql: `${a.sql} AND ${z.sql}`, params: [...a.params, ...z.params] }]));
    } else {
      // First or last name: two index ranges joined (an OR would read every customer).
      where.push(customers([range('first_name', first!), range('last_name', first!)]));
    }
  }
  const mobile = v('customerMobile');
  if (mobile) {
    const digits = digitsOf(mobile);
    if (!digits) throw invalid('Invalid mobile', { customerMobile: ['Expected digits of a mobile number'] });
    where.push(customers([range('mobile_digits', digits)]));
  }
  const no = v('salesOrderNo');
  if (no) {
    // The serial a cashier reads out ("123" is …/000123 of any branch and year), or the number's start.
    if (/^\d{1,6}$/.test(no)) where.push({ sql: 'substr(o.order_no, -6) = ?', params: [no.padStart(6, '0')] });
    else if (/^\d+$/.test(no)) where.push({ sql: `substr(o.order_no, -${no.length}) = ?`, params: [no] });
    else where.push({ sql: 'o.order_no >= ? AND o.order_no < ?', params: [no.toUpperCase(), no.toUpperCase() + TOP] });
  }
  const day = calendarDate(v('date'), 'date');
  if (day) where.push({ sql: 'o.order_date = ?', params: [day] });
  const from = calendarDate(v('fromDate'), 'fromDate');
  if (from) where.push({ sql: 'o.order_date >= ?', params: [from] });
  const to = calendarDate(v('toDate'), 'toDate');
  if (to) where.push({ sql: 'o.order_date <= ?', params: [to] });
  if (from && to && to < from) throw invalid('Invalid date range', { toDate: ['toDate must not be before fromDate'] });
  const by = v('acceptedBy');
  if (by) {
    where.push({
      sql: `o.created_by IN (SELECT id FROM app_user WHERE company_id = ? AND ${contains("coalesce(full_name, '') || ' ' || user_name", '?')})`,
      params: [companyId, by],
    });
  }
  // No delivery modes are kept (the counter hands over at the store), so no order has one.
  if (v('deliveryMode')) where.push({ sql: '0', params: [] });
  const net = v('netAmount');
  if (net) where.push({ sql: 'o.net_amount = ?', params: [money(net, 'netAmount')] });
  const delivery = calendarDate(v('deliveryDateTime'), 'deliveryDateTime');
  if (delivery) where.push({ sql: 'o.delivery_date = ?', params: [delivery] });
  const st = v('status');
  let statusId: number | undefined;
  if (st) {
    statusId = status(st);
    where.push({ sql: 'o.status_id = ?', params: [statusId] });
  }
  const discount = v('discount');
  if (discount) where.push({ sql: 'o.total_discount = ?', params: [money(discount, 'discount')] });
  return statusId === undefined ? { where } : { where, statusId };
}

/** `nextPage`/`after`: the last row's date and ENC id, opaque to the client. */
const pageKey = (ctx: RequestContext, row: { order_date: string; id: number }) => `${row.order_date}.${ctx.enc.encode('salesOrder', row.id)}`;

function afterKey(ctx: RequestContext, key: string): { date: string; id: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\.(.+)$/.exec(key.trim());
  if (!m) throw invalid('Invalid after', { after: ['Pass the nextPage the previous page answered'] });
  return { date: m[1]!, id: ctx.decode('salesOrder', m[2]!, 'after') };
}

/**
 * Company-wide (branchName narrows it), newest first by default. yearID is an int32 in the spec
 * and cannot hold this service's row ids, so it is ignored, as for the customer filter.
 */
export const searchOrders = implement(api.Orders.search, ({ body }, ctx) => {
  const { offset, limit } = pageRange(body.pageNumber ?? 1, body.pageSize ?? 20);
  const { field, direction } = orderField(body.orderBy, ORDER_SEARCH_COLUMNS, 'date desc');
  const order = orderClause(body.orderBy, ORDER_SEARCH_COLUMNS, 'date desc', 'o.id');
  const newestFirst = field === 'date' && direction === 'DESC';
  const after = text(body.after);
  if (after && !newestFirst) throw invalid('Invalid after', { after: ['after continues the newest-first order only; leave orderBy out'] });
  const indexed = INDEXED_ORDER_SORTS.has(field);
  const { where, statusId } = conditions(ctx, body);
  const { rows, count } = salesOrders(ctx.db).search({
    companyId: ctx.user.companyId,
    where,
    ...(statusId === undefined ? {} : { statusId }),
    orderBy: order,
    offset,
    limit,
    countCap: indexed ? offset + limit + COUNT_AHEAD : Math.max(offset + limit + COUNT_AHEAD, SORT_LIMIT + 1),
    ...(after ? { after: afterKey(ctx, after) } : {}),
    ...(indexed ? {} : { sortLimit: SORT_LIMIT }),
  });
  if (!indexed && count.total > SORT_LIMIT) {
    throw invalid(`Too many orders to sort by ${field}`, {
      orderBy: [`Narrow the search to ${SORT_LIMIT.toLocaleString('en-IN')} orders or fewer (a date range, customer or status) to sort by ${field}, or sort by date`],
    });
  }
  const mask = masksMobiles(ctx);
  const last = rows.at(-1);
  return {
    totalRows: count.total,
    totalExact: count.exact,
    nextPage: newestFirst && last && rows.length === limit ? pageKey(ctx, last) : null,
    data: rows.map((r) => ({
      id: ctx.enc.encode('salesOrder', r.id),
      customerName: fullName(r),
      customerMobileNo: mobileShown(mask, r.mobile),
      branchName: r.branch_name,
      salesOrderNo: r.order_no,
      acceptedBy: r.accepted_by,
      deliveryModeName: null,
      deliveryDateTime: r.delivery_date === null ? null : r.delivery_time ? `${r.delivery_date}T${r.delivery_time}` : r.delivery_date,
      date: r.order_date,
      netAmount: rupees(r.net_amount),
      statusID: r.status_id,
      status: SALES_ORDER_STATUS_NAMES[r.status_id as SalesOrderStatusId] ?? String(r.status_id),
      itemCount: r.item_count,
      totalReceipt: rupees(r.received),
      totalDiscount: rupees(r.total_discount),
      insuranceAmount: rupees(r.insurance_amount),
      balanceAmount: rupees(dueOf(r)),
    })),
  };
}, { offThread: true });
