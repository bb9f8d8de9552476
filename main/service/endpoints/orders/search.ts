import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { SALES_ORDER_STATUS_NAMES, type SalesOrderStatusId } from '../../../../shared/contract/statuses.js';
import { implement } from '../../http/handler.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName } from '../../order/order-view.js';
import { searchOrders as search } from '../../order/search.js';
import { dueOf } from '../../store/sales-order.js';

/** Orders/search (order/search.ts) as the contract's list. */
export const searchOrders = implement(api.Orders.search, ({ body }, ctx) => {
  const { rows, count, nextPage } = search(ctx, body);
  const mask = masksMobiles(ctx);
  return {
    totalRows: count.total,
    totalExact: count.exact,
    nextPage,
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
