import { api } from '../../../../shared/endpoints/index.js';
import { parseRupees, rupees } from '../../../../shared/domain/money.js';
import { isSalesOrderStatus, SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../../shared/contract/statuses.js';
import type { SalesOrderSearchRequest } from '../../../../shared/models/order.js';
import type { RequestContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { implement } from '../../http/handler.js';
import { orderClause, pageRange } from '../../http/paging.js';
import { dueOf, ORDER_SEARCH_COLUMNS, salesOrders, type Condition } from '../../store/sales-order.js';
import { calendarDate } from '../customer/dates.js';
import { digitsOf, masksMobiles, mobileShown } from '../customer/mobile.js';
import { fullName } from './order-view.js';

const text = (v: string | null | undefined) => v?.trim() || null;
/** Case-insensitive "contains" without LIKE, so % and _ in the filter are plain characters. */
const contains = (expr: string, value: string): Condition => ({ sql: `instr(lower(${expr}), lower(?)) > 0`, params: [value] });

function money(value: string, field: string): number {
  const paise = parseRupees(value);
  if (paise === null) throw badRequest(`Invalid amount: ${field}`, { [field]: ['Expected an amount like 1299.50'] });
  return paise;
}

/** A status by id ("2") or name ("in lab"). */
function status(value: string): SalesOrderStatusId {
  const id = Number(value);
  if (/^\d+$/.test(value) && isSalesOrderStatus(id)) return id;
  const byName = Object.entries(SALES_ORDER_STATUS_NAMES).find(([, name]) => name.toLowerCase() === value.toLowerCase());
  if (byName) return Number(byName[0]) as SalesOrderStatusId;
  const names = Object.entries(SALES_ORDER_STATUS_NAMES).map(([k, n]) => `${k} ${n}`).join(', ');
  throw badRequest('Invalid status', { status: [`One of ${names}`] });
}

function conditions(ctx: RequestContext, b: SalesOrderSearchRequest): Condition[] {
  const where: Condition[] = [];
  const v = (k: keyof SalesOrderSearchRequest) => text(b[k] as string | null | undefined);
  const customer = v('customerID');
  if (customer) where.push({ sql: 'o.customer_id = ?', params: [ctx.decode('customer', customer, 'customerID')] });
  const branch = v('branchName');
  if (branch) where.push(contains('b.name', branch));
  const name = v('customerName');
  if (name) where.push(contains("c.first_name || ' ' || c.last_name", name));
  const mobile = v('customerMobile');
  if (mobile) {
    const digits = digitsOf(mobile);
    if (!digits) throw badRequest('Invalid mobile', { customerMobile: ['Expected digits of a mobile number'] });
    where.push(contains("coalesce(c.mobile_digits, '')", digits));
  }
  const no = v('salesOrderNo');
  if (no) where.push(contains('o.order_no', no));
  const day = calendarDate(v('date'), 'date');
  if (day) where.push({ sql: 'o.order_date = ?', params: [day] });
  const from = calendarDate(v('fromDate'), 'fromDate');
  if (from) where.push({ sql: 'o.order_date >= ?', params: [from] });
  const to = calendarDate(v('toDate'), 'toDate');
  if (to) where.push({ sql: 'o.order_date <= ?', params: [to] });
  if (from && to && to < from) throw badRequest('Invalid date range', { toDate: ['toDate must not be before fromDate'] });
  const by = v('acceptedBy');
  if (by) where.push(contains("coalesce(u.full_name, '') || ' ' || u.user_name", by));
  // No delivery modes are kept (the counter hands over at the store), so no order has one.
  if (v('deliveryMode')) where.push({ sql: '0', params: [] });
  const net = v('netAmount');
  if (net) where.push({ sql: 'o.net_amount = ?', params: [money(net, 'netAmount')] });
  const delivery = calendarDate(v('deliveryDateTime'), 'deliveryDateTime');
  if (delivery) where.push({ sql: 'o.delivery_date = ?', params: [delivery] });
  const st = v('status');
  if (st) where.push({ sql: 'o.status_id = ?', params: [status(st)] });
  const discount = v('discount');
  if (discount) where.push({ sql: 'o.total_discount = ?', params: [money(discount, 'discount')] });
  return where;
}

/**
 * Company-wide (branchName narrows it), newest first by default. yearID is an int32 in the spec
 * and cannot hold this service's row ids, so it is ignored, as for the customer filter.
 */
export const searchOrders = implement(api.Orders.search, ({ body }, ctx) => {
  const { offset, limit } = pageRange(body.pageNumber ?? 1, body.pageSize ?? 20);
  const order = orderClause(body.orderBy, ORDER_SEARCH_COLUMNS, 'date desc', 'o.id');
  const { total, rows } = salesOrders(ctx.db).search(ctx.user.companyId, conditions(ctx, body), order, offset, limit);
  const mask = masksMobiles(ctx);
  return {
    totalRows: total,
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
});
