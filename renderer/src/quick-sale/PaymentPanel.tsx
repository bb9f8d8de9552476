/**
 * How the customer pays: the kind (Fetch-Receipt-Type), how much is paid now (less than the net
 * amount is a part payment; the rest stays as the order's balance), what was handed over and the
 * change due. Card kinds ask for the card's type, last digits and holder. With an insurer and a
 * claimed amount, the service splits the bill and the patient's share becomes the default amount.
 * A customer with open credit notes may pay part or all of it from one; the kind pays the rest.
 */
import { useState, type RefObject } from 'react';
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import type { TempGrossInsurance } from '../../../shared/models/insurance.js';
import type { CreditNote } from '../../../shared/models/lookup.js';
import { formatRupees } from '../ui/money.js';
import { payableKinds, planPayment, remainder, type NoteChoice } from '../credit-notes/credit-note.js';
import { CreditNoteFields } from '../credit-notes/CreditNoteFields.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { COUNTER_KEYS } from './keys.js';
import { isCardKind, isCashKind, isUpiKind } from './sale-request.js';
import { useCardTypes, useInsuranceCompanies, useReceiptTypes } from './service.js';
import { Options } from '../ui/Options.js';

export interface Payment extends NoteChoice {
  receiptTypeId: string;
  /** Rupee text as typed; empty means the whole net amount. */
  amount: string;
  tendered: string;
  cardTypeId: string;
  cardNo: string;
  nameOnCard: string;
  /** Empty: no insurance. */
  insuranceCompanyId: string;
  /** The claimed amount in rupee text, set when the box is left (each change is a service call). */
  claim: string;
  /** The customer's policy number with the insurer, kept on the order. */
  policyNo: string;
  /** A card's approval code; a UPI payment's reference (issue 16). */
  approvalCode: string;
  referenceNo: string;
  /** A second kind paying part at once (issue 16, split payment): empty kind means none. */
  secondKindId: string;
  secondAmount: string;
  secondCardNo: string;
  secondApproval: string;
  secondReference: string;
}

export const NO_PAYMENT: Payment = {
  receiptTypeId: '',
  amount: '',
  tendered: '',
  cardTypeId: '',
  cardNo: '',
  nameOnCard: '',
  insuranceCompanyId: '',
  claim: '',
  policyNo: '',
  creditNoteID: '',
  creditAmount: '',
  approvalCode: '',
  referenceNo: '',
  secondKindId: '',
  secondAmount: '',
  secondCardNo: '',
  secondApproval: '',
  secondReference: '',
};

/** The second payment's amount in rupees: 0 without one, null when the text is not an amount. */
export function secondRupees(payment: Payment): number | null {
  if (!payment.secondKindId || payment.secondAmount.trim() === '') return 0;
  const paise = parseRupees(payment.secondAmount);
  return paise === null ? null : rupees(paise);
}

/** The claim to send for a split, or null when there is none to ask about yet. */
export function claimedRupees(payment: Payment): number | null {
  if (!payment.insuranceCompanyId || payment.claim.trim() === '') return null;
  const paise = parseRupees(payment.claim);
  return paise === null ? null : rupees(paise);
}

export interface CreditNotes {
  data: CreditNote[];
  error: Error | null;
}

export interface InsuranceSplit {
  data: TempGrossInsurance | undefined;
  pending: boolean;
  error: Error | null;
}


