import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { notFound } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { orderBalance } from '../../sale/receipt.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';

interface Row {
  id: number;
  receipt_no: string;
  receipt_date: string;
  amount: number;
  sales_order_id: number | null;
  order_no: string | null;
  invoice_no: string | null;
  first_name: string;
  last_name: string;
  mobile: string | null;
  branch_name: string;
  branch_address: string | null;
  company_name: string;
}

const SELECT = `SELECT r.id, r.receipt_no, r.receipt_date, r.amount, r.sales_order_id, o.order_no, i.invoice_no,
                       c.first_name, c.last_name, c.mobile, b.name AS branch_name, b.address AS branch_address, co.name AS company_name
                FROM receipt r
                JOIN customer c ON c.id = r.customer_id
                JOIN branch b ON b.id = r.branch_id
                JOIN company co ON co.id = r.company_id
                LEFT JOIN sales_order o ON o.id = r.sales_order_id
                LEFT JOIN invoice i ON i.sales_order_id = r.sales_order_id
                WHERE r.company_id = ?`;

/** Ids are the row ids the spec declares (int64); the latter two give the newest receipt. */
export const getReceiptDetails = implement(api.QuickSale.getReceiptDetails, ({ query }, ctx) => {
  const latest = 'ORDER BY r.receipt_date DESC, r.id DESC LIMIT 1';
  const [where, id] =
    query.receiptId != null ? ['AND r.id = ?', ctx.rowId('receipt', query.receiptId, 'receiptId')]
    : query.salesOrderId != null ? [`AND r.sales_order_id = ? ${latest}`, ctx.rowId('salesOrder', query.salesOrderId, 'salesOrderId')]
    : query.customerId != null ? [`AND r.customer_id = ? ${latest}`, ctx.rowId('customer', query.customerId, 'customerId')]
    : [null, null];
  if (where === null || id === null) throw notFound('Give receiptId, salesOrderId or customerId');
  const r = ctx.db.prepare<[number, number], Row>(`${SELECT} ${where}`).get(ctx.user.companyId, id);
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
