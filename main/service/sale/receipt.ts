/**
 * Money taken at the counter: reading a payment from a receiptModel, an order's balance, and
 * writing a receipt with its number. Shared by SaveSale (the first payment) and SaveReceipt.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { ReceiptWithouInvoiceModel } from '../../../shared/models/receipt.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { noteChangedHere } from '../auth/ownership.js';
import { creditNotes } from '../store/credit-note.js';
import { numberSeries } from '../store/number-series.js';
import { receipts, type ReceiptPayment } from '../store/receipt.js';
import { salesOrders } from '../store/sales-order.js';
import { settings } from '../store/setting.js';
import { paiseField } from '../input/money.js';
import { optionalText } from '../input/text.js';
import { looksLikeCardNumber } from '../../../shared/domain/till.js';
import { openTillId, requireOpenTill } from './till-session.js';

/** Setting key: '1' lets a receipt exceed the order's balance (the excess is an advance). */
export const ALLOW_ADVANCE_SETTING = 'receipt.allowAdvance';

/** Payment kind 1 is cash, 5 'Credit Note' (reference list in migration 004). */
const CASH_KIND = 1;
const CREDIT_NOTE_KIND = 5;


/** What a payment can carry: the spec's receiptModel and a split payment (OMFastWizardModel.payments) alike. */
export type PaymentFields = Partial<
  Pick<
    ReceiptWithouInvoiceModel,
    'amount' | 'receiptAmount' | 'receiptTypeId' | 'cardTypeId' | 'cardNo' | 'nameOnCard' | 'bankName' | 'cardBankName' | 'chequeNo'
    | 'chequeDateString' | 'referenceNo' | 'remarks' | 'creditNoteID' | 'approvalCode'
  >
>;

/** Payment kind 2 is a card, 3 UPI. */
const CARD_KIND = 2;
const UPI_KIND = 3;

/**
 * A card is kept as its last four digits and the approval code, nothing more (issue 16): anything
 * that could be the full number is refused, not cut, so the counter learns not to type it.
 */
function cardFields(model: PaymentFields, prefix: string): { card_no: string | null; approval_code: string | null } {
  const typed = optionalText(model.cardNo);
  const digits = typed?.replace(/[\s-]/g, '') ?? '';
  if (typed && (looksLikeCardNumber(typed) || !/^\d{4}$/.test(digits))) {
    throw invalid('Enter only the last four digits of the card', { [`${prefix}cardNo`]: ['The last four digits only, never the full card number'] }, 'FULL_CARD_NUMBER');
  }
  const approval = optionalText(model.approvalCode);
  if (approval && (!/^[A-Za-z0-9]{1,12}$/.test(approval) || looksLikeCardNumber(approval))) {
    throw invalid('The approval code is not one', { [`${prefix}approvalCode`]: ['Up to 12 letters and digits, as the card machine prints it'] });
  }
  return { card_no: digits || null, approval_code: approval };
}

/** The amount in paise (0 when none was given) and how it was paid; `prefix` names fields in errors. */
export function readPayment(ctx: RequestContext, model: PaymentFields, prefix: string): ReceiptPayment {
  const amountField = model.amount !== null && model.amount !== undefined ? 'amount' : 'receiptAmount';
  const amount = paiseField(model.amount ?? model.receiptAmount, `${prefix}${amountField}`) ?? 0;
  const kindText = optionalText(model.receiptTypeId);
  if (amount > 0 && !kindText) throw invalid('How was it paid?', { [`${prefix}receiptTypeId`]: ['Required'] });
  const cardText = optionalText(model.cardTypeId);
  const paymentKind = kindText ? ctx.decode('paymentKind', kindText, `${prefix}receiptTypeId`) : 1;
  const noteText = optionalText(model.creditNoteID);
  if (paymentKind === CREDIT_NOTE_KIND && amount > 0 && !noteText) {
    throw invalid('Which credit note?', { [`${prefix}creditNoteID`]: ['Required when paying by credit note'] });
  }
  const referenceNo = optionalText(model.referenceNo);
  if (paymentKind === UPI_KIND && amount > 0 && !referenceNo) {
    throw invalid('Enter the UPI reference number', { [`${prefix}referenceNo`]: ['Required when paying by UPI: the reference the customer’s app shows'] });
  }
  const card = cardFields(model, prefix);
  return {
    amount,
    payment_kind_id: noteText ? CREDIT_NOTE_KIND : paymentKind,
    credit_note_id: noteText ? ctx.decode('creditNote', noteText, `${prefix}creditNoteID`) : null,
    card_type_id: cardText ? ctx.decode('cardType', cardText, `${prefix}cardTypeId`) : null,
    card_no: card.card_no,
    approval_code: paymentKind === CARD_KIND || card.approval_code ? card.approval_code : null,
    name_on_card: optionalText(model.nameOnCard),
    bank_name: optionalText(model.bankName) ?? optionalText(model.cardBankName),
    cheque_no: optionalText(model.chequeNo),
    cheque_date: optionalText(model.chequeDateString),
    reference_no: referenceNo,
    remarks: optionalText(model.remarks),
  };
}

