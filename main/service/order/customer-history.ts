/**
 * A customer's whole history at every branch (any branch serves any customer): their orders,
 * receipts, returns, examinations and recalls, newest first, each saying the branch it came from,
 * so whichever branch the customer walks into sees what the others did.
 */
import { rupees } from '../../../shared/domain/money.js';
import { RECEIPT_STATUS, RECEIPT_STATUS_NAMES, SALES_ORDER_STATUS_NAMES, type ReceiptStatusId, type SalesOrderStatusId } from '../../../shared/contract/statuses.js';
import type { CustomerHistory } from '../../../shared/models/any-branch.js';
import type { RequestContext } from '../context.js';
import { notFound } from '../errors.js';
import { customers } from '../store/customer.js';
import { customerHistory, type CustomerHistoryRow } from '../store/customer-history.js';

const LIMIT = 500;

const SETTLEMENT: Record<string, string> = { refund: 'Refunded', credit_note: 'Onto a credit note', exchange: 'Exchanged' };

function detailOf(r: CustomerHistoryRow): string {
  switch (r.kind) {
    case 'order': {
      const status = SALES_ORDER_STATUS_NAMES[Number(r.a) as SalesOrderStatusId] ?? `Status ${r.a}`;
      return r.b ? `${status}; collected at ${r.b}` : status;
    }
    case 'receipt': {
      const status = Number(r.b);
      return status === RECEIPT_STATUS.Received ? String(r.a) : `${String(r.a)} (${RECEIPT_STATUS_NAMES[status as ReceiptStatusId] ?? status})`;
    }
    case 'return':
      return SETTLEMENT[String(r.a)] ?? String(r.a);
    case 'prescription':
      return r.a ? `Examined by ${r.a}` : 'Eye examination';
    case 'recall':
      return r.a ? 'Customer contacted' : 'Eye checkup due';
  }
}

export function historyOf(ctx: RequestContext, customerIdText: string): CustomerHistory {
  const id = ctx.decode('customer', customerIdText.trim(), 'customerId');
  if (!customers(ctx.db).byId(ctx.user.companyId, id)) throw notFound('No such customer');
  const rows = customerHistory(ctx.db).of(id, LIMIT + 1);
  return {
    truncated: rows.length > LIMIT,
    rows: rows.slice(0, LIMIT).map((r) => ({
      kind: r.kind,
      date: r.date.slice(0, 10),
      number: r.number,
      salesOrderNo: r.order_no,
      branchName: r.branch_name,
      amount: r.amount === null ? null : rupees(r.amount),
      detail: detailOf(r),
    })),
  };
}
