/**
 * The SaveSale request the counter sends, built from what the counter holds: the cart's session
 * and charges, the customer, the payment as planned (credit note, kind, card), the insurer's
 * split, the promised delivery and the lab job. Pure: no React, no calls, so every shape it can
 * take is pinned by test/unit/sale-request.test.ts.
 */
import type { TempGrossInsurance } from '../../../shared/models/insurance.js';
import type { CreditNote } from '../../../shared/models/lookup.js';
import type { OMFastWizardModel } from '../../../shared/models/sale.js';
import type { Charges } from './cart.js';

/** A card payment kind asks for the card's type, number and holder. */
export const isCardKind = (name: string | undefined) => /card/i.test(name ?? '');
/** UPI asks for the reference the customer's app shows (issue 16). */
export const isUpiKind = (name: string | undefined) => /^upi$/i.test(name?.trim() ?? '');
export const isCashKind = (name: string | undefined) => /^cash$/i.test(name?.trim() ?? '');

/** A second kind paying part of the bill at once (issue 16: a split payment, one SaveSale). */
export interface SecondPayment {
  kind: { id: string; name: string };
  amount: number;
  cardNo: string;
  approvalCode: string;
  referenceNo: string;
}

export interface SaleToSave {
  /**
   * The one SaveSale: every part of the payment goes in it (a credit note and the kind paying the
   * rest are OMFastWizardModel.payments, a receipt each), so the sale and all it was paid with are
   * one transaction (issue 16).
   */
  sale: OMFastWizardModel;
}

export interface SaleState {
  sessionID: string;
  customerID: string;
  charges: Charges;
  /** The cart's net amount as the service priced it. */
  netAmount: number;
  /** The payment as planned (credit-notes/credit-note.ts planPayment), its amounts settled. */
  plan: { note: CreditNote | undefined; fromNote: number; now: number; total: number };
  /** The payment kind that takes `plan.now` (Cash, Card …). */
  kind: { id: string; name: string } | undefined;
  /** The Credit Note payment kind, which the note's receipt is booked as. */
  noteKindId: string | undefined;
  /** Card details as typed; sent only with a card kind (approval code: issue 16). */
  card: { cardTypeId: string; cardNo: string; nameOnCard: string; approvalCode?: string };
  /** The UPI reference, sent only with UPI (issue 16). */
  referenceNo?: string;
  /** A second kind paying at the same time, sent with the first as OMFastWizardModel.payments. */
  second?: SecondPayment | null;
  /** The cash handed over (rupees), sent as cashTendered when cash is paid; null when not typed. */
  tendered?: number | null;
  /** The chosen insurer and the service's split for the claim; no insurance without both. */
  insurance: { insurerId: string | undefined; policyNo: string; split: TempGrossInsurance | undefined };
  /** Empty date: the store's usual turnaround. A time counts only with a date. */
  delivery: { date: string; time: string };
  /** Lab, fitter and priority of a lab job; empty ones are left out. */
  labJob: { supplierID: string; fitterID: string; priorityID: string };
  /** The branch the customer collects it at (ENC id); empty or absent: here. */
  collectBranchID?: string;
}

/** The note the sale spends, if it spends any of one. */
export function spentNote(plan: SaleState['plan']): CreditNote | null {
  return plan.note && plan.fromNote > 0 ? plan.note : null;
}

/**
 * The SaveSale body. Paid one way, that payment is SaveSale's receiptModel; a credit note with
 * the kind paying the rest, or a second kind (a split payment), go as payments[] — the note's
 * first, so SaveSale's receiptNo is the note's — each its own receipt in the sale's one
 * transaction (a refused note leaves nothing saved). Nothing paid today means no receipt at all
 * (the store must allow a zero receipt).
 */
export function saleRequest(state: SaleState): SaleToSave {
  const { sessionID, customerID, plan, kind, card, insurance, delivery, labJob } = state;
  const byKind = (amount: number) => ({
    receiptTypeId: kind?.id ?? null,
    amount,
    receiptAmount: amount,
    customerIDStr: customerID,
    ...(isCardKind(kind?.name)
      ? { cardTypeId: card.cardTypeId || null, cardNo: card.cardNo || null, nameOnCard: card.nameOnCard || null, ...(card.approvalCode ? { approvalCode: card.approvalCode } : {}) }
      : {}),
    ...(isUpiKind(kind?.name) && state.referenceNo ? { referenceNo: state.referenceNo } : {}),
  });
  const note = spentNote(plan);
  const first = note
    ? {
        receiptTypeId: state.noteKindId ?? kind?.id ?? null,
        amount: plan.fromNote,
        receiptAmount: plan.fromNote,
        customerIDStr: customerID,
        creditNoteID: note.creditNoteID,
      }
    : plan.now > 0
      ? byKind(plan.now)
      : null;
  const second = state.second && state.second.amount > 0 ? state.second : null;
  // A split payment (issue 16): every part in one SaveSale, each its own receipt. A credit note
  // paying part is one too (it once went as SaveSale, then SaveReceipt for the rest: two writes).
  const parts = second || (note && plan.now > 0)
    ? [
        ...(first ? [first] : []),
        ...(note && plan.now > 0 ? [byKind(plan.now)] : []),
        ...(second
          ? [
              {
                receiptTypeId: second.kind.id,
                amount: second.amount,
                ...(isCardKind(second.kind.name) ? { cardNo: second.cardNo || null, approvalCode: second.approvalCode || null } : {}),
                ...(isUpiKind(second.kind.name) ? { referenceNo: second.referenceNo || null } : {}),
              },
            ]
          : []),
      ]
    : null;
  const cashPaid = (isCashKind(kind?.name) && plan.now > 0) || (second !== null && isCashKind(second.kind.name));
  const tendered = cashPaid && state.tendered ? { cashTendered: state.tendered } : {};
  // The amounts are the service's own split; SaveSale books the insurer's share on the order.
  const { split, insurerId } = insurance;
  const insured =
    split && insurerId
      ? {
          enableInsurance: true,
          insuranceCompanyID: insurerId,
          policyNo: insurance.policyNo.trim() || null,
          grossTotal: split.grossTotal,
          totalInsuranceAmount: split.insuranceAmount,
        }
      : {};
  return {
    sale: {
      sessionID,
      salesorderModel: {
        sessionId: sessionID,
        customerId: customerID,
        ...state.charges,
        netAmount: state.netAmount,
        ...insured,
        ...(delivery.date ? { deliveryDateString: delivery.date } : {}),
        ...(delivery.date && delivery.time ? { deliveryTimeString: delivery.time } : {}),
      },
      receiptModel: parts ? null : first,
      ...(parts ? { payments: parts.map(({ receiptTypeId, amount, ...rest }) => ({ ...rest, receiptTypeId: receiptTypeId ?? '', amount })) } : {}),
      ...tendered,
      allowZeroAmountReceiptInQuickSale: plan.total === 0 && !second,
      ...(labJob.supplierID ? { supplierID: labJob.supplierID } : {}),
      ...(labJob.fitterID ? { fitterID: labJob.fitterID } : {}),
      ...(labJob.priorityID ? { priorityID: labJob.priorityID } : {}),
      ...(state.collectBranchID ? { collectBranchID: state.collectBranchID } : {}),
    },
  };
}
