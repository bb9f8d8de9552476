import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { dueOf, salesOrders } from '../../store/sales-order.js';

/**
 * A customer's orders that are not cancelled, newest first, for the receipt and invoice pickers.
 * Without a customer there is nothing sensible to pick from, so the answer is empty.
 */
export const dropdown = implement(api.Orders.dropdown, ({ query }, ctx) => {
  const idText = query.customerId?.trim();
  if (!idText) return [];
  const customerId = ctx.decode('customer', idText, 'customerId');
  return salesOrders(ctx.db)
    .ofCustomer(ctx.user.companyId, customerId, query.yearId == null ? null : ctx.rowId('year', query.yearId, 'yearId'))
    .map((r) => ({
      salesOrderID: ctx.enc.encode('salesOrder', r.id),
      salesOrderNO: r.order_no,
      soNetAmount: rupees(r.net_amount),
      receiptTotal: rupees(r.received),
      balanceAmount: rupees(dueOf(r)),
    }));
});
