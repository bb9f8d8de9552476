/** The branch's returns, newest first, paged; filtered by dates and order number. */
import { rupees } from '../../../shared/domain/money.js';
import type { ReturnListQuery, ReturnPage } from '../../../shared/models/returns.js';
import type { RequestContext } from '../context.js';
import { calendarDate } from '../input/dates.js';
import { pageRange } from '../input/paging.js';
import { optionalText } from '../input/text.js';
import { salesReturns } from '../store/sales-return.js';

export function listReturns(ctx: RequestContext, q: ReturnListQuery): ReturnPage {
  const store = salesReturns(ctx.db);
  const { offset, limit } = pageRange(q.pageNumber ?? 1, q.pageSize ?? 20);
  const { rows, total } = store.list({
    companyId: ctx.user.companyId, branchId: ctx.user.branchId,
    fromDate: calendarDate(q.fromDate, 'fromDate'), toDate: calendarDate(q.toDate, 'toDate'), orderNoPrefix: optionalText(q.orderNo),
    limit, offset,
  });
  return {
    totalRecords: total,
    items: rows.map((r) => {
      const lines = store.linesOf(r.id);
      const qty = (d: 'stock' | 'damaged') => lines.filter((l) => l.destination === d).reduce((s, l) => s + l.qty, 0);
      return {
        salesReturnID: ctx.enc.encode('salesReturn', r.id), returnNo: r.return_no, returnDate: r.return_date, salesOrderNo: r.order_no,
        customerName: r.customer_name, reason: r.reason, settlement: r.settlement, amount: rupees(r.amount), refundAmount: rupees(r.refund_amount),
        creditNoteNo: r.credit_note_no, gstCreditNoteNo: r.gst_credit_note_no, exchangeOrderNo: r.exchange_order_no,
        damagedQty: qty('damaged'), stockQty: qty('stock'), approvedBy: r.approved_by_name, by: r.created_by_name,
      };
    }),
  };
}