/** What is still to be paid on an order (store/sales-order.ts holds the rule). */
export function orderBalance(ctx: RequestContext, orderId: number): number {
  return salesOrders(ctx.db).balance(orderId);
}

/** Refuses a payment above the balance unless the store takes advances; 400 names the amount field. */
export function checkAgainstBalance(ctx: RequestContext, amount: number, balance: number, field: string): void {
  if (amount <= balance || settings(ctx.db).get(ALLOW_ADVANCE_SETTING) === '1') return;
  throw invalid('The amount is more than the balance', { [field]: [`At most the balance, ${(balance / 100).toFixed(2)}`] });
}

/**
 * May the receipt spend part of this credit note: only the customer's own, active note, never
 * beyond what is left. The spend itself is a movement written with the receipt (writeReceipt),
 * inside its transaction, so a failed sale gives the money back to the note.
 */
function checkCreditNote(ctx: RequestContext, noteId: number, customerId: number, amount: number, field: string): void {
  const notes = creditNotes(ctx.db);
  const note = notes.forSpending(noteId, ctx.user.companyId);
  if (!note || note.customer_id !== customerId || !note.is_active) {
    throw invalid('That credit note is not this customer’s', { [field]: ['Not a credit note of this customer'] });
  }
  // Spent only at the issuing branch, so two branches offline can never both spend what is left
  // (its balance is the sum of its movements, issue 15; the rule could be lifted only with a hub check).
  noteChangedHere(ctx, note, field);
  if (amount > note.balance) {
    throw invalid('The credit note has less left', { [field]: [`At most ${(note.balance / 100).toFixed(2)} left on it`] });
  }
}

export function writeReceipt(
  ctx: RequestContext,
  orderId: number | null,
  customerId: number,
  payment: ReceiptPayment,
  field = 'receiptModel.creditNoteID',
  tillSessionId?: number | null,
  splitOf: number | null = null,
): { id: number; no: string } {
  const { companyId, branchId, yearId } = ctx.user;
  // Cash goes into a drawer: only an open till takes it (issue 16). Other kinds are tagged with
  // the till's session when it has one, so its X and Z reports count them.
  const session = tillSessionId !== undefined ? tillSessionId : payment.payment_kind_id === CASH_KIND ? requireOpenTill(ctx) : openTillId(ctx);
  if (payment.credit_note_id !== null) checkCreditNote(ctx, payment.credit_note_id, customerId, payment.amount, field);
  const no = numberSeries(ctx.db).next('receipt', branchId, yearId);
  const id = ctx.ids.next('receipt');
  const at = ctx.now();
  receipts(ctx.db).insert({
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
    till_session_id: session,
    split_of: splitOf === null ? null : splitOf || id,
    ...payment,
  });
  if (payment.credit_note_id !== null) {
    creditNotes(ctx.db).spend(payment.credit_note_id, payment.amount, {
      id: ctx.ids.next('credit_note_movement'), branchId, receiptId: id, at: at.toISOString(), userId: ctx.user.id,
    });
  }
  return { id, no };
}
