import { api } from '../../../../shared/endpoints/index.js';
import { SALES_ORDER_STATUS_IDS, SALES_ORDER_STATUS_NAMES } from '../../../../shared/contract/statuses.js';
import { localDate } from '../../../../shared/domain/calendar.js';
import { rupees } from '../../../../shared/domain/money.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { dashboard } from '../../store/dashboard.js';
import { dueOf } from '../../store/sales-order.js';

/** A branch of the caller's company (managers look at any of them), for a day (default today). */
export const dashboardData = implement(api.Dashboard.dashboardData, ({ body }, ctx) => {
  const { companyId } = ctx.user;
  const branchText = body.branchID?.trim();
  const yearText = body.yearID?.trim();
  const branchId = branchText ? ctx.decode('branch', branchText, 'branchID') : ctx.user.branchId;
  const yearId = yearText ? ctx.decode('year', yearText, 'yearID') : ctx.user.yearId;
  const d = dashboard(ctx.db);
  const branch = d.branch(branchId, companyId);
  if (!branch) throw notFound('No such branch');
  const day = body.date ? body.date.slice(0, 10) : localDate(ctx.now());
  const monthStart = `${day.slice(0, 8)}01`;
  const today = { branchId, from: day, to: day };
  const month = { branchId, from: monthStart, to: day };

  const sales = d.sales(today);
  const days = d.salesByDay(month);
  const kinds = d.receiptsByKind(today);
  const byStatus = new Map(d.ordersByStatus(branchId).map((s) => [s.status_id, s]));
  const deliveries = d.deliveries(branchId, day);
  const outstanding = d.outstanding(branchId);
  return {
    date: day,
    branchID: ctx.enc.encode('branch', branchId),
    branchName: branch.name,
    yearID: ctx.enc.encode('year', yearId),
    sales: { count: sales.count, amount: rupees(sales.amount), discount: rupees(sales.discount), tax: rupees(sales.tax) },
    period: {
      fromDate: monthStart,
      toDate: day,
      count: days.reduce((n, x) => n + x.count, 0),
      amount: rupees(days.reduce((n, x) => n + x.amount, 0)),
      days: everyDay(monthStart, day).map((date) => {
        const x = days.find((d) => d.date === date);
        return { date, count: x?.count ?? 0, amount: rupees(x?.amount ?? 0) };
      }),
    },
    receipts: {
      count: kinds.reduce((n, k) => n + k.count, 0),
      amount: rupees(kinds.reduce((n, k) => n + k.amount, 0)),
      byPaymentKind: kinds.map((k) => ({ receiptTypeID: ctx.enc.encode('paymentKind', k.id), name: k.name, count: k.count, amount: rupees(k.amount) })),
    },
    creditNotes: { issued: countAmount(d.creditNotesIssued(today)), spent: countAmount(d.creditNotesSpent(today)) },
    ordersByStatus: SALES_ORDER_STATUS_IDS.map((id) => ({
      statusID: id,
      status: SALES_ORDER_STATUS_NAMES[id],
      count: byStatus.get(id)?.count ?? 0,
      amount: rupees(byStatus.get(id)?.amount ?? 0),
    })),
    deliveries: { dueToday: deliveries.due, overdue: deliveries.overdue },
    balanceOutstanding: { count: outstanding.count, amount: rupees(outstanding.amount) },
    topItems: d.topItems(today).map((t) => ({
      itemID: ctx.enc.encode('item', t.item_id),
      itemName: t.name,
      itemTypeName: t.type_name,
      qty: t.qty,
      amount: rupees(t.amount),
    })),
    recallsDue: d.recallsDue(branchId, day),
    statusOrders:
      body.statusId === null || body.statusId === undefined
        ? []
        : d.ordersInStatus(branchId, body.statusId).map((o) => ({
            salesOrderID: ctx.enc.encode('salesOrder', o.id),
            salesOrderNo: o.order_no,
            customerName: `${o.first_name} ${o.last_name}`.trim(),
            date: o.order_date,
            deliveryDate: o.delivery_date,
            netAmount: rupees(o.net_amount),
            balanceAmount: rupees(dueOf(o)),
          })),
  };
}, { offThread: true });

/** Every calendar day from `from` to `to`, so the chart has a bar (maybe empty) for each. */
function everyDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

const countAmount = (x: { count: number; amount: number }) => ({ count: x.count, amount: rupees(x.amount) });
