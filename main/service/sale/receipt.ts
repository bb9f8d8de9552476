/**
 * Money taken at the counter: reading a payment from a receiptModel, an order's balance, and
 * writing a receipt with its number. Shared by SaveSale (the first payment) and SaveReceipt.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { RECEIPT_STATUS } from '../../../shared/contract/statuses.js';
import type { ReceiptWithouInvoiceModel } from '../../../shared/models/receipt.js';
import type { RequestContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { numberSeries } from '../store/number-series.js';
import { settings } from '../store/setting.js';
import { paiseField } from './cart-view.js';

/** Setting key: '1' lets a receipt exceed the order's balance (the excess is an advance). */
export const ALLOW_ADVANCE_SETTING = 'receipt.allowAdvance';

export interface Payment {
  amount: number;
  payment_kind_id: number;
  card_type_id: number | null;
  card_no: string | null;
  name_on_card: string | null;
  bank_name: string | null;
  cheque_no: string | null;
  cheque_date: string | null;
  reference_no: string | null;
  remarks: string | null;
}

const text = (v: string | null | undefined) => v?.trim() || null;

/** The amount in paise (0 when none was given) and how it was paid; `prefix` names fields in errors. */
export function readPayment(ctx: RequestContext, model: ReceiptWithouInvoiceModel, prefix: string): Payment {
  const amountField = model.amount !== null && model.amount !== undefined ? 'amount' : 'receiptAmount';
  const amount = paiseField(model.amount ?? model.receiptAmount, `${prefix}${amountField}`) ?? 0;
  const kindText = text(model.receiptTypeId);
  if (amount > 0 && !kindText) throw badRequest('How was it paid?', { [`${prefix}receiptTypeId`]: ['Required'] });
  const cardText = text(model.cardTypeId);
  // Only the last four digits are kept: a full card number must never sit in the store's file.
  const cardDigits = text(model.cardNo)?.replace(/\D/g, '') ?? '';
  return {
    amount,
    payment_kind_id: kindText ? ctx.decode('paymentKind', kindText, `${prefix}receiptTypeId`) : 1,
    card_type_id: cardText ? ctx.decode('cardType', cardText, `${prefix}cardTypeId`) : null,
    card_no: cardDigits ? cardDigits.slice(-4) : null,
    name_on_card: text(model.nameOnCard),
    bank_name: text(model.bankName) ?? text(model.cardBankName),
    cheque_no: text(model.chequeNo),
    cheque_date: text(model.chequeDateString),
    reference_no: text(model.referenceNo),
    remarks: text(model.remarks),
  };
}

export function orderBalance(ctx: RequestContext, orderId: number): number {
  const row = ctx.db
    .prepare<[number, number], { net: number; paid: number }>(
      `SELECT o.net_amount AS net, coalesce((SELECT sum(amount) FROM receipt WHERE sales_order_id = o.id AND status_id = ?), 0) AS paid
       FROM sales_order o WHERE o.id = ?`,
    )
    .get(RECEIPT_STATUS.Received, orderId)!;
  return row.net - row.paid;
}

/** Refuses a payment above the balance unless the store takes advances; 400 names the amount field. */
export function checkAgainstBalance(ctx: RequestContext, amount: number, balance: number, field: string): void {
  if (amount <= balance || settings(ctx.db).get(ALLOW_ADVANCE_SETTING) === '1') return;
  throw badRequest('The amount is more than the balance', { [field]: [`At most the balance, ${(balance / 100).toFixed(2)}`] });
}

export function writeReceipt(ctx: RequestContext, orderId: number | null, customerId: number, payment: Payment): { id: number; no: string } {
  const { companyId, branchId, yearId } = ctx.user;
  const no = numberSeries(ctx.db).next('receipt', branchId, yearId);
  const id = ctx.ids.next('receipt');
  const at = ctx.now();
  ctx.db
    .prepare(
      `INSERT INTO receipt (id, company_id, branch_id, year_id, receipt_no, receipt_date, sales_order_id, customer_id, amount,
         payment_kind_id, card_type_id, card_no, name_on_card, bank_name, cheque_no, cheque_date, reference_no, remarks,
         created_by, created_at)
       VALUES (@id, @company_id, @branch_id, @year_id, @receipt_no, @receipt_date, @sales_order_id, @customer_id, @amount,
         @payment_kind_id, @card_type_id, @card_no, @name_on_card, @bank_name, @cheque_no, @cheque_date, @reference_no, @remarks,
         @created_by, @created_at)`,
    )
    .run({
      ...payment,
      id,
      company_id: companyId,
      branch_id: branchId,
      year_id: yearId,
      receipt_no: no,
      receipt_date: localDate(at),
      sales_order_id: orderId,
      customer_id: customerId,
      created_by: ctx.user.id,
      created_at: at.toISOString(),
    });
  return { id, no };
}