export function PaymentPanel({
  payment,
  onChange,
  netAmount,
  split,
  notes,
  amountRef,
}: {
  payment: Payment;
  onChange: (payment: Payment) => void;
  netAmount: number;
  split: InsuranceSplit;
  notes: CreditNotes;
  amountRef: RefObject<HTMLInputElement | null>;
}) {
  const receiptTypes = useReceiptTypes();
  const kinds = payableKinds(receiptTypes.data);
  const kind = kinds.find((k) => k.id === payment.receiptTypeId) ?? kinds[0];
  const card = isCardKind(kind?.name);
  const cards = useCardTypes(card);
  const set = (change: Partial<Payment>) => onChange({ ...payment, ...change });

  const plan = planPayment(payment, notes.data, split.data?.patientAmount ?? netAmount);
  const second = secondRupees(payment);
  const secondKind = kinds.find((k) => k.id === payment.secondKindId);
  const total = plan.total === null || second === null ? null : Math.round((plan.total + second) * 100) / 100;
  // The tendered cash and the change are about the cash part only.
  const paid = isCashKind(secondKind?.name) ? second : plan.now;
  const restDue = remainder(plan.due, plan.fromNote ?? 0);
  const tenderedPaise = payment.tendered.trim() ? parseRupees(payment.tendered) : null;
  const tendered = tenderedPaise === null ? null : rupees(tenderedPaise);
  // The insurer's share is owed by the insurer, not the customer: the balance is of the patient's part.
  const balance = total === null ? null : remainder(plan.due, total);
  const tooMuch = total !== null && total > plan.due;
  const change = tendered !== null && paid !== null ? remainder(tendered, paid) : 0;
  const short = tendered !== null && paid !== null && tendered < paid;

  return (
    <section className="panel counter-panel" aria-labelledby="qs-payment-title">
      <h2 id="qs-payment-title" className="counter-panel-title">
        Payment <kbd>{COUNTER_KEYS.payment}</kbd>
      </h2>
      <InsuranceFields payment={payment} set={set} split={split} />
      <CreditNoteFields
        idPrefix="qs"
        notes={notes.data}
        error={notes.error}
        choice={payment}
        due={plan.due}
        // The default amount paid now is what the note leaves: a typed one would be stale.
        onChange={(choice) => set({ ...choice, amount: '' })}
      />
      <div className="counter-row">
        <div className="field">
          <label htmlFor="qs-kind">Payment kind</label>
          <select id="qs-kind" value={kind?.id ?? ''} onChange={(e) => set({ receiptTypeId: e.target.value })}>
            <Options of={kinds} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="qs-amount">Paying now</label>
          <input
            id="qs-amount"
            ref={amountRef}
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={restDue.toFixed(2)}
            aria-invalid={paid === null || tooMuch ? true : undefined}
            value={payment.amount}
            onChange={(e) => set({ amount: e.target.value })}
          />
        </div>
      </div>
      {tooMuch && <p className="field-error">{split.data ? 'More than the patient’s share.' : 'More than the net amount.'}</p>}
      {paid === null && <p className="field-error">Enter an amount in rupees, like 1500 or 1,500.50.</p>}
      {card && (
        <div className="counter-row counter-row-3">
          <div className="field">
            <label htmlFor="qs-card-type">Card</label>
            <select id="qs-card-type" value={payment.cardTypeId} onChange={(e) => set({ cardTypeId: e.target.value })}>
              <option value="">Choose…</option>
              <Options of={cards.data} />
            </select>
          </div>
          <div className="field">
            <label htmlFor="qs-card-no">Last 4</label>
            <input
              id="qs-card-no"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              value={payment.cardNo}
              onChange={(e) => set({ cardNo: e.target.value.replace(/\D/g, '') })}
            />
          </div>
          <div className="field">
            <label htmlFor="qs-card-name">Name on card</label>
            <input id="qs-card-name" autoComplete="off" value={payment.nameOnCard} onChange={(e) => set({ nameOnCard: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="qs-approval">Approval code</label>
            <input id="qs-approval" autoComplete="off" maxLength={12} value={payment.approvalCode} onChange={(e) => set({ approvalCode: e.target.value.replace(/[^A-Za-z0-9]/g, '') })} />
          </div>
        </div>
      )}
      {isUpiKind(kind?.name) && (
        <div className="field">
          <label htmlFor="qs-reference">UPI reference</label>
          <input id="qs-reference" autoComplete="off" value={payment.referenceNo} onChange={(e) => set({ referenceNo: e.target.value })} />
        </div>
      )}
      <div className="counter-row">
        <div className="field">
          <label htmlFor="qs-tendered">Tendered</label>
          <input
            id="qs-tendered"
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={payment.tendered}
            onChange={(e) => set({ tendered: e.target.value })}
          />
        </div>
        <dl className="counter-sums">
          <div>
            <dt>Change due</dt>
            <dd className="money" data-testid="change-due">
              {formatRupees(change)}
            </dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd className="money" data-testid="balance-after">
              {balance === null ? '—' : formatRupees(balance)}
            </dd>
          </div>
        </dl>
      </div>
      {short && <p className="field-error">Tendered is less than the amount paid now.</p>}
      <div className="counter-row">
        <div className="field">
          <label htmlFor="qs-second-kind">Also paid by</label>
          <select id="qs-second-kind" value={payment.secondKindId} onChange={(e) => set({ secondKindId: e.target.value })}>
            <option value="">Nothing else</option>
            <Options of={kinds.filter((k) => k.id !== kind?.id)} />
          </select>
        </div>
        {payment.secondKindId && (
          <div className="field">
            <label htmlFor="qs-second-amount">Second amount</label>
            <input
              id="qs-second-amount"
              className="num"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={second === null ? true : undefined}
              value={payment.secondAmount}
              onChange={(e) => set({ secondAmount: e.target.value })}
            />
          </div>
        )}
      </div>
      {payment.secondKindId && second === null && <p className="field-error">Enter the second amount in rupees.</p>}
      {payment.secondKindId && isCardKind(secondKind?.name) && (
        <div className="counter-row">
          <div className="field">
            <label htmlFor="qs-second-card-no">Second card last 4</label>
            <input id="qs-second-card-no" inputMode="numeric" maxLength={4} autoComplete="off" value={payment.secondCardNo} onChange={(e) => set({ secondCardNo: e.target.value.replace(/\D/g, '') })} />
          </div>
          <div className="field">
            <label htmlFor="qs-second-approval">Second approval code</label>
            <input id="qs-second-approval" autoComplete="off" maxLength={12} value={payment.secondApproval} onChange={(e) => set({ secondApproval: e.target.value.replace(/[^A-Za-z0-9]/g, '') })} />
          </div>
        </div>
      )}
      {payment.secondKindId && isUpiKind(secondKind?.name) && (
        <div className="field">
          <label htmlFor="qs-second-reference">Second UPI reference</label>
          <input id="qs-second-reference" autoComplete="off" value={payment.secondReference} onChange={(e) => set({ secondReference: e.target.value })} />
        </div>
      )}
    </section>
  );
}

function InsuranceFields({ payment, set, split }: { payment: Payment; set: (change: Partial<Payment>) => void; split: InsuranceSplit }) {
  const insurers = useInsuranceCompanies();
  const [draft, setDraft] = useState<string | null>(null);
  const claimText = draft ?? payment.claim;
  const claimInvalid = claimText.trim() !== '' && parseRupees(claimText) === null;

  function commit() {
    if (draft === null) return;
    set({ claim: draft.trim(), amount: '' });
    setDraft(null);
  }

  return (
    <>
      <div className="counter-row">
        <div className="field">
          <label htmlFor="qs-insurer">Insurance</label>
          <select
            id="qs-insurer"
            value={payment.insuranceCompanyId}
            // A different insurer (or none) changes what the patient owes: the typed amount would be stale.
            onChange={(e) => set({ insuranceCompanyId: e.target.value, amount: '' })}
          >
            <option value="">No insurance</option>
            <Options of={insurers.data} />
          </select>
        </div>
        {payment.insuranceCompanyId && (
          <div className="field">
            <label htmlFor="qs-claim">Claimed</label>
            <input
              id="qs-claim"
              className="num"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              aria-invalid={claimInvalid ? true : undefined}
              value={claimText}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
            />
          </div>
        )}
      </div>
      {payment.insuranceCompanyId && (
        <div className="field">
          <label htmlFor="qs-policy">Policy no.</label>
          <input id="qs-policy" autoComplete="off" spellCheck={false} value={payment.policyNo} onChange={(e) => set({ policyNo: e.target.value })} />
        </div>
      )}
      {insurers.isError && <ErrorBanner banner={bannerFor(insurers.error, 'load the insurance companies')} />}
      {payment.insuranceCompanyId && claimInvalid && <p className="field-error">Enter the claim in rupees, like 1500 or 1,500.50.</p>}
      {payment.insuranceCompanyId && split.error && <ErrorBanner banner={bannerFor(split.error, 'split the bill with the insurer')} />}
      {payment.insuranceCompanyId && split.data && (
        <dl className="counter-sums counter-insurance" aria-label="Insurance split" aria-busy={split.pending}>
          <div>
            <dt>Gross total</dt>
            <dd className="money" data-testid="insurance-gross">
              {formatRupees(split.data.grossTotal)}
            </dd>
          </div>
          <div>
            <dt>Insurer pays</dt>
            <dd className="money" data-testid="insurance-amount">
              {formatRupees(split.data.insuranceAmount)}
            </dd>
          </div>
          <div>
            <dt>Patient pays</dt>
            <dd className="money" data-testid="patient-amount">
              {formatRupees(split.data.patientAmount)}
            </dd>
          </div>
        </dl>
      )}
    </>
  );
}
