/**
 * What can be done to an order from its page. Each panel offers only what the order's state
 * allows, and the service still has the last word: its refusal is shown as it words it.
 */
import { Fragment, useState, type FormEvent } from 'react';
import {
  CANCEL_RECEIPT_STATUS_IDS,
  canTransition,
  RECEIPT_STATUS_NAMES,
  SALES_ORDER_STATUS,
  SALES_ORDER_STATUS_NAMES,
  STATUS_CHANGE_TARGETS,
} from '../../../shared/contract/statuses.js';
import { formatRupees } from '../ui/money.js';
import { isCreditNoteKind, payableKinds, planPayment, remainder, type NotePayment } from '../credit-notes/credit-note.js';
import { CreditNoteFields } from '../credit-notes/CreditNoteFields.js';
import { useCreditNotes } from '../credit-notes/service.js';
import type { PrintCopy } from '../print/documents.js';
import { CopyChoice, PrintActions } from '../print/PrintActions.js';
import { useReceiptTypes } from '../quick-sale/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { Options } from '../ui/Options.js';
import {
  useCancellationReasons,
  useCancelOrder,
  useMoveStatus,
  useRaiseInvoice,
  useTakePayment,
  type PaymentToTake,
} from './service.js';

const MOVE_LABELS: Record<(typeof STATUS_CHANGE_TARGETS)[number], string> = {
  2: 'Send to lab',
  3: 'Mark ready for delivery',
  4: 'Mark delivered',
};

/** collectedElsewhere: the branch that moves the job, when it is not this one (any branch serves any customer). */
export function StatusActions({ salesOrderID, statusId, collectedElsewhere = null }: { salesOrderID: string; statusId: number; collectedElsewhere?: string | null }) {
  const move = useMoveStatus(salesOrderID);
  const targets = STATUS_CHANGE_TARGETS.filter((to) => canTransition(statusId, to));
  if (collectedElsewhere && targets.length > 0) {
    return (
      <section className="order-box" aria-labelledby="order-status-title">
        <h2 id="order-status-title">Status</h2>
        <p className="muted">Collected at {collectedElsewhere}: it is sent to the lab, marked ready and delivered there.</p>
      </section>
    );
  }
  return (
    <section className="order-box" aria-labelledby="order-status-title">
      <h2 id="order-status-title">Status</h2>
      {targets.length === 0 ? (
        <p className="muted">
          {SALES_ORDER_STATUS_NAMES[statusId as 1] ?? 'This status'} is final: nothing more moves this order.
        </p>
      ) : (
        <div className="order-box-actions">
          {targets.map((to) => (
            <button
              key={to}
              type="button"
              className="button button-secondary"
              disabled={move.isPending}
              onClick={() => move.mutate(to)}
            >
              {MOVE_LABELS[to]}
            </button>
          ))}
        </div>
      )}
      {move.isError && <ErrorBanner banner={bannerFor(move.error, 'change the status')} />}
    </section>
  );
}

const NO_NOTE: NotePayment = { creditNoteID: '', creditAmount: '', amount: '' };

/**
 * Taking the balance, as the counter takes a bill: the customer's open credit notes are offered
 * when there are some (the Credit Note kind is never picked from the list, a note is), the chosen
 * note pays as much as it can up to the balance, and the kind below pays the rest.
 */
