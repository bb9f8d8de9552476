import { api } from '../../../../shared/endpoints/index.js';
import { RECEIPT_STATUS_NAMES, type ReceiptStatusId } from '../../../../shared/contract/statuses.js';
import { rupees } from '../../../../shared/domain/money.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { receipts } from '../../store/receipt.js';

/**
 * The receipts of one order, oldest first. `name` is the payment kind; `balance` what the
 * customer still owes on it now (net − insurer's share − received, store/sales-order.ts DUE_SQL), `receiptTotalAmount` what it has received, `soTotalAmount` its net (the same on
 * every row, as the spec's flat list repeats them).
 */
export const receiptsById = implement(api.Receipts.byId, ({ query }, ctx) => {
  const { companyId, branchId } = ctx.user;
  const salesOrderId = ctx.rowId('salesOrder', query.salesOrderId, 'salesOrderId');
  const customerId = ctx.rowId('customer', query.customerId, 'customerId');
  const owner = receipts(ctx.db).orderOwner(salesOrderId, companyId);
  if (!owner || owner.branch_id !== branchId || owner.customer_id !== customerId) throw notFound('No such order for that customer');
  const { rows } = receipts(ctx.db).list(
    {
      companyId, branchId, fromDate: null, toDate: null, customerId, salesOrderId,
      orderNoPrefix: null, receiptNoPrefix: null, statusId: null, paymentKindId: null, search: null,
    },
    'r.receipt_date ASC, r.id ASC',
    0,
    -1,
  );
  return rows.map((r) => ({
    receiptId: ctx.enc.encode('receipt', r.id),
    receiptNo: r.receipt_no,
    name: r.kind_name,
    salesOrderNo: r.order_no,
    invoiceNO: r.invoice_no,
    statusName: RECEIPT_STATUS_NAMES[r.status_id as ReceiptStatusId],
    date: r.receipt_date,
    amount: rupees(r.amount),
    balance: rupees((r.order_net ?? 0) - (r.order_insurance ?? 0) - (r.order_received ?? 0)),
    receiptTotalAmount: rupees(r.order_received ?? 0),
    soTotalAmount: rupees(r.order_net ?? 0),
  }));
});
