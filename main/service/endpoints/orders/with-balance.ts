import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { MAX_ROWS } from '../../input/paging.js';
import { dueOf, salesOrders } from '../../store/sales-order.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName } from '../../order/order-view.js';

/**
 * The branch's orders with money still to collect from the customer (net − insurer's share −
 * received; soNetAmount − receiptTotal is more than the balance by the insurer's share). The spec's three order-number fields have no
 * separate meaning here (one series per branch), so all three carry the order number; the short
 * one is its serial, which is what a cashier reads out. At most the newest 500 are listed (a
 * dropdown); totalRows says how many owe in all (counted on the owing orders' own index).
 */
export const withBalance = implement(api.Orders.withBalance, ({ query }, ctx) => {
  const mask = masksMobiles(ctx);
  const year = query.yearId == null ? null : ctx.rowId('year', query.yearId, 'yearId');
  const { rows, total } = salesOrders(ctx.db).withBalance(ctx.user.companyId, ctx.user.branchId, year, MAX_ROWS);
  return {
    totalRows: total,
    data: rows.map((r) => ({
      branchID: ctx.enc.encode('branch', r.branch_id),
      salesOrderIDInReceipt: ctx.enc.encode('salesOrder', r.id),
      customerName: fullName(r),
      mobileNumber: mobileShown(mask, r.mobile),
      fullSalesOrderNo: r.order_no,
      shortSalesOrderNo: r.order_no.split('/').pop() ?? r.order_no,
      combinedSalesOrderNo: `${r.order_no} - ${fullName(r)}`,
      soNetAmount: rupees(r.net_amount),
      receiptTotal: rupees(r.received),
      balanceAmount: rupees(dueOf(r)),
    })),
  };
}, { offThread: true });
