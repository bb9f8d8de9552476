import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { orderBalance } from '../../sale/receipt.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { receipts } from '../../store/receipt.js';

/** Ids are the row ids the spec declares (int64); the latter two give the newest receipt. */
export const getReceiptDetails = implement(api.QuickSale.getReceiptDetails, ({ query }, ctx) => {
  const [by, id] =
    query.receiptId != null ? (['receipt', ctx.rowId('receipt', query.receiptId, 'receiptId')] as const)
    : query.salesOrderId != null ? (['order', ctx.rowId('salesOrder', query.salesOrderId, 'salesOrderId')] as const)
    : query.customerId != null ? (['customer', ctx.rowId('customer', query.customerId, 'customerId')] as const)
    : [null, null];
  if (by === null || id === null) throw notFound('Give receiptId, salesOrderId or customerId');
  const r = receipts(ctx.db).slip(ctx.user.companyId, by, id);
  if (!r) throw notFound('No such receipt');
  return {
    receiptId: ctx.enc.encode('receipt', r.id),
    receiptNo: r.receipt_no,
    salesOrderNo: r.order_no,
    invoiceNo: r.invoice_no,
    customerFullName: `${r.first_name} ${r.last_name}`.trim(),
    customerMobile: mobileShown(masksMobiles(ctx), r.mobile),
    date: r.receipt_date,
    amount: rupees(r.amount),
    balanceAmount: r.sales_order_id === null ? 0 : rupees(orderBalance(ctx, r.sales_order_id)),
    branchName: r.branch_name,
    branchAddress: r.branch_address,
    companyName: r.company_name,
  };
});
