/**
 * An exchange at the counter: a return and a new sale in ONE immediate transaction, so either both
 * stand or neither does. The return's goods go back first (its movements), then the new sale is
 * booked as SaveSale books it (sale/book-sale.ts, nested: its own transaction becomes a savepoint
 * of this one), then paid by the return's value first: a store credit note of what the return pays
 * is issued and spent by the new sale's first receipt, so both papers show it. What is still due
 * is paid by the customer's payment (its amount worked out here); what the return is worth beyond
 * the new sale is refunded from this till.
 *
 * The cart's sessionID keeps SaveSale's idempotency: a retried exchange answers the first one.
 */
import { SALES_ORDER_STATUS } from '../../../shared/contract/statuses.js';
import { rupees } from '../../../shared/domain/money.js';
import type { ExchangeRequest, ExchangeResult } from '../../../shared/models/returns.js';
import { extend } from '../../../shared/extend.js';
import type { RequestContext } from '../context.js';
import { conflict, invalid } from '../errors.js';
import { bookSale } from '../sale/book-sale.js';
import { readPayment, writeReceipt } from '../sale/receipt.js';
import { CREDIT_NOTE_KIND } from '../sale/till-report.js';
import { requireOpenTill } from '../sale/till-session.js';
import { paymentKindNames } from '../store/reference-list.js';
import { salesOrders } from '../store/sales-order.js';
import { salesReturns } from '../store/sales-return.js';
import { approvalFor, issueCreditNote, planReturn, putBack, recordReturn, refundFromTill, refundKind, returnResult } from './take-return.js';

interface Figures {
  saleAmount: number;
  paidByReturn: number;
  customerPaid: number;
  refunded: number;
}

function answer(ctx: RequestContext, returnId: number, orderId: number, f: Figures): ExchangeResult {
  const order = salesOrders(ctx.db).byId(ctx.user.companyId, orderId)!;
  const r = salesReturns(ctx.db).byId(returnId, ctx.user.companyId)!;
  const kinds = paymentKindNames(ctx.db);
  const receipts = salesReturns(ctx.db).receiptsOf(orderId).map((x) => ({ receiptID: ctx.enc.encode('receipt', x.id), receiptNo: x.receipt_no, kind: kinds.get(x.payment_kind_id) ?? '', amount: rupees(x.amount) }));
  const first = receipts[0];
  const parts = [
    `Exchange: return ${r.return_no}, new sale ${order.order_no}`,
    f.customerPaid > 0 ? `customer paid ${rupees(f.customerPaid).toFixed(2)}` : null,
    f.refunded > 0 ? `${rupees(f.refunded).toFixed(2)} refunded` : null,
  ];
  return {
    return: returnResult(ctx, returnId, `Return ${r.return_no} saved`),
    sale: {
      salesOrderID: ctx.enc.encode('salesOrder', orderId), salesOrderNo: order.order_no,
      receiptID: first?.receiptID ?? null, receiptNo: first?.receiptNo ?? null, message: 'Sale saved', receipts, change: null,
    },
    saleAmount: rupees(f.saleAmount), paidByReturn: rupees(f.paidByReturn), customerPaid: rupees(f.customerPaid), refunded: rupees(f.refunded),
    message: parts.filter(Boolean).join('; '),
  };
}

/** The figures of an exchange already written (a retry): from its return and the new order's receipts. */
function figuresOf(ctx: RequestContext, returnId: number, orderId: number): Figures {
  const order = salesOrders(ctx.db).byId(ctx.user.companyId, orderId)!;
  const r = salesReturns(ctx.db).byId(returnId, ctx.user.companyId)!;
  const receipts = salesReturns(ctx.db).receiptsOf(orderId);
  const byNote = receipts.filter((x) => x.payment_kind_id === CREDIT_NOTE_KIND && x.credit_note_id === r.credit_note_id).reduce((s, x) => s + x.amount, 0);
  return { saleAmount: order.net_amount, paidByReturn: byNote, customerPaid: receipts.reduce((s, x) => s + x.amount, 0) - byNote, refunded: r.refund_amount };
}

