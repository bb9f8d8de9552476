/**
 * The counter: scan or find items into the service's cart, attach the customer, take a full or
 * part payment and save the sale in one SaveSale call. Keyboard first: the code box has focus
 * whenever nothing else was asked for, and F-keys reach the other panels (keys.ts).
 */
import { CollectAtField } from '../orders/CollectAt.js';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/client.js';
import { ManagerApproval, needsManager, type ApprovalLine } from './ManagerApproval.js';
import { LabJobFields, useLatestRx } from './LabJob.js';
import { OpenCarts } from './OpenCarts.js';
import type { SalesOrderTempLine } from '../../../shared/models/cart.js';
import { parseRupees, rupees } from '../../../shared/domain/money.js';
import { ItemSearch, type PickedItem } from '../catalog/ItemSearch.js';
import { formatRupees } from '../ui/money.js';
import { isCreditNoteKind, payableKinds, planPayment } from '../credit-notes/credit-note.js';
import { useCreditNotes } from '../credit-notes/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { DateField, isDateEntry } from '../ui/DateField.js';
import { useCart, type Charges } from './cart.js';
import { CartGrid, type LineChange } from './CartGrid.js';
import { CustomerPanel } from './CustomerPanel.js';
import { actionForKey, COUNTER_KEYS } from './keys.js';
import { LensPairForm, lineRx, rxText, type EyeRx } from './LensPair.js';
import { claimedRupees, NO_PAYMENT, PaymentPanel, secondRupees, type Payment } from './PaymentPanel.js';
import { saleRequest, spentNote, type SaleState } from './sale-request.js';
import { useOnReopen } from '../core/router.js';
import { TillClosedBanner } from '../till/TillClosedBanner.js';
import { isTillClosed, useTillState } from '../till/service.js';
import { SavedPanel } from './SavedPanel.js';
import { SavedPayments } from './SavedPayments.js';
import {
  useAddLines,
  useCartLines,
  useClearCart,
  useDeleteLine,
  useInsuranceCompanies,
  useInsuranceSplit,
  useItemTypes,
  useReceiptTypes,
  useSaveSale,
  useUpdateLine,
  type NewLine,
} from './service.js';

const CHARGES: { key: keyof Charges; label: string }[] = [
  { key: 'jobCharges', label: 'Job charges' },
  { key: 'shippingCharges', label: 'Shipping' },
  { key: 'otherCharges', label: 'Other' },
];

