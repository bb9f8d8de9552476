/**
 * A return, or an exchange, from one order: the delivered lines with how many may come back, the
 * reason, where each goes (sellable stock or the damaged bin), and what the customer gets — money
 * back from this till, a credit note, or other goods (the exchange: a cart of its own, paid by
 * the return first, the difference paid or refunded). Past the store's return window a manager
 * types their own user name and password here, as for a price at the counter. The service
 * decides every figure; its refusal is shown as it words it.
 */
import { useState, type FormEvent } from 'react';
import { hasRole, MANAGERS } from '../../../shared/contract/roles.js';
import type { SalesOrderTempLine } from '../../../shared/models/cart.js';
import type { ExchangeResult, ReturnableLine, ReturnableOrder, SalesReturnResult } from '../../../shared/models/returns.js';
import { ItemSearch } from '../catalog/ItemSearch.js';
import { hrefFor } from '../core/router.js';
import { useSession } from '../core/session.js';
import { OrderLink } from '../orders/OrderLink.js';
import { PrintActions } from '../print/PrintActions.js';
import { useReceiptTypes } from '../quick-sale/service.js';
import { formatDate } from '../ui/dates.js';
import { DataTable, moneyColumn, type DataColumn } from '../ui/DataTable.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';
import { formatRupees } from '../ui/money.js';
import { Options } from '../ui/Options.js';
import { useAddToExchangeCart, useExchangeCart, useOrderByNo, useReturnable, useSaveExchange, useSaveReturn } from './service.js';

type Settlement = 'refund' | 'credit_note' | 'exchange';
type Destination = 'stock' | 'damaged';
interface LineChoice {
  qty: string;
  destination: Destination;
}

const isCreditNote = (name: string) => /credit\s*note/i.test(name);

