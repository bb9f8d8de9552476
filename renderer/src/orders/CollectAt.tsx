/**
 * Any branch serves any customer: where the customer collects an order. The counter chooses it
 * when booking (Quick sale's "Collect at"), the order page shows it and lets the booking branch or
 * head office move it, and shows what two branches acting apart left for a person to settle.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../../shared/endpoints/index.js';
import type { ToSettleReason } from '../../../shared/models/any-branch.js';
import { useEndpoint, useEndpointMutation, useInvalidate } from '../core/service.js';
import { bannerFor, ErrorBanner } from '../ui/errors.js';

export function useCollectBranches() {
  return useEndpoint(api.Orders.collectBranches, undefined, { staleTime: 10 * 60_000 });
}

/** The branch the signed-in user works at today (ENC id), from the collect-branches list. */
export function useHereBranch(): string | undefined {
  return useCollectBranches().data?.rows.find((b) => b.here)?.branchID;
}

/** Quick sale's "Collect at": empty is here, where the order is booked. */
export function CollectAtField({ value, onChange }: { value: string; onChange: (branchID: string) => void }) {
  const list = useCollectBranches();
  const rows = list.data?.rows ?? [];
  // One branch only: nothing to choose.
  if (rows.length < 2) return null;
  return (
    <div className="field">
      <label htmlFor="qs-collect-at">Collect at</label>
      <select id="qs-collect-at" value={value} onChange={(e) => onChange(e.target.value)}>
        {rows.map((b) => (
          <option key={b.branchID} value={b.here ? '' : b.branchID}>
            {b.here ? `Here (${b.branchName})` : b.branchName}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The order page's "Collect at" fact, with a change for the booking branch or head office. */
export function CollectAtFact({ salesOrderID, branchID, branchName, canChange }: { salesOrderID: string; branchID: string; branchName: string; canChange: boolean }) {
  const list = useCollectBranches();
  const [editing, setEditing] = useState(false);
  const [to, setTo] = useState(branchID);
  const invalidate = useInvalidate();
  const move = useEndpointMutation(api.Orders.collectAt, {
    input: (target: string) => ({ params: { salesOrderId: salesOrderID }, body: { branchID: target } }),
    onSettled: () => invalidate(api.Orders.detail, api.Orders.history),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(to, { onSuccess: () => setEditing(false) });
  };
  if (!editing) {
    return (
      <dd>
        <span data-testid="collect-at">{branchName}</span>
        {canChange && (list.data?.rows.length ?? 0) > 1 && (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              setTo(branchID);
              move.reset();
              setEditing(true);
            }}
          >
            Move
          </button>
        )}
      </dd>
    );
  }
  return (
    <dd>
      <form className="inline-form" onSubmit={submit} aria-label="Change where it is collected">
        <label htmlFor="order-collect-at">Collect at</label>
        <select id="order-collect-at" value={to} onChange={(e) => setTo(e.target.value)}>
          {(list.data?.rows ?? []).map((b) => (
            <option key={b.branchID} value={b.branchID}>
              {b.branchName}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small" disabled={move.isPending}>
          Save branch
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => setEditing(false)}>
          Keep
        </button>
        {move.isError && <ErrorBanner banner={bannerFor(move.error, 'change where it is collected')} />}
      </form>
    </dd>
  );
}

/**
 * What two branches acting apart left on this order for a person: shown at the top of the order
 * page; a manager records how it was settled there (Orders/settle), with any money given back
 * out of this till, and the order leaves the To settle list at every branch.
 */
export function ToSettleNotice({ reasons, salesOrderID }: { reasons: readonly ToSettleReason[]; salesOrderID?: string }) {
  const [done, setDone] = useState<string | null>(null);
  if (reasons.length === 0) {
    return done ? (
      <div className="banner banner-info" role="status">
        {done}
      </div>
    ) : null;
  }
  return (
    <div className="banner banner-warning" role="alert" data-testid="to-settle">
      <strong>Needs a person to settle</strong>
      <ul>
        {reasons.map((r) => (
          <li key={r.kind}>{r.text}</li>
        ))}
      </ul>
      {salesOrderID && <SettleForm salesOrderID={salesOrderID} owed={reasons.reduce((sum, r) => sum + r.amount, 0)} onSettled={setDone} />}
    </div>
  );
}

function SettleForm({ salesOrderID, owed, onSettled }: { salesOrderID: string; owed: number; onSettled: (message: string) => void }) {
  const invalidate = useInvalidate();
  const [note, setNote] = useState('');
  const [refund, setRefund] = useState('');
  const settle = useEndpointMutation(api.Orders.settle, {
    input: (_: void) => ({ params: { salesOrderId: salesOrderID }, body: { note, refundAmount: refund.trim() === '' ? null : Number(refund) } }),
    onSuccess: async (result) => {
      onSettled(result.message);
      await invalidate(api.Orders.detail, api.Orders.toSettle, api.Till.state);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    settle.mutate();
  }
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Settle this order">
      <div className="field">
        <label htmlFor="settle-note">How it was settled</label>
        <input id="settle-note" autoComplete="off" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Gave back the excess in cash" />
      </div>
      {owed > 0 && (
        <div className="field">
          <label htmlFor="settle-refund">Money given back now, from this till</label>
          <input id="settle-refund" className="num" inputMode="decimal" autoComplete="off" placeholder="0.00" value={refund} onChange={(e) => setRefund(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button button-small" disabled={settle.isPending || note.trim() === ''}>
        Settled
      </button>
      {settle.isError && <ErrorBanner banner={bannerFor(settle.error, 'settle the order')} />}
    </form>
  );
}