export function PaymentForm({ salesOrderID, customerID, balance }: { salesOrderID: string; customerID: string; balance: number }) {
  const receiptTypes = useReceiptTypes();
  const kinds = payableKinds(receiptTypes.data);
  const noteKind = receiptTypes.data?.find((k) => isCreditNoteKind(k.name));
  // A paid order has nothing a note could pay.
  const notes = useCreditNotes(balance > 0 ? customerID : null);
  const take = useTakePayment(salesOrderID);
  const [kindId, setKindId] = useState('');
  const [payment, setPayment] = useState<NotePayment>(NO_NOTE);
  const kind = kinds.find((k) => k.id === kindId) ?? kinds[0];
  // Empty amounts mean "all of it", the usual case when the customer collects the glasses.
  const plan = planPayment(payment, notes.data ?? [], balance, 'the balance');
  const note = plan.note && (plan.fromNote ?? 0) > 0 ? plan.note : undefined;
  const rest = plan.now ?? 0;
  const invalid =
    plan.now === null || plan.total === null || plan.total <= 0 || plan.noteProblem !== null || (rest > 0 && !kind) || (!!note && !(noteKind ?? kind));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    const parts: PaymentToTake[] = [];
    if (note && plan.fromNote) {
      parts.push({
        receiptTypeId: (noteKind ?? kind)!.id,
        amount: plan.fromNote,
        remarks: '',
        creditNoteID: note.creditNoteID,
        paidBy: `Credit note ${note.creditNoteNo}`,
      });
    }
    if (rest > 0 && kind) parts.push({ receiptTypeId: kind.id, amount: rest, remarks: '', paidBy: kind.name });
    take.mutate(parts, { onSuccess: () => setPayment(NO_NOTE) });
  };

  return (
    <form className="order-box" aria-labelledby="order-pay-title" onSubmit={submit}>
      <h2 id="order-pay-title">Take payment</h2>
      {balance <= 0 ? (
        <p className="muted">Paid in full.</p>
      ) : (
        <>
          <CreditNoteFields
            idPrefix="order-pay"
            notes={notes.data ?? []}
            error={notes.error}
            choice={payment}
            due={balance}
            dueName="the balance"
            // The default amount is what the note leaves: a typed one would be stale.
            onChange={(choice) => setPayment({ ...choice, amount: '' })}
          />
          <div className="order-box-row">
            <div className="field">
              <label htmlFor="order-pay-kind">Payment kind</label>
              <select id="order-pay-kind" value={kind?.id ?? ''} onChange={(e) => setKindId(e.target.value)}>
                <Options of={kinds} />
              </select>
            </div>
            <div className="field">
              <label htmlFor="order-pay-amount">Amount</label>
              <input
                id="order-pay-amount"
                className="num"
                inputMode="decimal"
                autoComplete="off"
                placeholder={remainder(balance, plan.fromNote ?? 0).toFixed(2)}
                aria-invalid={plan.now === null ? true : undefined}
                value={payment.amount}
                onChange={(e) => setPayment({ ...payment, amount: e.target.value })}
              />
            </div>
            <button type="submit" className="button button-primary" disabled={invalid || take.isPending}>
              {take.isPending ? 'Saving…' : 'Take payment'}
            </button>
          </div>
          {note && plan.fromNote !== null && plan.now !== null && (
            <p className="muted" data-testid="payment-split">
              The note pays {formatRupees(plan.fromNote)}
              {rest > 0 ? `, ${kind?.name ?? 'the kind'} ${formatRupees(rest)}` : ''}.
            </p>
          )}
        </>
      )}
      {take.isSuccess && (
        <p role="status" className="muted">
          {take.data.receipts.length === 1 ? 'Receipt ' : 'Receipts '}
          {take.data.receipts.map((r, i) => (
            <Fragment key={r.receiptNo}>
              {i > 0 && ', '}
              <span className="mono" data-testid="new-receipt-no">
                {r.receiptNo}
              </span>{' '}
              ({r.paidBy}, {formatRupees(r.amount)})
            </Fragment>
          ))}{' '}
          saved.
        </p>
      )}
      {take.data?.error && <ErrorBanner banner={bannerFor(take.data.error, 'take the rest of the payment')} />}
      {take.isError && <ErrorBanner banner={bannerFor(take.error, 'take this payment')} />}
    </form>
  );
}

