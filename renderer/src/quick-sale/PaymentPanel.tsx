/**
 * How the customer pays: the kind (Fetch-Receipt-Type), how much is paid now (less than the net
 * amount is a part payment; the rest stays as the order's balance), what was handed over and the
 * change due. Card kinds ask for the card's type, last digits and holder.
 */
import type { RefObject } from 'react';
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import { formatRupees } from '../catalog/money.js';
import { COUNTER_KEYS } from './keys.js';
import { useCardTypes, useReceiptTypes } from './service.js';

export interface Payment {
  receiptTypeId: string;
  /** Rupee text as typed; empty means the whole net amount. */
  amount: string;
  tendered: string;
  cardTypeId: string;
  cardNo: string;
  nameOnCard: string;
}

export const NO_PAYMENT: Payment = { receiptTypeId: '', amount: '', tendered: '', cardTypeId: '', cardNo: '', nameOnCard: '' };

export const isCardKind = (name: string | undefined) => /card/i.test(name ?? '');

/** The amount paid now in rupees, or null when the text is not an amount. */
export function amountPaid(payment: Payment, netAmount: number): number | null {
  if (payment.amount.trim() === '') return netAmount;
  const paise = parseRupees(payment.amount);
  return paise === null ? null : rupees(paise);
}

export function PaymentPanel({
  payment,
  onChange,
  netAmount,
  amountRef,
}: {
  payment: Payment;
  onChange: (payment: Payment) => void;
  netAmount: number;
  amountRef: RefObject<HTMLInputElement | null>;
}) {
  const kinds = useReceiptTypes();
  const kind = kinds.data?.find((k) => k.id === payment.receiptTypeId) ?? kinds.data?.[0];
  const card = isCardKind(kind?.name);
  const cards = useCardTypes(card);
  const set = (change: Partial<Payment>) => onChange({ ...payment, ...change });

  const paid = amountPaid(payment, netAmount);
  const tenderedPaise = payment.tendered.trim() ? parseRupees(payment.tendered) : null;
  const tendered = tenderedPaise === null ? null : rupees(tenderedPaise);
  const balance = paid === null ? null : Math.max(0, netAmount - paid);
  const change = tendered !== null && paid !== null && tendered > paid ? tendered - paid : 0;
  const short = tendered !== null && paid !== null && tendered < paid;

  return (
    <section className="panel counter-panel" aria-labelledby="qs-payment-title">
      <h2 id="qs-payment-title" className="counter-panel-title">
        Payment <kbd>{COUNTER_KEYS.payment}</kbd>
      </h2>
      <div className="counter-row">
        <div className="field">
          <label htmlFor="qs-kind">Payment kind</label>
          <select id="qs-kind" value={kind?.id ?? ''} onChange={(e) => set({ receiptTypeId: e.target.value })}>
            {(kinds.data ?? []).map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
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
            placeholder={netAmount.toFixed(2)}
            aria-invalid={paid === null || (paid !== null && paid > netAmount) ? true : undefined}
            value={payment.amount}
            onChange={(e) => set({ amount: e.target.value })}
          />
        </div>
      </div>
      {paid !== null && paid > netAmount && <p className="field-error">More than the net amount.</p>}
      {paid === null && <p className="field-error">Enter an amount in rupees, like 1500 or 1,500.50.</p>}
      {card && (
        <div className="counter-row counter-row-3">
          <div className="field">
            <label htmlFor="qs-card-type">Card</label>
            <select id="qs-card-type" value={payment.cardTypeId} onChange={(e) => set({ cardTypeId: e.target.value })}>
              <option value="">Choose…</option>
              {(cards.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
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
    </section>
  );
}
