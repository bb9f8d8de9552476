/**
 * Raising an order's GST invoice, shared by quickSale/SaveInvoiceOnly and Invoice/save-invoice-data,
 * and what an invoice holds (get-invoice-data-by-salesorder).
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { rupees } from '../../../shared/domain/money.js';
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import type { InvoiceDataBySalesOrder } from '../../../shared/models/invoice.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid, notFound } from '../errors.js';
import { invoices, type InvoiceableOrder } from '../store/invoice.js';
import { numberSeries } from '../store/number-series.js';
import { dueOf } from '../store/sales-order.js';
import { settings } from '../store/setting.js';
import { changedHere } from '../auth/ownership.js';

/** Setting key: '1' lets an order be invoiced while a balance is still due. */
export const ALLOW_INVOICE_BEFORE_FULL_PAYMENT_SETTING = 'invoice.allowBeforeFullPayment';

export function invoiceBeforeFullPayment(ctx: RequestContext): boolean {
  return settings(ctx.db).get(ALLOW_INVOICE_BEFORE_FULL_PAYMENT_SETTING) === '1';
}

/** The order of the caller's company and branch, else 404: another branch's order is not there for this till. */
export function orderForInvoice(ctx: RequestContext, orderId: number): InvoiceableOrder {
  const order = invoices(ctx.db).order(orderId, ctx.user.companyId);
  if (!order) throw notFound('No such order');
  changedHere(ctx, order);
  return order;
}

/**
 * One invoice per order, checked inside the write lock so two tills cannot both raise it. The
 * figures are the order's as stored on the sale day; the number comes from the branch's series
 * for the session's financial year, taken in the same transaction.
 */
export function raiseInvoice(ctx: RequestContext, orderId: number, field: string): { invoiceID: string; invoiceNo: string; message: string } {
  return ctx.db
    .transaction(() => {
      const order = orderForInvoice(ctx, orderId);
      if (order.invoice_no !== null) throw conflict(`Order ${order.order_no} is already invoiced as ${order.invoice_no}`, 'ORDER_ALREADY_INVOICED');
      if (order.status_id === SALES_ORDER_STATUS.Cancelled) {
        throw invalid('A cancelled order cannot be invoiced', { [field]: [`Order ${order.order_no} is cancelled`] });
      }
      const balance = dueOf(order);
      if (balance > 0 && !invoiceBeforeFullPayment(ctx)) {
        throw invalid('The order is not fully paid', {
          [field]: [`Collect the balance of ${(balance / 100).toFixed(2)} first; this store invoices only paid orders`],
        });
      }
      const { companyId, branchId, yearId } = ctx.user;
      const no = numberSeries(ctx.db).next('invoice', branchId, yearId);
      const id = ctx.ids.next('invoice');
      const at = ctx.now();
      invoices(ctx.db).insert({
        id,
        company_id: companyId,
        branch_id: branchId,
        year_id: yearId,
        invoice_no: no,
        invoice_date: localDate(at),
        sales_order_id: order.id,
        customer_id: order.customer_id,
        taxable: order.taxable,
        cgst: order.cgst,
        sgst: order.sgst,
        igst: order.igst,
        rounding: order.rounding,
        net_amount: order.net_amount,
        created_by: ctx.user.id,
        created_at: at.toISOString(),
      });
      return { invoiceID: ctx.enc.encode('invoice', id), invoiceNo: no, message: `Invoice ${no} raised for order ${order.order_no}` };
    })
    .immediate();
}

/** Basis points (1800 = 18%) to a percentage. */
const percent = (bp: number) => bp / 100;

export function invoiceData(ctx: RequestContext, orderId: number): InvoiceDataBySalesOrder {
  // A read: another branch's order is not found, as before (only a change names the owner).
  const order = invoices(ctx.db).order(orderId, ctx.user.companyId);
  if (!order || order.branch_id !== ctx.user.branchId) throw notFound('No such order');
  const intra = order.intra_state === 1;
  return {
    invoiceID: order.invoice_id === null ? null : ctx.enc.encode('invoice', order.invoice_id),
    invoiceNo: order.invoice_no,
    salesOrderID: ctx.enc.encode('salesOrder', order.id),
    salesOrderNO: order.order_no,
    customerID: ctx.enc.encode('customer', order.customer_id),
    customerName: order.customer_name,
    netAmount: rupees(order.net_amount),
    items: invoices(ctx.db)
      .lines(order.id)
      .map((l) => ({
        itemID: ctx.enc.encode('item', l.item_id),
        itemName: l.name,
        hsnCode: l.hsn_code,
        qty: l.qty,
        mrp: rupees(l.mrp),
        price: rupees(l.price),
        discountAmount: rupees(l.discount),
        taxableAmount: rupees(l.taxable),
        cgstRate: intra ? percent(l.gst_rate_bp) / 2 : 0,
        cgstAmount: rupees(l.cgst),
        sgstRate: intra ? percent(l.gst_rate_bp) / 2 : 0,
        sgstAmount: rupees(l.sgst),
        igstRate: intra ? 0 : percent(l.gst_rate_bp),
        igstAmount: rupees(l.igst),
        totalAmount: rupees(l.total),
      })),
  };
}