export function InvoicePanel({
  salesOrderID,
  customerID,
  invoiceNo,
  invoiceID,
  balance,
  cancelled,
}: {
  salesOrderID: string;
  customerID: string;
  invoiceNo: string | null;
  invoiceID: string | null;
  balance: number;
  cancelled: boolean;
}) {
  const raise = useRaiseInvoice(salesOrderID, customerID);
  const [copy, setCopy] = useState<PrintCopy>('customer');
  const shown = invoiceNo ?? raise.data?.invoiceNo ?? null;
  const shownId = invoiceID ?? raise.data?.invoiceID ?? null;
  return (
    <section className="order-box" aria-labelledby="order-invoice-title">
      <h2 id="order-invoice-title">Invoice</h2>
      {shown ? (
        <p>
          GST invoice <strong className="mono" data-testid="invoice-no">{shown}</strong>
        </p>
      ) : cancelled ? (
        <p className="muted">A cancelled order is not invoiced.</p>
      ) : (
        <div className="order-box-actions">
          <button type="button" className="button button-primary" disabled={raise.isPending} onClick={() => raise.mutate()}>
            {raise.isPending ? 'Raising…' : 'Raise invoice'}
          </button>
          {balance > 0 && (
            <span className="muted">{formatRupees(balance)} is still due; the store may require full payment first.</span>
          )}
        </div>
      )}
      {shown && shownId && (
        <>
          <CopyChoice kind="invoice" id="order-invoice-copy" value={copy} onChange={setCopy} />
          <PrintActions doc={{ kind: 'invoice', id: shownId, number: shown, copy }} printLabel="Print invoice" />
        </>
      )}
      {raise.isError && <ErrorBanner banner={bannerFor(raise.error, 'raise the invoice')} />}
    </section>
  );
}

/** The lab's card for an order with spectacle lenses: what to grind and fit, with the order's QR. */
export function JobCardPanel({ salesOrderID, salesOrderNo }: { salesOrderID: string; salesOrderNo: string }) {
  return (
    <section className="order-box" aria-labelledby="order-job-card-title">
      <h2 id="order-job-card-title">Lab job card</h2>
      <PrintActions doc={{ kind: 'jobCard', id: salesOrderID, number: salesOrderNo }} printLabel="Print job card" />
    </section>
  );
}

type ReceiptHandling = (typeof CANCEL_RECEIPT_STATUS_IDS)[number];

const HANDLING_HINTS: Record<ReceiptHandling, string> = {
  2: 'the money was never taken (a mistaken receipt)',
  3: 'the money goes back to the customer now',
  4: 'kept for the customer’s next purchase',
};

/** Managers only: the caller hides it from everyone else, as the service would refuse them. */
export function CancelForm({ salesOrderID, received }: { salesOrderID: string; received: number }) {
  const [open, setOpen] = useState(false);
  const reasons = useCancellationReasons(open);
  const cancel = useCancelOrder(salesOrderID);
  const [reasonId, setReasonId] = useState('');
  const [handling, setHandling] = useState<ReceiptHandling>(4);

  if (!open) {
    return (
      <section className="order-box" aria-labelledby="order-cancel-title">
        <h2 id="order-cancel-title">Cancel</h2>
        <div className="order-box-actions">
          <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
            Cancel order…
          </button>
          <span className="muted">Puts the stock back and settles the receipts.</span>
        </div>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reasonId) return;
    cancel.mutate({ statusId: SALES_ORDER_STATUS.Cancelled, receiptStatusId: handling, cancellationReasonID: Number(reasonId) });
  };

  return (
    <form className="order-box order-box-danger" aria-labelledby="order-cancel-title" onSubmit={submit}>
      <h2 id="order-cancel-title">Cancel this order</h2>
      <div className="order-box-row">
        <div className="field">
          <label htmlFor="order-cancel-reason">Reason</label>
          <select id="order-cancel-reason" required value={reasonId} onChange={(e) => setReasonId(e.target.value)}>
            <option value="">Choose a reason</option>
            {(reasons.data ?? [])
              .filter((r) => r.isActive)
              .map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.cancellationReason}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-cancel-receipts">{formatRupees(received)} received becomes</label>
          <select
            id="order-cancel-receipts"
            value={handling}
            onChange={(e) => setHandling(Number(e.target.value) as ReceiptHandling)}
          >
            {CANCEL_RECEIPT_STATUS_IDS.map((id) => (
              <option key={id} value={id}>
                {RECEIPT_STATUS_NAMES[id]} — {HANDLING_HINTS[id]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="muted">Money paid by a credit note always goes back on that note, whatever is chosen here.</p>
      <div className="order-box-actions">
        <button type="submit" className="button button-danger" disabled={!reasonId || cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          Keep the order
        </button>
      </div>
      {cancel.isError && <ErrorBanner banner={bannerFor(cancel.error, 'cancel this order')} />}
    </form>
  );
}
