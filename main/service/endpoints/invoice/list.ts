import { api } from '../../../../shared/endpoints/index.js';
import { parseRupees, rupees } from '../../../../shared/domain/money.js';
import { invalid } from '../../errors.js';
import { implement } from '../../http/handler.js';
import { orderClause, rowRange } from '../../input/paging.js';
import { invoices } from '../../store/invoice.js';
import { masksMobiles, mobileShown } from '../../customer/mobile.js';
import { optionalText, searchText } from '../../input/text.js';
import { calendarDate } from '../../input/dates.js';

const COLUMNS = {
  date: ['i.invoice_date'],
  invoiceNumber: ['i.invoice_no'],
  salesOrderNo: ['o.order_no'],
  netAmount: ['i.net_amount'],
  customerName: ['c.first_name', 'c.last_name'],
} as const;

/**
 * The caller's branch only; the body's companyID/branchID are not read (the token says where the
 * till is), yearID is not either: the spec's int32 cannot hold our ids, so a year is a date range.
 */
export const invoiceList = implement(api.Invoice.list, ({ body }, ctx) => {
  const { offset, limit } = rowRange(body.fromPage, body.toPage);
  const order = orderClause(body.orderBy, COLUMNS, 'date desc', 'i.id');
  const on = calendarDate(body.date, 'date');
  const amountText = optionalText(body.netAmount) ?? optionalText(body.amount);
  const netAmount = amountText === null ? null : parseRupees(amountText);
  if (amountText !== null && netAmount === null) {
    throw invalid('Not an amount', { [optionalText(body.netAmount) ? 'netAmount' : 'amount']: ['An amount in rupees'] });
  }
  const customerText = optionalText(body.customerID);
  const { count, rows } = invoices(ctx.db).list(
    {
      companyId: ctx.user.companyId,
      branchId: ctx.user.branchId,
      yearId: null,
      customerId: customerText ? ctx.decode('customer', customerText, 'customerID') : null,
      mobilePrefix: searchText(body.customerMobile, 'customerMobile'),
      namePrefix: searchText(body.customerName, 'customerName'),
      invoiceNoPrefix: searchText(body.invoiceNumber, 'invoiceNumber'),
      orderNoPrefix: searchText(body.salesOrderNo, 'salesOrderNo'),
      fromDate: on ?? calendarDate(body.fromDate, 'fromDate'),
      toDate: on ?? calendarDate(body.toDate, 'toDate'),
      netAmount,
    },
    order,
    offset,
    limit,
  );
  const masks = masksMobiles(ctx);
  return {
    totalRows: count.total,
    totalExact: count.exact,
    data: rows.map((r) => ({
      id: ctx.enc.encode('invoice', r.id),
      invoiceNo: r.invoice_no,
      // The serial: the digits after the last '/' or the till code's '-' (AMD1/26/1-000123 → 123).
      plainId: Number(r.invoice_no.split(/[/-]/).pop()),
      salesOrderNo: r.order_no,
      customerName: `${r.first_name} ${r.last_name}`.trim(),
      customerMobileNo: mobileShown(masks, r.mobile),
      date: r.invoice_date,
      netAmount: rupees(r.net_amount),
    })),
  };
}, { offThread: true });