export function QuickSaleScreen() {
  const { sessionID, customer, charges, saved, pairRx } = useCart();
  const { setCharges, addPairRx, completed } = useCart.getState();
  const cart = useCartLines(sessionID, charges);
  const itemTypes = useItemTypes();
  const receiptTypes = useReceiptTypes();
  const add = useAddLines();
  const update = useUpdateLine();
  const remove = useDeleteLine();
  const clear = useClearCart();
  const save = useSaveSale();
  // Known before the first scan whether this till can take the sale (asked again on focus and after every save).
  const till = useTillState();
  const tillClosed = isTillClosed(till.data);

  const [payment, setPayment] = useState<Payment>(NO_PAYMENT);
  // Empty: the store's usual turnaround for what is in the cart (the service decides).
  const [delivery, setDelivery] = useState({ date: '', time: '' });
  // Empty: collected here; another branch hands it over (any branch serves any customer).
  const [collectAt, setCollectAt] = useState('');
  const insurers = useInsuranceCompanies();
  const claimed = claimedRupees(payment);
  const splitQuery = useInsuranceSplit(sessionID, claimed);
  // Only a split for the claim as it stands now counts; none at all without an insurer.
  const split = claimed === null ? undefined : splitQuery.data;
  const notesQuery = useCreditNotes(customer?.customerID ?? null);
  const notes = customer ? (notesQuery.data ?? []) : [];
  const [lensFor, setLensFor] = useState<PickedItem | null>(null);
  const latestRx = useLatestRx(customer?.customerID ?? null);
  // A lab job (a lens pair in the cart): which lab, fitter and priority, as the job card prints them.
  const [labJob, setLabJob] = useState({ supplierID: '', fitterID: '', priorityID: '' });

  const codeBox = useRef<HTMLDivElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const focusCode = () => codeBox.current?.querySelector('input')?.focus();
  // Quick sale chosen again from the menu (a cashier lands here): back to the code box.
  useOnReopen(focusCode);

  const lines = cart.data?.items ?? [];
  const netAmount = cart.data?.netAmount ?? 0;
  const busy = add.isPending || update.isPending || remove.isPending || clear.isPending || save.isPending;

  function isSpectacleLens(item: PickedItem): boolean {
    const type = itemTypes.data?.find((t) => t.value === item.itemTypeID);
    return !!type && /spectacle/i.test(type.name);
  }

  function onPick(item: PickedItem) {
    save.reset();
    if (isSpectacleLens(item)) {
      setLensFor(item);
      return;
    }
    add.mutate([lineFor(item)], {
      onError: (error) => {
        // Off the shelf: say so, and offer to sell it to order (the service decides whether the store allows it).
        if (error instanceof ApiError && error.status === 409) setOrderFor({ item, why: error.message });
      },
    });
  }

  // An item the shelf does not have, which the cashier may offer to order in (with a manager).
  const [orderFor, setOrderFor] = useState<{ item: PickedItem; why: string; refused?: boolean } | null>(null);
  function sellToOrder(item: PickedItem, priceApprovalID?: string) {
    const line = { ...lineFor(item), isOrdered: true, ...(priceApprovalID ? { priceApprovalID } : {}) };
    add.mutate([line], {
      onSuccess: () => setOrderFor(null),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setOrderFor({ item, why: error.message, refused: true });
        if (!needsManager(error)) return;
        setOrderFor(null);
        setApproval({
          why: error.message,
          line: { itemID: item.id, itemName: item.name, qty: 1, price: item.price },
          retry: (id) => sellToOrder(item, id),
        });
      },
    });
  }

  function addPair(item: PickedItem, right: EyeRx, left: EyeRx) {
    // Unique within the cart; the service keeps it as text.
    const pairNo = String(Date.now());
    addPairRx(pairNo, { right: rxText(right), left: rxText(left) });
    add.mutate([{ ...lineFor(item), ...lineRx(right), pairNo }, { ...lineFor(item), ...lineRx(left), pairNo }], {
      onSuccess: () => {
        setLensFor(null);
        focusCode();
      },
    });
  }

  // A change the service refused for want of a manager: the approval dialog, then the same change again.
  const [approval, setApproval] = useState<{ line: ApprovalLine; why: string; retry: (priceApprovalID: string) => void } | null>(null);
  function onChangeLine(change: LineChange) {
    update.mutate(change, {
      onError: (error) => {
        const line = lines.find((l) => l.id === change.id);
        if (!needsManager(error) || !line) return;
        const { price, discountRate } = change;
        setApproval({
          retry: (priceApprovalID) => update.mutate({ ...change, priceApprovalID }),
          why: error.message,
          line: {
            itemID: line.itemID, itemName: line.itemName, qty: change.qty ?? line.qty,
            price: price ?? line.price, discountRate: discountRate ?? line.discountRate,
          },
        });
      },
    });
  }

  function onDelete(line: SalesOrderTempLine, asPair: boolean) {
    if (!sessionID) return;
    remove.mutate({ sessionID, salesOrderTempId: asPair ? null : String(line.id), pairNo: asPair ? line.pairNo : null });
    focusCode();
  }

  const plan = planPayment(payment, notes, split?.patientAmount ?? netAmount);
  const kinds = payableKinds(receiptTypes.data);
  const kind = kinds.find((k) => k.id === payment.receiptTypeId) ?? kinds[0];
  const secondKind = kinds.find((k) => k.id === payment.secondKindId);
  const second = secondRupees(payment);
  // With a second kind (a split payment, issue 16) the total paid is both parts.
  const paid = plan.total === null || second === null ? null : Math.round((plan.total + second) * 100) / 100;
  const noteKind = receiptTypes.data?.find((k) => isCreditNoteKind(k.name));
  // A claim still being priced would leave the default amount (the patient's share) unknown.
  const splitSettled = claimed === null || (!!split && !splitQuery.isFetching);
  const canSave =
    !tillClosed && !!sessionID && lines.length > 0 && !!customer && paid !== null && paid <= plan.due && !plan.noteProblem && splitSettled && isDateEntry(delivery.date) && !busy;
  // What holds Save back that the cashier can act on, said under the button.
  const saveWaitsFor = tillClosed ? 'Open the till to save the sale.' : !customer && lines.length > 0 ? 'Attach a customer to save.' : null;

  function onSave() {
    if (!canSave || !sessionID || !customer || paid === null || plan.now === null || plan.fromNote === null) return;
    const fromNote = plan.fromNote;
    const now = plan.now;
    const saleState: SaleState = {
      sessionID,
      customerID: customer.customerID,
      charges,
      netAmount,
      plan: { note: plan.note, fromNote, now, total: paid },
      kind,
      noteKindId: noteKind?.id,
      card: { cardTypeId: payment.cardTypeId, cardNo: payment.cardNo, nameOnCard: payment.nameOnCard, approvalCode: payment.approvalCode },
      referenceNo: payment.referenceNo,
      second: secondKind && second ? { kind: secondKind, amount: second, cardNo: payment.secondCardNo, approvalCode: payment.secondApproval, referenceNo: payment.secondReference } : null,
      tendered: payment.tendered.trim() ? (parseRupees(payment.tendered) ?? 0) / 100 : null,
      insurance: {
        insurerId: insurers.data?.find((c) => c.id === payment.insuranceCompanyId)?.id,
        policyNo: payment.policyNo,
        split,
      },
      delivery,
      labJob,
      collectBranchID: collectAt,
    };
    const note = spentNote(saleState.plan);
    save.mutate(saleRequest(saleState), {
      onSuccess: ({ sale }) => {
        // More than one receipt (a credit note and the rest, or a split payment): each with its number.
        const payments =
          sale.receipts && sale.receipts.length > 1
            ? sale.receipts.map((r, i) => ({ kind: note && i === 0 ? `Credit note ${note.creditNoteNo}` : r.kind, receiptNo: r.receiptNo, amount: r.amount }))
            : note
              ? [{ kind: `Credit note ${note.creditNoteNo}`, receiptNo: sale.receiptNo, amount: fromNote }]
              : undefined;
        completed({ ...sale, amountPaid: paid, netAmount, ...(payments ? { payments } : {}) });
        setPayment(NO_PAYMENT);
        setDelivery({ date: '', time: '' });
        setCollectAt('');
        setLabJob({ supplierID: '', fitterID: '', priorityID: '' });
        focusCode();
      },
    });
  }

  // F-keys work from any box on the screen; the browser's own meaning of them (F3 find) is not wanted here.
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const action = actionForKey(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'customer') mobileRef.current?.focus();
      else if (action === 'itemSearch') focusCode();
      else if (action === 'payment') amountRef.current?.focus();
      else if (action === 'save') onSaveRef.current();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const error = add.error ?? update.error ?? remove.error ?? clear.error ?? cart.error;

  return (
    <section className="screen screen-wide quick-sale" aria-labelledby="qs-title">
      <div className="screen-head">
        <h1 id="qs-title">Quick sale</h1>
        <p className="counter-keys muted">
          <kbd>{COUNTER_KEYS.customer}</kbd> customer · <kbd>{COUNTER_KEYS.itemSearch}</kbd> item search ·{' '}
          <kbd>{COUNTER_KEYS.payment}</kbd> payment · <kbd>{COUNTER_KEYS.save}</kbd> save
        </p>
      </div>

      <TillClosedBanner till={till.data} backToWork={focusCode} />

      {saved && <SavedPanel sale={saved} />}
      {saved && <SavedPayments sale={saved} />}

      <div className="counter">
        <div className="counter-main">
          <div ref={codeBox}>
            <ItemSearch label="Code" autoFocus onPick={onPick} placeholder="Scan a barcode, or type a code or name" />
          </div>
          {lensFor && (
            <LensPairForm
              item={lensFor}
              latest={latestRx}
              busy={add.isPending}
              onAdd={(right, left) => addPair(lensFor, right, left)}
              onCancel={() => {
                setLensFor(null);
                focusCode();
              }}
            />
          )}
          {approval && (
            <ManagerApproval
              line={approval.line}
              why={approval.why}
              onCancel={() => {
                setApproval(null);
                update.reset();
                add.reset();
              }}
              onApproved={(priceApprovalID) => {
                const { retry } = approval;
                setApproval(null);
                retry(priceApprovalID);
              }}
            />
          )}
          {orderFor && !approval && (
            <div className="panel counter-order-in" role="alert">
              <p>{orderFor.why}.</p>
              <div className="actions">
                {!orderFor.refused && (
                  <button type="button" className="button button-small" disabled={busy} onClick={() => sellToOrder(orderFor.item)}>
                    Sell to order
                  </button>
                )}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => {
                    setOrderFor(null);
                    add.reset();
                    focusCode();
                  }}
                >
                  Not now
                </button>
              </div>
            </div>
          )}
          {error && !approval && !orderFor && <ErrorBanner banner={bannerFor(error, 'change the cart')} />}
          <CartGrid lines={lines} pairRx={pairRx} busy={busy} onChange={onChangeLine} onDelete={onDelete} onDone={focusCode} />

          {lines.some((l) => l.pairNo) && <LabJobFields value={labJob} onChange={setLabJob} />}
          <div className="counter-foot">
            <div className="counter-charges">
              {CHARGES.map((c) => (
                <ChargeField key={c.key} label={c.label} value={charges[c.key]} onCommit={(v) => setCharges({ [c.key]: v })} />
              ))}
              <DateField id="qs-delivery-date" label="Delivery date" value={delivery.date} onChange={(date) => setDelivery({ ...delivery, date })} />
              <div className="field">
                <label htmlFor="qs-delivery-time">Delivery time</label>
                <input id="qs-delivery-time" type="time" value={delivery.time} onChange={(e) => setDelivery({ ...delivery, time: e.target.value })} />
              </div>
              <CollectAtField value={collectAt} onChange={setCollectAt} />
            </div>
            <dl className="counter-total">
              <dt>Net amount</dt>
              <dd className="money" data-testid="net-amount">
                {formatRupees(netAmount)}
              </dd>
            </dl>
          </div>
          {sessionID && lines.length > 0 && (
            <div className="actions">
              <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => clear.mutate(sessionID)}>
                Empty cart
              </button>
            </div>
          )}
        </div>

        <aside className="counter-side">
          <OpenCarts />
          <CustomerPanel mobileRef={mobileRef} onDone={focusCode} />
          <PaymentPanel
            payment={payment}
            onChange={setPayment}
            netAmount={netAmount}
            split={{ data: split, pending: splitQuery.isFetching, error: claimed === null ? null : splitQuery.error }}
            notes={{ data: notes, error: customer ? notesQuery.error : null }}
            amountRef={amountRef}
          />
          {save.isError && <ErrorBanner banner={bannerFor(save.error, 'save the sale')} />}
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!canSave}
            onClick={onSave}
            aria-keyshortcuts={COUNTER_KEYS.save}
            aria-describedby={saveWaitsFor ? 'qs-save-waits' : undefined}
          >
            Save sale <kbd>{COUNTER_KEYS.save}</kbd>
          </button>
          {saveWaitsFor && (
            <p id="qs-save-waits" className="muted">
              {saveWaitsFor}
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}

function lineFor(item: PickedItem): NewLine {
  return { itemID: item.id, qty: 1, price: item.price, mrp: item.mrp, isOrdered: item.stock === null };
}

function ChargeField({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const id = `qs-charge-${label.replace(/\W+/g, '-').toLowerCase()}`;
  function commit() {
    if (draft === null) return;
    const paise = draft.trim() === '' ? 0 : parseRupees(draft);
    if (paise !== null) onCommit(rupees(paise));
    setDraft(null);
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="num"
        inputMode="decimal"
        autoComplete="off"
        value={draft ?? (value ? value.toFixed(2) : '')}
        placeholder="0.00"
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
  );
}
