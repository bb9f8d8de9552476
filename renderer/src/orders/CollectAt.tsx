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

/** What two branches acting apart left on this order for a person: shown at the top of the order page. */
export function ToSettleNotice({ reasons }: { reasons: readonly ToSettleReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="to-settle">
      <strong>Needs a person to settle</strong>
      <ul>
        {reasons.map((r) => (
          <li key={r.kind}>{r.text}</li>
        ))}
      </ul>
    </div>
  );
}
