import { api } from '../../../../shared/endpoints/index.js';
import { RECEIPT_STATUS_NAMES, type ReceiptStatusId } from '../../../../shared/contract/statuses.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { orderClause, pageRange } from '../../input/paging.js';
import { receipts } from '../../store/receipt.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { optionalText, searchText } from '../../input/text.js';
import { calendarDate } from '../../input/dates.js';

const COLUMNS = {
  receiptDate: ['r.receipt_date'],
  receiptNo: ['r.receipt_no'],
  amount: ['r.amount'],
  customerName: ['c.first_name', 'c.last_name'],
} as const;


export const receiptsListPaged = implement(api.Receipts.listPaged, ({ body }, ctx) => {
  const { offset, limit } = pageRange(body.pageNumber ?? 1, body.pageSize ?? 20);
  const order = orderClause(body.orderBy, COLUMNS, 'receiptDate desc', 'r.id');
  const customerText = optionalText(body.customerID);
  const kindText = optionalText(body.receiptTypeID);
  const { count, rows } = receipts(ctx.db).list(
    {
      companyId: ctx.user.companyId,
      branchId: ctx.user.branchId,
      fromDate: calendarDate(body.fromDate, 'fromDate'),
      toDate: calendarDate(body.toDate, 'toDate'),
      customerId: customerText ? ctx.decode('customer', customerText, 'customerID') : null,
      salesOrderId: null,
      orderNoPrefix: searchText(body.salesOrderNo, 'salesOrderNo'),
      receiptNoPrefix: searchText(body.receiptNo, 'receiptNo'),
      statusId: body.statusID ?? null,
      paymentKindId: kindText ? ctx.decode('paymentKind', kindText, 'receiptTypeID') : null,
      search: searchText(body.searchTerm, 'searchTerm'),
    },
    order,
    offset,
    limit,
  );
  const masks = masksMobiles(ctx);
  return {
    totalRecords: count.total,
    totalExact: count.exact,
    items: rows.map((r) => ({
      receiptId: ctx.enc.encode('receipt', r.id),
      receiptNo: r.receipt_no,
      receiptType: r.kind_name,
      salesOrderNo: r.order_no,
      invoiceNO: r.invoice_no,
      customerName: `${r.first_name} ${r.last_name}`.trim(),
      customerMobileNo: mobileShown(masks, r.mobile),
      status: RECEIPT_STATUS_NAMES[r.status_id as ReceiptStatusId],
      receiptDate: r.receipt_date,
      amount: rupees(r.amount),
      salesOrderAmount: r.order_net === null ? null : rupees(r.order_net),
      totalReceipt: r.order_received === null ? null : rupees(r.order_received),
      statusID: r.status_id,
      itemCount: r.item_count,
    })),
  };
}, { offThread: true });
