import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { dueOf } from '../../store/sales-order.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { fullName, orderFromPath } from '../../order/order-view.js';

/**
 * The balance is what the customer still owes: net − insurer's share − received receipts, the
 * figure SaveReceipt checks a payment against. soTotalAmount stays the order's whole net.
 */
export const advanceReceiptData = implement(api.Orders.advanceReceiptData, ({ params }, ctx) => {
  const o = orderFromPath(ctx, params.salesOrderId);
  return {
    customerID: ctx.enc.encode('customer', o.customer_id),
    customerName: fullName(o),
    customerFirstName: o.first_name,
    customerMobileNo: mobileShown(masksMobiles(ctx), o.mobile),
    custmoerEmail: o.email,
    salesOrderID: ctx.enc.encode('salesOrder', o.id),
    membershipID: o.membership_id === null ? null : ctx.enc.encode('membership', o.membership_id),
    balance: rupees(dueOf(o)),
    receiptTotalAmount: rupees(o.received),
    soTotalAmount: rupees(o.net_amount),
    soTotalDiscountAmount: rupees(o.total_discount),
    statusID: o.status_id,
  };
});