export async function exchange(ctx: RequestContext, body: ExchangeRequest): Promise<ExchangeResult> {
  const orderId = ctx.decode('salesOrder', body.salesOrderID, 'salesOrderID');
  const sessionId = body.sale.sessionID?.trim() || body.sale.salesorderModel?.sessionId?.trim();
  if (!sessionId) throw invalid('Which cart is the new sale?', { 'sale.sessionID': ['Required'] });
  const kind = refundKind(ctx, body.refundKindId, 'refundKindId');
  const approval = await approvalFor(ctx, orderId, body.approval);
  return ctx.db
    .transaction((): ExchangeResult => {
      const earlier = salesOrders(ctx.db).bySession(ctx.user.companyId, sessionId);
      if (earlier) {
        const returnId = salesReturns(ctx.db).ofExchange(earlier.id);
        if (returnId === undefined) throw conflict(`This cart was saved already, as order ${earlier.order_no}`, 'SALE_CART_ALREADY_SAVED');
        return answer(ctx, returnId, earlier.id, figuresOf(ctx, returnId, earlier.id));
      }
      const tillSessionId = requireOpenTill(ctx);
      const plan = planReturn(ctx, orderId, body.lines, body.reason, approval);
      putBack(ctx, plan);
      const customerId = plan.found.order.customer_id;
      // The new sale is the same customer's; it is paid below, so SaveSale takes it with nothing paid.
      const so = extend(body.sale.salesorderModel ?? {}, { customerId: ctx.enc.encode('customer', customerId), sessionId });
      const sale = bookSale(ctx, extend(body.sale, {
        sessionID: sessionId, salesorderModel: so, customerModel: null, receiptModel: null, payments: null, cashTendered: null,
        allowZeroAmountReceiptInQuickSale: true,
      }));
      const newOrderId = ctx.decode('salesOrder', sale.salesOrderID, 'sale');
      const due = salesOrders(ctx.db).balance(newOrderId);
      const byReturn = Math.min(plan.amount, due);
      const rest = due - byReturn;
      const refund = plan.amount - byReturn;

      const noteId = byReturn > 0 ? issueCreditNote(ctx, plan, byReturn) : null;
      let firstReceipt: number | null = null;
      if (noteId !== null) {
        firstReceipt = writeReceipt(ctx, newOrderId, customerId, {
          amount: byReturn, payment_kind_id: CREDIT_NOTE_KIND, credit_note_id: noteId, card_type_id: null, card_no: null, name_on_card: null,
          bank_name: null, cheque_no: null, cheque_date: null, reference_no: null, remarks: `Exchange: return of order ${plan.found.order.order_no}`,
        }, 'salesOrderID', tillSessionId, rest > 0 ? 0 : null).id;
      }
      if (rest > 0) {
        if (!body.payment?.receiptTypeId) {
          throw invalid(`The new sale costs ${rupees(rest).toFixed(2)} more than the return: say how the customer pays it`, { 'payment.receiptTypeId': ['Required'] });
        }
        if (body.payment.amount !== null && body.payment.amount !== undefined && Math.round(body.payment.amount * 100) !== rest) {
          throw invalid('The difference has changed', { 'payment.amount': [`The customer pays ${rupees(rest).toFixed(2)}`] });
        }
        const payment = readPayment(ctx, extend(body.payment, { amount: rupees(rest) }), 'payment.');
        writeReceipt(ctx, newOrderId, customerId, payment, 'payment.creditNoteID', undefined, firstReceipt);
      }
      recordReturn(ctx, plan, {
        settlement: 'exchange',
        refund_amount: refund,
        refund_kind_id: refund > 0 ? kind : null,
        till_session_id: refund > 0 ? refundFromTill(ctx, refund, kind, 'refundKindId') : tillSessionId,
        credit_note_id: noteId,
        exchange_order_id: newOrderId,
      });
      // Goods off the shelf, paid in full: handed over now, as SaveSale hands them over.
      const newLines = salesReturns(ctx.db).lines(newOrderId);
      if (newLines.every((l) => l.stock_counted === 1) && salesOrders(ctx.db).balance(newOrderId) <= 0) {
        salesOrders(ctx.db).setStatus(newOrderId, SALES_ORDER_STATUS.Delivered, ctx.user.id, ctx.now().toISOString());
      }
      return answer(ctx, plan.id, newOrderId, { saleAmount: salesOrders(ctx.db).byId(ctx.user.companyId, newOrderId)!.net_amount, paidByReturn: byReturn, customerPaid: rest, refunded: refund });
    })
    .immediate();
}