export function ReturnScreen({ salesOrderNo }: { salesOrderNo: string }) {
  const order = useOrderByNo(salesOrderNo);
  const returnable = useReturnable(order.data?.salesOrderID);
  const [done, setDone] = useState<{ ret: SalesReturnResult; exchange: ExchangeResult | null } | null>(null);
  // A fresh form for each return: never remounted by the refetch a save causes (its answer would be lost).
  const [round, setRound] = useState(0);

  return (
    <section className="panel screen screen-wide return-screen" aria-labelledby="return-title">
      <a className="back-link" href={hrefFor({ name: 'order', salesOrderNo })}>
        ← Order {salesOrderNo}
      </a>
      <header className="screen-head">
        <h1 id="return-title">
          Return or exchange · order <span className="mono">{salesOrderNo}</span>
        </h1>
      </header>
      {order.isError && <ErrorBanner banner={bannerFor(order.error, `find order ${salesOrderNo}`)} />}
      {returnable.isError && <ErrorBanner banner={bannerFor(returnable.error, 'load what the order can take back')} />}
      {done ? (
        <Done
          result={done}
          onAnother={() => {
            setDone(null);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        returnable.data && <ReturnForm key={round} data={returnable.data} onDone={setDone} />
      )}
    </section>
  );
}

function ReturnForm({ data, onDone }: { data: ReturnableOrder; onDone: (r: { ret: SalesReturnResult; exchange: ExchangeResult | null }) => void }) {
  const role = useSession((s) => s.session?.userRole);
  const isManager = hasRole(role, MANAGERS);
  const kinds = useReceiptTypes();
  const payKinds = (kinds.data ?? []).filter((k) => !isCreditNote(k.name));
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [reason, setReason] = useState('');
  const [settlement, setSettlement] = useState<Settlement>('refund');
  const [refundKind, setRefundKind] = useState('');
  const [payKind, setPayKind] = useState('');
  const [manager, setManager] = useState({ userName: '', password: '', reason: '' });
  const [sessionID, setSessionID] = useState<string | null>(null);
  const cart = useExchangeCart(sessionID);
  const addItem = useAddToExchangeCart();
  const save = useSaveReturn();
  const exchange = useSaveExchange();

  const choice = (l: ReturnableLine): LineChoice => choices[l.salesOrderLineID] ?? { qty: '', destination: l.fromShelf ? 'stock' : 'damaged' };
  const setChoice = (l: ReturnableLine, patch: Partial<LineChoice>) => setChoices((c) => ({ ...c, [l.salesOrderLineID]: { ...choice(l), ...patch } }));
  const picked = data.lines
    .map((l) => ({ line: l, qty: Number(choice(l).qty), destination: choice(l).destination }))
    .filter((p) => Number.isInteger(p.qty) && p.qty > 0);
  // The service rounds the return's value to the rupee as a bill is; this is the same sum.
  const value = Math.round(picked.reduce((s, p) => s + p.qty * p.line.unitValue, 0));
  const newSale = cart.data?.netAmount ?? 0;
  const difference = newSale - value;
  const needsApproval = data.pastWindow && !isManager;
  const busy = save.isPending || exchange.isPending;
  const error = save.error ?? exchange.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || picked.length === 0) return;
    const lines = picked.map((p) => ({ salesOrderLineID: p.line.salesOrderLineID, qty: p.qty, destination: p.destination }));
    const approval = needsApproval ? { userName: manager.userName, password: manager.password, reason: manager.reason || null } : null;
    const base = { salesOrderID: data.salesOrderID, lines, reason, approval };
    if (settlement === 'exchange') {
      if (!sessionID) return;
      exchange.mutate(
        {
          body: {
            ...base,
            sale: { sessionID },
            payment: difference > 0 ? { receiptTypeId: payKind || payKinds[0]?.id || '' } : null,
            refundKindId: refundKind || null,
          },
        },
        { onSuccess: (r) => onDone({ ret: r.return, exchange: r }) },
      );
      return;
    }
    save.mutate(
      { body: { ...base, settlement, refundKindId: settlement === 'refund' ? refundKind || null : null } },
      { onSuccess: (r) => onDone({ ret: r, exchange: null }) },
    );
  };

  const columns: DataColumn<ReturnableLine>[] = [
    { id: 'item', header: 'Item', cell: (l) => l.name },
    { id: 'sold', header: 'Sold', className: 'num', cell: (l) => l.qty },
    { id: 'returned', header: 'Returned before', className: 'num', cell: (l) => l.returned },
    {
      id: 'qty',
      header: 'Qty back',
      className: 'num',
      cell: (l) => (
        <input
          type="number"
          className="qty-input"
          min={0}
          max={l.returnable}
          disabled={l.returnable === 0}
          aria-label={`Qty back: ${l.name}`}
          value={choice(l).qty}
          onChange={(e) => setChoice(l, { qty: e.target.value })}
        />
      ),
    },
    {
      id: 'to',
      header: 'Goes to',
      cell: (l) => (
        <select aria-label={`Goes to: ${l.name}`} value={choice(l).destination} disabled={l.returnable === 0} onChange={(e) => setChoice(l, { destination: e.target.value as Destination })}>
          {l.fromShelf && <option value="stock">Sellable stock</option>}
          <option value="damaged">Damaged bin</option>
        </select>
      ),
    },
    moneyColumn('unit', 'Each', (l) => l.unitValue),
  ];

  return (
    <form className="return-form" aria-label="Return" onSubmit={submit}>
      <dl className="facts facts-columns">
        <div>
          <dt>Customer</dt>
          <dd>{data.customerName}</dd>
        </div>
        <div>
          <dt>Delivered</dt>
          <dd>{formatDate(data.deliveredOn) ?? 'Not delivered'}</dd>
        </div>
        <div>
          <dt>Return window</dt>
          <dd>{data.windowEnds ? `${data.windowDays} days, to ${formatDate(data.windowEnds)}` : `${data.windowDays} days from delivery`}</dd>
        </div>
        <div>
          <dt>GST invoice</dt>
          <dd className="mono">{data.invoiceNo ?? 'None: no GST credit note'}</dd>
        </div>
      </dl>
      {data.refusal && <ErrorBanner banner={{ title: 'No return on this order', detail: data.refusal }} />}

      <DataTable listId="return-lines" label="Lines to return" rows={data.lines} rowKey={(l) => l.salesOrderLineID} columns={columns} tools={false} />

      <div className="field">
        <label htmlFor="return-reason">Reason</label>
        <input id="return-reason" value={reason} maxLength={200} placeholder="Frame broke, wrong power …" onChange={(e) => setReason(e.target.value)} />
      </div>

      <fieldset className="choice-group">
        <legend>The customer gets</legend>
        {(
          [
            ['refund', 'Money back from the till'],
            ['credit_note', 'A credit note for a later sale'],
            ['exchange', 'Other goods now (exchange)'],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="choice">
            <input type="radio" name="return-settlement" value={v} checked={settlement === v} onChange={() => setSettlement(v)} />
            {label}
          </label>
        ))}
      </fieldset>

      {settlement === 'exchange' && (
        <section className="exchange-box" aria-labelledby="exchange-title">
          <h2 id="exchange-title">New goods</h2>
          <ItemSearch
            label="Add an item"
            onPick={(item) =>
              addItem.mutate({ body: { sessionID: sessionID ?? '', itemID: item.id, qty: 1 } }, { onSuccess: (r) => setSessionID(r.sessionID) })
            }
          />
          {addItem.isError && <ErrorBanner banner={bannerFor(addItem.error, 'add the item')} />}
          <DataTable
            listId="exchange-cart"
            label="New goods"
            rows={cart.data?.items ?? []}
            rowKey={(l) => l.id}
            tools={false}
            empty="Add the goods the customer takes instead."
            columns={CART_COLUMNS}
          />
        </section>
      )}

      <dl className="facts return-figures" aria-label="Money">
        <div>
          <dt>Value back</dt>
          <dd data-testid="return-value">{formatRupees(value)}</dd>
        </div>
        {settlement === 'exchange' && (
          <>
            <div>
              <dt>New sale</dt>
              <dd>{formatRupees(newSale)}</dd>
            </div>
            <div>
              <dt>{difference > 0 ? 'Customer pays' : 'Refund'}</dt>
              <dd data-testid="exchange-difference">{formatRupees(Math.abs(difference))}</dd>
            </div>
          </>
        )}
      </dl>

      {(settlement === 'refund' || (settlement === 'exchange' && difference < 0)) && (
        <div className="field">
          <label htmlFor="return-refund-kind">Refund by</label>
          <select id="return-refund-kind" value={refundKind} onChange={(e) => setRefundKind(e.target.value)}>
            <Options of={payKinds} />
          </select>
        </div>
      )}
      {settlement === 'exchange' && difference > 0 && (
        <div className="field">
          <label htmlFor="return-pay-kind">Difference paid by</label>
          <select id="return-pay-kind" value={payKind} onChange={(e) => setPayKind(e.target.value)}>
            <Options of={payKinds} />
          </select>
        </div>
      )}

      {needsApproval && (
        <fieldset className="approval-box">
          <legend>Past the return window: a manager approves</legend>
          <p className="muted">The window ended on {formatDate(data.windowEnds)}. The manager types their own user name and password.</p>
          <div className="field">
            <label htmlFor="return-manager">Manager’s user name</label>
            <input id="return-manager" autoComplete="off" value={manager.userName} onChange={(e) => setManager({ ...manager, userName: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="return-manager-password">Manager’s password</label>
            <input id="return-manager-password" type="password" autoComplete="off" value={manager.password} onChange={(e) => setManager({ ...manager, password: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="return-manager-reason">Why it is allowed</label>
            <input id="return-manager-reason" value={manager.reason} onChange={(e) => setManager({ ...manager, reason: e.target.value })} />
          </div>
        </fieldset>
      )}

      {error && <ErrorBanner banner={bannerFor(error, settlement === 'exchange' ? 'save the exchange' : 'save the return')} />}
      <button type="submit" className="button" disabled={busy || picked.length === 0 || !!data.refusal || (settlement === 'exchange' && !sessionID)}>
        {settlement === 'exchange' ? 'Save exchange' : 'Save return'}
      </button>
    </form>
  );
}

type CartLine = SalesOrderTempLine;
const CART_COLUMNS: DataColumn<CartLine>[] = [
  { id: 'item', header: 'Item', cell: (l) => l.itemName },
  { id: 'qty', header: 'Qty', className: 'num', cell: (l) => l.qty ?? '' },
  moneyColumn<CartLine>('total', 'Total', (l) => l.totalAmount),
];

function Done({ result, onAnother }: { result: { ret: SalesReturnResult; exchange: ExchangeResult | null }; onAnother: () => void }) {
  const { ret, exchange } = result;
  return (
    <section className="return-done" role="status" aria-labelledby="return-done-title">
      <h2 id="return-done-title">
        Return <span className="mono">{ret.returnNo}</span> saved
      </h2>
      <p>{exchange ? exchange.message : ret.message}</p>
      <dl className="facts">
        <div>
          <dt>Value back</dt>
          <dd>{formatRupees(ret.amount)}</dd>
        </div>
        {ret.refundAmount > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>
              {formatRupees(ret.refundAmount)} ({ret.refundKind})
            </dd>
          </div>
        )}
        {ret.creditNoteNo && (
          <div>
            <dt>Credit note</dt>
            <dd className="mono">{ret.creditNoteNo}</dd>
          </div>
        )}
        {ret.gstCreditNoteNo && (
          <div>
            <dt>GST credit note</dt>
            <dd className="mono">{ret.gstCreditNoteNo}</dd>
          </div>
        )}
        {exchange && (
          <>
            <div>
              <dt>New sale</dt>
              <dd>
                <OrderLink salesOrderNo={exchange.sale.salesOrderNo} /> {formatRupees(exchange.saleAmount)}
              </dd>
            </div>
            <div>
              <dt>Customer paid</dt>
              <dd>{formatRupees(exchange.customerPaid)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="order-box-actions">
        <div role="group" aria-label="Return receipt">
          <PrintActions doc={{ kind: 'returnReceipt', id: ret.salesReturnID, number: ret.returnNo }} printLabel="Print return receipt" />
        </div>
        {ret.gstCreditNoteNo && (
          <div role="group" aria-label="GST credit note">
            <PrintActions doc={{ kind: 'gstCreditNote', id: ret.salesReturnID, number: ret.gstCreditNoteNo }} printLabel="Print GST credit note" />
          </div>
        )}
        {exchange?.sale.receiptID && exchange.sale.receiptNo && (
          <div role="group" aria-label="Sale receipt">
            <PrintActions doc={{ kind: 'receipt', id: exchange.sale.receiptID, number: exchange.sale.receiptNo }} printLabel="Print sale receipt" />
          </div>
        )}
        <button type="button" className="button button-secondary" onClick={onAnother}>
          Another return from this order
        </button>
      </div>
    </section>
  );
}
