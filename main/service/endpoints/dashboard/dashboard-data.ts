import { api } from '../../../../shared/endpoints/index.js';
import { SALES_ORDER_STATUS_IDS, SALES_ORDER_STATUS_NAMES } from '../../../../shared/contract/statuses.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { dashboardFigures } from '../../order/dashboard.js';
import { dueOf } from '../../store/sales-order.js';

const countAmount = (x: { count: number; amount: number }) => ({ count: x.count, amount: rupees(x.amount) });
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

/** Dashboard/dashboardData: order/dashboard.ts gathers the figures, in rupees here. */
export const dashboardData = implement(api.Dashboard.dashboardData, ({ body }, ctx) => {
  const f = dashboardFigures(ctx, body);
  return {
    date: f.day,
    branchID: ctx.enc.encode('branch', f.branchId),
    branchName: f.branchName,
    yearID: ctx.enc.encode('year', f.yearId),
    sales: { count: f.sales.count, amount: rupees(f.sales.amount), discount: rupees(f.sales.discount), tax: rupees(f.sales.tax) },
    period: {
      fromDate: f.monthStart,
      toDate: f.day,
      count: sum(f.days, (x) => x.count),
      amount: rupees(sum(f.days, (x) => x.amount)),
      days: f.days.map((x) => ({ date: x.date, count: x.count, amount: rupees(x.amount) })),
    },
    receipts: {
      count: sum(f.kinds, (k) => k.count),
      amount: rupees(sum(f.kinds, (k) => k.amount)),
      byPaymentKind: f.kinds.map((k) => ({ receiptTypeID: ctx.enc.encode('paymentKind', k.id), name: k.name, count: k.count, amount: rupees(k.amount) })),
    },
    creditNotes: { issued: countAmount(f.creditNotesIssued), spent: countAmount(f.creditNotesSpent) },
    ordersByStatus: SALES_ORDER_STATUS_IDS.map((id) => ({
      statusID: id,
      status: SALES_ORDER_STATUS_NAMES[id],
      count: f.byStatus.get(id)?.count ?? 0,
      amount: rupees(f.byStatus.get(id)?.amount ?? 0),
    })),
    deliveries: { dueToday: f.deliveries.due, overdue: f.deliveries.overdue },
    balanceOutstanding: countAmount(f.outstanding),
    topItems: f.topItems.map((t) => ({ itemID: ctx.enc.encode('item', t.item_id), itemName: t.name, itemTypeName: t.type_name, qty: t.qty, amount: rupees(t.amount) })),
    recallsDue: f.recallsDue,
    statusOrders: f.statusOrders.map((o) => ({
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
